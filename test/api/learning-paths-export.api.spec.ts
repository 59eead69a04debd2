import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { ExportJobs } from '../../backend/exports/export-jobs.service';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** The `pathProgress` CSV template (issue 18): one row per learner × path. */
describe('CSV export: learning path progress', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let enrolee: string;
  let ids: Record<string, string>;
  let dataDir: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function publishedSpeach(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterIds: string[] = [];
    for (const part of ['Part 1', 'Part 2']) {
      const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: part, parentId: null }).expect(201)).body
        .chapterId as string;
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
        .set(as(author))
        .send({ type: 'HTML', html: `<p>${title}</p>` })
        .expect(200);
      chapterIds.push(chapterId);
    }
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id, chapterIds };
  }
  async function publishedPath(title: string, speachIds: string[], options: Record<string, unknown> = {}) {
    const { pathId } = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title, ...options }) })
        .expect(200)
    ).body as { pathId: string };
    for (const id of speachIds) await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    return pathId;
  }
  const read = (token: string, speachId: string, chapterId: string) =>
    t.http.post(`/api/v2/speach/${speachId}/chapters/${chapterId}/read`).set(as(token)).send({}).expect(200);

  async function exportRows(): Promise<Record<string, string>[]> {
    const jobs = t.app.get(ExportJobs);
    const launched = await t.http
      .post('/administration/launchMultipleExportCsv')
      .set(as(admin))
      .send({ dataType: 'json', templateNames: ['pathProgress'] })
      .expect(202);
    await jobs.settled(launched.body.id);
    const job = (await t.http.get(`/administration/exports/${launched.body.id}`).set(as(admin)).expect(200)).body as {
      status: string;
      files: { url: string; rows: number }[];
    };
    expect(job.status).toBe('DONE');
    const res = await t.http
      .get(job.files[0].url)
      .set(as(admin))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const rows = parse(res.body as Buffer, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(job.files[0].rows);
    return rows;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'path-exports-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    const fx = fixtures(t);
    // The reader and a team mate share a group; the enrolee is in none.
    const groupId = await fx.group({ name: 'Line 1' });
    const [adminPerson, authorPerson] = await fx.people('admin', 'author');
    const readerPerson = await fx.user('learner', { groupIds: [groupId] });
    const mate = await fx.user('learner', { groupIds: [groupId] });
    const enrolled = await fx.user('learner', { firstName: 'Lucas', lastName: 'Weber' });
    [admin, author, reader, enrolee] = [adminPerson.token, authorPerson.token, readerPerson.token, enrolled.token];
    ids = Object.fromEntries([readerPerson, mate].map((p) => [p.email, p.id]));
    ids['lucas.weber1@example.com'] = enrolled.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the template with its labels', async () => {
    const templates = (await t.http.get('/administration/listCsvTemplates').set(as(admin)).expect(200)).body as { templateName: string }[];
    expect(templates).toContainEqual({
      templateName: 'pathProgress',
      labelEn: 'Learning path progress',
      labelFr: 'Progression des parcours',
      labelEs: 'Progreso de los itinerarios',
      labelDe: 'Lernpfad-Fortschritt',
    });
  });

  it('writes one row per learner × path: assigned by name or group, or enrolled, with progress, completion and due date', async () => {
    const one = await publishedSpeach('Export one');
    const two = await publishedSpeach('Export two');
    const assignedPath = await publishedPath('Export track', [one.id, two.id]);
    const readerDoc = await t.adapters.readStore.collection<{ _id: string; groupIds: string[] }>('users').findById(ids['reader@example.com']);
    const groupId = readerDoc!.groupIds[0];
    await t.http.put(`/api/v2/learningPath/${assignedPath}/changeGroup`).query({ groupId, add: true, dueDate: '2099-03-31' }).set(as(author)).expect(200);
    await t.http
      .put(`/api/v2/learningPath/${assignedPath}/changeUser`)
      .query({ userId: ids['reader@example.com'], add: true, dueDate: '2099-01-31' })
      .set(as(author))
      .expect(200);
    await t.http.put(`/api/v2/learningPath/${assignedPath}/publish`).set(as(author)).expect(200);
    const openPath = await publishedPath('Open track', [two.id], { openForSelfEnrolment: true });
    await t.http.put(`/api/v2/learningPath/${openPath}/publish`).set(as(author)).expect(200);
    const draftPath = await publishedPath('Draft track', [one.id]);
    await t.http.put(`/api/v2/learningPath/${draftPath}/changeUser`).query({ userId: ids['reader@example.com'], add: true }).set(as(author)).expect(200);

    for (const s of [one, two]) for (const chapterId of s.chapterIds) await read(reader, s.id, chapterId);
    await t.http.put(`/api/v2/learningPath/${openPath}/enrol`).set(as(enrolee)).expect(200);
    await read(enrolee, two.id, two.chapterIds[0]);
    const completion = (await t.http.get(`/api/v2/learningPath/${assignedPath}/progress`).set(as(reader)).expect(200)).body.completion as {
      completedAt: string;
      certificateCode: string;
      validUntil: string | null;
    };

    const rows = await exportRows();
    const members = await t.adapters.readStore.collection('users').count({ groupIds: groupId });
    const assignedRows = rows.filter((r) => r.pathID === assignedPath);
    // The group's members plus the reader named on their own (who is also a member: one row, not two).
    expect(assignedRows).toHaveLength(members);
    expect(new Set(assignedRows.map((r) => r.userID)).size).toBe(members);
    expect(assignedRows.find((r) => r.userID === ids['reader@example.com'])).toEqual({
      pathID: assignedPath,
      pathTitle: 'Export track',
      userID: ids['reader@example.com'],
      email: 'reader@example.com',
      learner: 'David Dupont',
      assignment: 'ASSIGNED',
      percent: '100',
      completed: 'true',
      completedAt: completion.completedAt,
      validUntil: '',
      certificateCode: completion.certificateCode,
      dueDate: '2099-01-31T23:59:59.999Z',
    });
    const other = assignedRows.find((r) => r.userID !== ids['reader@example.com'])!;
    expect(other).toEqual(
      expect.objectContaining({
        assignment: 'ASSIGNED',
        percent: '0',
        completed: 'false',
        completedAt: '',
        certificateCode: '',
        dueDate: '2099-03-31T23:59:59.999Z',
      }),
    );

    expect(rows.filter((r) => r.pathID === openPath)).toEqual([
      expect.objectContaining({
        userID: ids['lucas.weber1@example.com'],
        pathTitle: 'Open track',
        assignment: 'ENROLLED',
        percent: '50',
        completed: 'false',
        dueDate: '',
      }),
    ]);
    // A path never published concerns no learner yet.
    expect(rows.filter((r) => r.pathID === draftPath)).toEqual([]);
  });
});
