import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { EXPORT_PAGE_SIZE, ExportJobs } from '../../backend/exports/export-jobs.service';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('CSV exports', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let jobs: ExportJobs;
  let dataDir: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'exports-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    const fx = fixtures(t);
    const [adminUser, author, learner] = await fx.people('admin', 'author', 'learner');
    [admin, reader] = [adminUser.token, learner.token];
    // The speaches template needs rows of its own: one published speach and one draft.
    await fx.published(author);
    await fx.draft(author);
    jobs = t.app.get(ExportJobs);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function exportAndWait(templateNames: string[]) {
    const launched = await t.http.post('/administration/launchMultipleExportCsv').set(as(admin)).send({ dataType: 'json', templateNames }).expect(202);
    expect(launched.body).toMatchObject({ status: 'RUNNING', templateNames });
    await jobs.settled(launched.body.id);
    const job = await t.http.get(`/administration/exports/${launched.body.id}`).set(as(admin)).expect(200);
    expect(job.body.status).toBe('DONE');
    return job.body as { id: string; files: { templateName: string; rows: number; url: string }[]; progress: { percent: number } };
  }

  async function download(url: string) {
    const res = await t.http
      .get(url)
      .set(as(admin))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    return res.body as Buffer;
  }

  describe('GET /administration/listCsvTemplates', () => {
    it('lists the templates with their labels in four languages', async () => {
      const res = await t.http.get('/administration/listCsvTemplates').query({ dataType: 'json', superAdminAccess: true }).set(as(admin)).expect(200);
      expect(res.body.map((tpl: { templateName: string }) => tpl.templateName)).toEqual([
        'users',
        'speaches',
        'reads',
        'quizResults',
        'workflowHistory',
        'pathProgress',
      ]);
      expect(res.body[0]).toEqual({ templateName: 'users', labelEn: 'Users', labelFr: 'Utilisateurs', labelEs: 'Usuarios', labelDe: 'Benutzer' });
    });

    it('answers 400 on a bad parameter, 403 to a non-admin, 401 anonymously', async () => {
      const bad = await t.http.get('/administration/listCsvTemplates').query({ dataType: 'xml' }).set(as(admin)).expect(400);
      expect(bad.body.errors[0].field).toBe('dataType');
      await t.http.get('/administration/listCsvTemplates').query({ superAdminAccess: 'maybe' }).set(as(admin)).expect(400);
      await t.http.get('/administration/listCsvTemplates').set(as(reader)).expect(403);
      await t.http.get('/administration/listCsvTemplates').expect(401);
    });
  });

  describe('POST /administration/launchMultipleExportCsv', () => {
    it('exports the users as RFC 4180 CSV with a BOM that a parser reads back', async () => {
      const job = await exportAndWait(['users']);
      const userCount = await t.adapters.readStore.collection('users').count({});
      expect(job.files).toEqual([expect.objectContaining({ templateName: 'users', rows: userCount })]);
      expect(job.progress.percent).toBe(100);
      const bytes = await download(job.files[0].url);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const records = parse(bytes, { bom: true }) as string[][];
      expect(records[0]).toEqual(['userID', 'email', 'firstName', 'lastName', 'roles', 'groups', 'active', 'createdAt', 'lastActiveDate']);
      expect(records).toHaveLength(userCount + 1);
      expect(records.some((r) => r[1] === 'admin@example.com' && r[4].includes('ADMIN'))).toBe(true);
      expect(bytes.toString('utf8')).toContain('\r\n');
    });

    it('writes one file per template for several templates, and records the job as events', async () => {
      const job = await exportAndWait(['speaches', 'reads', 'quizResults', 'workflowHistory']);
      expect(job.files.map((f) => f.templateName)).toEqual(['speaches', 'reads', 'quizResults', 'workflowHistory']);
      const speaches = parse(await download(job.files[0].url), { bom: true, columns: true }) as Record<string, string>[];
      expect(speaches.length).toBe(await t.adapters.readStore.collection('speaches').count({ isTemplate: false }));
      expect(Object.keys(speaches[0])).toContain('title');
      for (const file of job.files.slice(1)) {
        const rows = parse(await download(file.url), { bom: true }) as string[][];
        expect(rows.length).toBe(file.rows + 1);
      }
      const events = await t.adapters.eventStore.readStream(`csv-export-${job.id}`);
      expect(events.map((e) => e.type)).toEqual(['CsvExportRequested', 'CsvExportCompleted']);
      const recent = await t.http.get('/administration/exports').set(as(admin)).expect(200);
      expect(recent.body[0].id).toBe(job.id);
    });

    it("pins each reader's row to the versions read and the latest completion's version and hash (issue 23)", async () => {
      const made = await fixtures(t).published(undefined, { title: 'Pinned reading', chapters: ['One', 'Two'] });
      for (const chapterId of made.chapters) await t.http.post(`/api/v2/speach/${made.id}/chapters/${chapterId}/read`).set(as(reader)).expect(200);
      const job = await exportAndWait(['reads']);
      const rows = parse(await download(job.files[0].url), { bom: true, columns: true }) as Record<string, string>[];
      expect(rows.find((r) => r.speachID === made.id)).toEqual(
        expect.objectContaining({ chaptersRead: '2', versionsRead: '1', completedVersion: '1', contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }),
      );
    });

    it('quotes fields with separators, quotes and line breaks', async () => {
      await t.adapters.readStore.collection('users').replace({
        _id: 'zzzz-quoted',
        email: 'q@example.com',
        firstName: 'Ann, "the" first',
        lastName: 'Line\nbreak',
        img: null,
        roles: [],
        active: true,
        mustChangePassword: false,
        groupIds: [],
        customFieldValues: {},
        acceptedTerms: { GCU: 0, PDP: 0 },
        dismissedGetStarted: [],
        createdAt: '2026-01-01T00:00:00.000Z',
        lastActiveAt: null,
      });
      const job = await exportAndWait(['users']);
      const text = (await download(job.files[0].url)).toString('utf8');
      expect(text).toContain('"Ann, ""the"" first","Line\nbreak"');
      const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
      expect(records.find((r) => r.userID === 'zzzz-quoted')).toMatchObject({ firstName: 'Ann, "the" first', lastName: 'Line\nbreak' });
      await t.adapters.readStore.collection('users').deleteById('zzzz-quoted');
    });

    it('streams a large export page by page (20 000 users)', async () => {
      const users = t.adapters.readStore.collection('users');
      const many = Array.from({ length: 20_000 }, (_, i) => ({
        kind: 'replace' as const,
        doc: {
          _id: `bulk-${String(i).padStart(6, '0')}`,
          email: `bulk${i}@example.com`,
          firstName: 'Bulk',
          lastName: `User ${i}`,
          img: null,
          roles: [],
          active: true,
          mustChangePassword: false,
          groupIds: [],
          customFieldValues: {},
          acceptedTerms: { GCU: 0, PDP: 0 },
          dismissedGetStarted: [],
          createdAt: '2026-01-01T00:00:00.000Z',
          lastActiveAt: null,
        },
      }));
      await users.bulkWrite(many);
      const total = await users.count({});
      const launched = await t.http
        .post('/administration/launchMultipleExportCsv')
        .set(as(admin))
        .send({ dataType: 'json', templateNames: ['users'] })
        .expect(202);
      const id = launched.body.id as string;
      let sawProgress = false;
      for (let i = 0; i < 200; i++) {
        const status = await t.http.get(`/administration/exports/${id}`).set(as(admin)).expect(200);
        if (status.body.status !== 'RUNNING') break;
        expect(status.body.progress.total).toBeGreaterThanOrEqual(0);
        if (status.body.progress.done > 0 && status.body.progress.done < total) sawProgress = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await jobs.settled(id);
      const job = (await t.http.get(`/administration/exports/${id}`).set(as(admin)).expect(200)).body;
      expect(job.files[0].rows).toBe(total);
      const records = parse(readFileSync(join(dataDir, 'exports', id, 'users.csv')), { bom: true }) as string[][];
      expect(records).toHaveLength(total + 1);
      expect(sawProgress).toBe(true);
      // Never more than one page of source documents in memory: the job read ceil(total / page) pages of at most a page each.
      expect(job.progress).toMatchObject({ done: total, total, percent: 100, pagesRead: Math.ceil(total / EXPORT_PAGE_SIZE), largestPage: EXPORT_PAGE_SIZE });
    }, 120_000);

    it('answers 400 for unknown or missing templates and writes nothing', async () => {
      const before = await t.adapters.readStore.collection('csv_exports').count({});
      const unknown = await t.http
        .post('/administration/launchMultipleExportCsv')
        .set(as(admin))
        .send({ dataType: 'json', templateNames: ['users', 'secrets'] })
        .expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'templateNames', reason: 'unknown template secrets' }]);
      const empty = await t.http.post('/administration/launchMultipleExportCsv').set(as(admin)).send({ templateNames: [] }).expect(400);
      expect(empty.body.errors[0].field).toBe('templateNames');
      const missing = await t.http.post('/administration/launchMultipleExportCsv').set(as(admin)).send({ dataType: 'json' }).expect(400);
      expect(missing.body.errors[0].field).toBe('templateNames');
      expect(await t.adapters.readStore.collection('csv_exports').count({})).toBe(before);
    });

    it('answers 403 to a non-admin and 401 anonymously', async () => {
      await t.http
        .post('/administration/launchMultipleExportCsv')
        .set(as(reader))
        .send({ templateNames: ['users'] })
        .expect(403);
      await t.http
        .post('/administration/launchMultipleExportCsv')
        .send({ templateNames: ['users'] })
        .expect(401);
    });
  });

  describe('job status and download', () => {
    it('answers 404 for an unknown job or file, 403 to a non-admin', async () => {
      await t.http.get('/administration/exports/unknown').set(as(admin)).expect(404);
      const job = await exportAndWait(['users']);
      await t.http.get(`/administration/exports/${job.id}/files/speaches`).set(as(admin)).expect(404);
      await t.http.get(`/administration/exports/${job.id}`).set(as(reader)).expect(403);
      await t.http.get(job.files[0].url).set(as(reader)).expect(403);
      await t.http.get(job.files[0].url).expect(401);
    });
  });
});
