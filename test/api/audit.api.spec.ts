import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface Entry {
  position: number;
  stream: string;
  streamKind: string;
  type: string;
  time: string;
  userId: string | null;
  userName: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

describe('Audit API (issue #6: replay and tamper evidence)', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;
  let auditor: string;
  let author: string;
  let reader: string;
  let speachId: string;
  let createdAt: string;
  let renamedAt: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    // The real embedded store: the tamper test at the end edits its file.
    dir = mkdtempSync(join(tmpdir(), 'audit-api-'));
    t = await startTestApp({ eventStore: new SqliteEventStore(join(dir, 'events.sqlite'), { headKey: Buffer.from('test-audit-key') }) });
    [admin, auditor, author, reader] = (await fixtures(t).people('admin', 'auditor', 'author', 'learner')).map((p) => p.token);
    await fixtures(t).user('approver');

    t.clock.advance(60_000);
    const created = await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Forklift safety', language: 'en-US' }).expect(201);
    speachId = created.body.id;
    createdAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const chapter = await t.http
      .post(`/api/v2/recorder/speach/${speachId}/chapters`)
      .set(as(author))
      .send({ title: 'Introduction', parentId: null })
      .expect(201);
    await t.http
      .put(`/api/v2/recorder/speach/${speachId}/chapters/${chapter.body.chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Look around</p>' })
      .expect(200);
    t.clock.advance(60_000);
    await t.http.put(`/api/v2/recorder/speach/${speachId}/details`).set(as(admin)).send({ title: 'Forklift safety, 2nd edition' }).expect(200);
    renamedAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({}).expect(200); // the workflow is on: only an admin publishes directly
    // Seeding the demo on the real, fsync'd SQLite store takes most of jest's default 30 s on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('GET /api/v2/audit/speaches and /api/v2/audit/speach/{speachID}', () => {
    it('lets an auditor find any speach by title and read its heading', async () => {
      const found = await t.http.get('/api/v2/audit/speaches').query({ q: 'FORKLIFT 2nd' }).set(as(auditor)).expect(200);
      expect(found.body).toEqual({
        total: 1,
        result: [expect.objectContaining({ id: speachId, title: 'Forklift safety, 2nd edition', authorName: 'Bruno Garcia', published: true })],
      });
      // More speaches than a page holds.
      for (let i = 0; i < 3; i++) await fixtures(t).draft();
      const all = await t.http.get('/api/v2/audit/speaches').query({ size: 3 }).set(as(admin)).expect(200);
      expect(all.body.result).toHaveLength(3);
      expect(all.body.total).toBeGreaterThan(3);
      const summary = await t.http.get(`/api/v2/audit/speach/${speachId}`).set(as(auditor)).expect(200);
      expect(summary.body).toMatchObject({ id: speachId, title: 'Forklift safety, 2nd edition' });
      await t.http.get('/api/v2/audit/speach/nope').set(as(auditor)).expect(404);
    });
    it('answers 400 on a bad size, 403 to a plain user and an author', async () => {
      const bad = await t.http.get('/api/v2/audit/speaches').query({ size: 1000 }).set(as(auditor)).expect(400);
      expect(bad.body.errors[0].field).toBe('size');
      await t.http.get('/api/v2/audit/speaches').set(as(reader)).expect(403);
      await t.http.get(`/api/v2/audit/speach/${speachId}`).set(as(author)).expect(403);
    });
  });

  describe('GET /api/v2/audit/speach/{speachID}/events', () => {
    it('lists every event of the speach in log order, with who, when and the fields changed before/after', async () => {
      const response = await t.http.get(`/api/v2/audit/speach/${speachId}/events`).set(as(auditor)).expect(200);
      const entries = response.body.result as Entry[];
      expect(response.body).toMatchObject({ speachId, total: 5, page: 0 });
      expect(entries.map((e) => e.type)).toEqual(['SpeachCreated', 'ChapterAdded', 'ChapterContentSet', 'SpeachDetailsChanged', 'SpeachPublished']);
      const positions = entries.map((e) => e.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(entries[0]).toMatchObject({ stream: `speach-${speachId}`, streamKind: 'speach', time: createdAt, userName: 'Bruno Garcia' });
      expect(entries[0].changes).toEqual(
        expect.arrayContaining([
          { field: 'title', before: null, after: 'Forklift safety' },
          { field: 'status', before: 'none', after: 'active' },
        ]),
      );
      expect(entries[3]).toMatchObject({ userName: 'Alice Martin', time: renamedAt });
      expect(entries[3].changes).toEqual([{ field: 'title', before: 'Forklift safety', after: 'Forklift safety, 2nd edition' }]);
      expect(entries[4].changes).toEqual(
        expect.arrayContaining([
          { field: 'published', before: false, after: true },
          { field: 'publishedVersion', before: 0, after: 1 },
        ]),
      );
      const chapterId = entries[1].changes.find((c) => c.field === 'order')!.after as string[];
      expect(entries[2].changes).toEqual([
        { field: `chapters.${chapterId[0]}.content.type`, before: 'NONE', after: 'HTML' },
        { field: `chapters.${chapterId[0]}.content.html`, before: null, after: '<p>Look around</p>' },
      ]);
    });

    it('pages a long trail', async () => {
      const page = await t.http.get(`/api/v2/audit/speach/${speachId}/events`).query({ page: 1, size: 2 }).set(as(admin)).expect(200);
      expect(page.body).toMatchObject({ total: 5, page: 1, size: 2 });
      expect(page.body.result.map((e: Entry) => e.type)).toEqual(['ChapterContentSet', 'SpeachDetailsChanged']);
    });

    it('answers 400 naming the field on a bad page size, 404 for an unknown speach', async () => {
      const bad = await t.http.get(`/api/v2/audit/speach/${speachId}/events`).query({ size: 0 }).set(as(admin)).expect(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'size' })]);
      const unknown = await t.http.get(`/api/v2/audit/speach/${speachId}/events`).query({ colour: 'red' }).set(as(admin)).expect(400);
      expect(unknown.body.errors[0].field).toBe('colour');
      await t.http.get('/api/v2/audit/speach/nope/events').set(as(admin)).expect(404);
    });

    it('refuses a plain user and an author (FORMATEUR) with 403, and anonymous with 401', async () => {
      await t.http.get(`/api/v2/audit/speach/${speachId}/events`).set(as(reader)).expect(403);
      await t.http.get(`/api/v2/audit/speach/${speachId}/events`).set(as(author)).expect(403);
      await t.http.get(`/api/v2/audit/speach/${speachId}/events`).expect(401);
    });
  });

  describe('GET /api/v2/audit/speach/{speachID}/state', () => {
    it('answers the speach as of an instant, folded up to it', async () => {
      const before = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: createdAt }).set(as(auditor)).expect(200);
      expect(before.body).toMatchObject({
        speachId,
        at: createdAt,
        speach: { status: 'active', title: 'Forklift safety', published: false, order: [] },
        workflows: [],
        periodicReview: null,
      });
      expect(before.body.lastEvent).toMatchObject({ type: 'SpeachCreated' });

      const renamed = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: renamedAt }).set(as(auditor)).expect(200);
      expect(renamed.body.speach).toMatchObject({ title: 'Forklift safety, 2nd edition', published: false });
      expect(renamed.body.speach.order).toHaveLength(1);

      const now = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).set(as(admin)).expect(200);
      expect(now.body.speach).toMatchObject({ published: true, publishedVersion: 1 });
    });

    it('answers the state as of a log position', async () => {
      const trail = (await t.http.get(`/api/v2/audit/speach/${speachId}/events`).set(as(admin)).expect(200)).body.result as Entry[];
      const state = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ position: trail[1].position }).set(as(admin)).expect(200);
      expect(state.body).toMatchObject({ position: trail[1].position, lastEvent: { type: 'ChapterAdded', position: trail[1].position } });
      expect(state.body.speach.title).toBe('Forklift safety');
    });

    it('answers 404 before the speach existed, 400 on a malformed at or position', async () => {
      const early = new Date(Date.parse(createdAt) - 1000).toISOString();
      await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: early }).set(as(auditor)).expect(404);
      await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ position: 1 }).set(as(auditor)).expect(404);
      const at = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: 'yesterday' }).set(as(auditor)).expect(400);
      expect(at.body.errors).toEqual([{ field: 'at', reason: 'at must be an ISO 8601 date-time' }]);
      const month = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: '2026-13-45T00:00:00Z' }).set(as(auditor)).expect(400);
      expect(month.body.errors[0].field).toBe('at');
      const position = await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ position: '-3' }).set(as(auditor)).expect(400);
      expect(position.body.errors).toEqual([{ field: 'position', reason: 'position must be a non-negative integer' }]);
    });

    it('refuses a plain user and an author with 403', async () => {
      await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: renamedAt }).set(as(reader)).expect(403);
      await t.http.get(`/api/v2/audit/speach/${speachId}/state`).query({ at: renamedAt }).set(as(author)).expect(403);
    });
  });

  describe('exports', () => {
    it('exports the trail as RFC 4180 CSV with a BOM, one row per changed field', async () => {
      const response = await t.http
        .get(`/api/v2/audit/speach/${speachId}/events.csv`)
        .set(as(auditor))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
        });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-${speachId}.csv"`);
      const text = response.body as string;
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = parse(text.slice(1)) as string[][];
      expect(rows[0]).toEqual(['position', 'time', 'stream', 'type', 'userId', 'userName', 'field', 'before', 'after', 'signature']);
      const rename = rows.find((r) => r[3] === 'SpeachDetailsChanged');
      expect(rename?.slice(5)).toEqual(['Alice Martin', 'title', '"Forklift safety"', '"Forklift safety, 2nd edition"', '']);
      expect(text).toContain('\r\n');
    });

    it('exports the trail as JSON for download', async () => {
      const response = await t.http.get(`/api/v2/audit/speach/${speachId}/events.json`).set(as(admin)).expect(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-${speachId}.json"`);
      const body = JSON.parse(response.text);
      expect(body.total).toBe(5);
      expect(body.chain).toEqual(expect.objectContaining({ head: expect.any(Number), ok: true }));
      expect(body.result.map((e: Entry) => e.type)).toEqual(['SpeachCreated', 'ChapterAdded', 'ChapterContentSet', 'SpeachDetailsChanged', 'SpeachPublished']);
    });

    it('exports the trail as a PDF an inspector reads: the same columns, who, what, before/after, the chain head', async () => {
      const response = await t.http
        .get(`/api/v2/audit/speach/${speachId}/events.pdf`)
        .set(as(auditor))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-${speachId}.pdf"`);
      const file = join(mkdtempSync(join(tmpdir(), 'audit-')), 'audit.pdf');
      writeFileSync(file, response.body as Buffer);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Audit trail: Forklift safety, 2nd edition');
      expect(text).toMatch(/Chain head at export: position \d+/);
      expect(text).toMatch(/position\s+time\s+stream\s+type\s+userId\s+userName\s+field\s+before\s+after\s+signature/);
      expect(text).toContain('SpeachDetailsChanged');
      expect(text).toContain('Alice Martin');
      await t.http.get(`/api/v2/audit/speach/${speachId}/events.pdf`).set(as(author)).expect(403);
      await t.http.get('/api/v2/audit/speach/unknown/events.pdf').set(as(auditor)).expect(404);
    });

    it('refuses the exports to a plain user and an author', async () => {
      await t.http.get(`/api/v2/audit/speach/${speachId}/events.csv`).set(as(reader)).expect(403);
      await t.http.get(`/api/v2/audit/speach/${speachId}/events.json`).set(as(author)).expect(403);
    });
  });

  describe('a two-step workflow, rejected at step 2, resubmitted and validated', () => {
    it('is in the trail in order, and the state as of the rejection shows REJECTED at step 2', async () => {
      const me = async (token: string) => (await t.http.get('/api/auth/me').set(as(token)).expect(200)).body.id as string;
      const [adminId, approverId] = [await me(admin), await me(await t.login('approver@example.com'))];
      const approver = await t.login('approver@example.com');
      await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id: adminId, approver: true }) })
        .expect(200);

      t.clock.advance(60_000);
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Lockout tagout', language: 'en-US' }).expect(201)).body;
      await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Isolation', parentId: null }).expect(201);
      t.clock.advance(60_000);
      await t.http
        .post('/api/v2/workflow/submit')
        .set(as(author))
        .send({
          speachId: id,
          anonymous: true,
          approvers: [
            { id: approverId, role: 'Safety' },
            { id: adminId, role: 'Quality' },
          ],
        })
        .expect(200);
      t.clock.advance(60_000);
      await t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(approver)).send({}).expect(200);
      t.clock.advance(60_000);
      await t.http.post(`/api/v2/workflow/speach/${id}/reject`).set(as(admin)).send({ comment: 'Add the padlock step' }).expect(200);
      const rejectedAt = t.clock.now().toISOString();
      t.clock.advance(60_000);
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(author)).send({ description: 'Now with the padlock step' }).expect(200);
      await t.http.post(`/api/v2/workflow/speach/${id}/resubmit`).set(as(author)).send({}).expect(200);
      t.clock.advance(60_000);
      await t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(approver)).send({}).expect(200);
      t.clock.advance(60_000);
      await t.http
        .post(`/api/v2/workflow/speach/${id}/validate`)
        .set(as(admin))
        .send({ periodicReview: 'ON', frequency: 'TWO_YEARS', delay: 'IMMEDIATELY' })
        .expect(200);

      const trail = (await t.http.get(`/api/v2/audit/speach/${id}/events`).set(as(auditor)).expect(200)).body.result as Entry[];
      const decisions = trail.filter((e) => e.streamKind !== 'speach' || e.type === 'SpeachPublished');
      expect(decisions.map((e) => e.type)).toEqual([
        'WorkflowSubmitted',
        'WorkflowStepValidated',
        'WorkflowRejected',
        'WorkflowResubmitted',
        'WorkflowStepValidated',
        'WorkflowStepValidated',
        'WorkflowCompleted',
        'SpeachPublished',
        'PeriodicReviewScheduled',
      ]);
      const rejected = decisions[2];
      expect(rejected).toMatchObject({ streamKind: 'workflow', userName: 'Alice Martin', time: rejectedAt });
      expect(rejected.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'AWAITING_VALIDATION', after: 'REJECTED' }]));
      expect(rejected.changes.find((c) => c.field === 'rejection.comment')).toEqual({
        field: 'rejection.comment',
        before: null,
        after: 'Add the padlock step',
      });
      expect(decisions[1].changes).toEqual(expect.arrayContaining([{ field: 'currentStep', before: 1, after: 2 }]));
      expect(trail.findIndex((e) => e.type === 'SpeachDetailsChanged')).toBeGreaterThan(trail.indexOf(rejected));

      const asOfRejection = await t.http.get(`/api/v2/audit/speach/${id}/state`).query({ at: rejectedAt }).set(as(auditor)).expect(200);
      expect(asOfRejection.body.workflows).toHaveLength(1);
      expect(asOfRejection.body.workflows[0].state).toMatchObject({
        status: 'REJECTED',
        currentStep: 2,
        rejection: { step: 2, comment: 'Add the padlock step' },
      });
      expect(asOfRejection.body.speach).toMatchObject({ published: false, title: 'Lockout tagout' });
      expect(asOfRejection.body.periodicReview).toBeNull();

      const now = await t.http.get(`/api/v2/audit/speach/${id}/state`).set(as(auditor)).expect(200);
      expect(now.body.workflows[0].state).toMatchObject({ status: 'COMPLETED', validatedSteps: [1, 2] });
      expect(now.body.speach).toMatchObject({ published: true });
      expect(now.body.periodicReview).toMatchObject({ status: 'SCHEDULED', frequency: 'TWO_YEARS' });
    });
  });

  describe('GET /api/v2/audit/chain', () => {
    it('verifies the whole log, then only what was appended since', async () => {
      const head = await t.adapters.eventStore.headPosition();
      const first = await t.http.get('/api/v2/audit/chain').set(as(auditor)).expect(200);
      expect(first.body).toMatchObject({ ok: true, firstBroken: null });
      expect(first.body.verified).toBeGreaterThanOrEqual(head);
      await t.http.put(`/api/v2/recorder/speach/${speachId}/details`).set(as(author)).send({ tags: 'safety' }).expect(200);
      const second = await t.http.get('/api/v2/audit/chain').set(as(auditor)).expect(200);
      expect(second.body.verified).toBe(second.body.head);
      expect(second.body.lastVerifiedPosition).toBe(second.body.head);
    });

    it('answers 400 on a bad flag, 403 to a plain user and an author', async () => {
      await t.http.get('/api/v2/audit/chain').query({ full: 'yes' }).set(as(admin)).expect(400);
      await t.http.get('/api/v2/audit/chain').set(as(reader)).expect(403);
      await t.http.get('/api/v2/audit/chain').set(as(author)).expect(403);
    });

    it('reports the first broken link once a row of the SQLite file was tampered with', async () => {
      const trail = (await t.http.get(`/api/v2/audit/speach/${speachId}/events`).set(as(admin)).expect(200)).body.result as Entry[];
      const target = trail[3].position;
      const db = new Database(join(dir, 'events.sqlite'));
      db.prepare('UPDATE messages SET data = ? WHERE global_position = ?').run(JSON.stringify({ speachId, title: 'Nothing to see' }), target);
      db.close();
      const status = await t.http.get('/api/v2/audit/chain').query({ full: 'true' }).set(as(auditor)).expect(200);
      expect(status.body).toMatchObject({ ok: false, verified: target - 1, firstBroken: { position: target } });
      expect(status.body.firstBroken.expected).not.toBe(status.body.firstBroken.found);
    });
  });
});
