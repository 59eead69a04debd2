import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../events';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'qualification-')), 'q.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const binary = (response: import('superagent').Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (c: Buffer) => chunks.push(c));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('Regulated training: version-pinned completions, impact assessment, qualification at a date (issue 23 items 4-5)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let auditor: string;
  let readerId: string;
  let speachId: string;
  let chapterIds: string[];
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const fields = (body: { errors?: { field: string }[] }) => [...new Set((body.errors ?? []).map((e) => e.field))];
  const read = (speach: string, chapterId: string) => t.http.post(`/api/v2/speach/${speach}/chapters/${chapterId}/read`).set(as(reader)).send({}).expect(200);
  const qualification = (query: Record<string, string>, token = auditor) => t.http.get('/api/v2/gxp/qualification').query(query).set(as(token));
  const eventsOf = async (type: string) => (await t.adapters.eventStore.readAll()).filter((e: RecordedEvent) => e.type === type);
  let start: Date;
  const day = (n: number) => new Date(start.getTime() + n * 24 * 3600 * 1000);
  let people: Person[];
  const logins = () => Promise.all(people.map((p) => t.login(p.email)));
  /** Moves the clock; sessions idle that long have ended, so everyone logs in again. */
  async function travel(n: number) {
    t.clock.set(day(n));
    [admin, author, reader, auditor] = await logins();
  }

  beforeAll(async () => {
    t = await startTestApp();
    start = t.clock.now();
    people = await fixtures(t).people('admin', 'author', 'learner', 'auditor');
    [admin, author, reader, auditor] = await logins();
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    speachId = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'SOP-042 Cleanroom gowning', language: 'en-US' }).expect(201)).body
      .id;
    chapterIds = [];
    for (const title of ['Before entry', 'Gowning order']) {
      const chapterId = (await t.http.post(`/api/v2/recorder/speach/${speachId}/chapters`).set(as(author)).send({ title, parentId: null }).expect(201)).body
        .chapterId as string;
      await t.http
        .put(`/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`)
        .set(as(author))
        .send({ type: 'HTML', html: `<p>${title}</p>` })
        .expect(200);
      chapterIds.push(chapterId);
    }
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({}).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pins every chapter read to the version and content hash the learner saw', async () => {
    await travel(1);
    for (const c of chapterIds) await read(speachId, c);
    const reads = (await eventsOf('ChapterRead')).filter((e) => (e.data as { speachId: string }).speachId === speachId);
    expect(reads).toHaveLength(2);
    for (const e of reads) expect(e.data).toEqual(expect.objectContaining({ version: 1, contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }));
    expect(reads[0].schemaVersion).toBe(2);
  });

  it('answers who was qualified on the speach at a date, on which version, for an auditor', async () => {
    const body = (await qualification({ speachId, at: day(2).toISOString() }).expect(200)).body;
    expect(body).toEqual(expect.objectContaining({ speachId, title: 'SOP-042 Cleanroom gowning', versionInForce: 1, notQualified: [] }));
    expect(body.qualified).toEqual([
      expect.objectContaining({ userId: readerId, version: 1, status: 'QUALIFIED', pinned: true, contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }),
    ]);
    // Before the training, nobody.
    expect((await qualification({ speachId, at: start.toISOString() }).expect(200)).body.qualified).toEqual([]);
    const user = (
      await t.http
        .get(`/api/v2/gxp/qualification/user/${readerId}`)
        .query({ at: day(2).toISOString() })
        .set(as(admin))
        .expect(200)
    ).body;
    expect(user.speaches).toEqual([expect.objectContaining({ speachId, version: 1, status: 'QUALIFIED' })]);
  });

  it('opens an impact assessment when a version is published as a material change, listing the learners trained before', async () => {
    await travel(10);
    const added = (await t.http.post(`/api/v2/recorder/speach/${speachId}/chapters`).set(as(author)).send({ title: 'New airlock', parentId: null }).expect(201))
      .body.chapterId as string;
    await t.http
      .put(`/api/v2/recorder/speach/${speachId}/chapters/${added}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Airlock</p>' })
      .expect(200);
    chapterIds.push(added);
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({ materialChange: 'yes' }).expect(400);
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({ materialChange: true }).expect(200);
    const impact = (await t.http.get(`/api/v2/gxp/impact/${speachId}`).set(as(auditor)).expect(200)).body;
    expect(impact.assessments).toEqual([
      expect.objectContaining({ _id: `${speachId}-v2`, version: 2, status: 'OPEN', learners: [expect.objectContaining({ userId: readerId, version: 1 })] }),
    ]);
    // From then on the learner's version 1 training no longer qualifies them; the past stays as it was.
    expect((await qualification({ speachId, at: day(11).toISOString() }).expect(200)).body.notQualified).toEqual([
      expect.objectContaining({ userId: readerId, version: 1, status: 'SUPERSEDED', requiredVersion: 2 }),
    ]);
    expect((await qualification({ speachId, at: day(2).toISOString() }).expect(200)).body.qualified).toHaveLength(1);
  });

  it('on confirmation re-assigns the learners with the due date and notifies them, once', async () => {
    const due = day(40).toISOString().slice(0, 10);
    const confirm = (token: string, body: unknown, assessment = `${speachId}-v2`) =>
      t.http
        .post(`/api/v2/gxp/impact/${speachId}/${assessment}/confirm`)
        .set(as(token))
        .send(body as object);
    expect(fields((await confirm(admin, {}).expect(400)).body)).toContain('dueDate');
    expect(fields((await confirm(admin, { dueDate: '2001-01-01' }).expect(400)).body)).toContain('dueDate');
    await confirm(auditor, { dueDate: due }).expect(403);
    await confirm(reader, { dueDate: due }).expect(403);
    await confirm(admin, { dueDate: due }, `${speachId}-v9`).expect(404);
    const body = (await confirm(admin, { dueDate: due }).expect(200)).body;
    expect(body.assessments[0]).toEqual(expect.objectContaining({ status: 'CONFIRMED', dueDate: `${due}T23:59:59.999Z` }));
    await confirm(admin, { dueDate: due }).expect(409);
    const assigned = await eventsOf('RetrainingAssigned');
    expect(assigned.map((e) => e.data)).toEqual([{ speachId, userId: readerId, version: 2, dueDate: `${due}T23:59:59.999Z`, assessmentId: `${speachId}-v2` }]);
    const notifications = (await t.http.get('/api/v2/notifications').query({ dataType: 'json' }).set(as(reader)).expect(200)).body as {
      typeNotification: string;
      data: Record<string, unknown>;
    }[];
    expect(notifications).toContainEqual(
      expect.objectContaining({ typeNotification: 'NEW_ASSIGNMENT', data: expect.objectContaining({ retraining: true, version: 2 }) }),
    );
    // Re-assigned: the speach is on the learner's "assigned" list until they complete version 2.
    const assignedList = (await t.http.get('/api/v2/home/slider/assigned').set(as(reader)).expect(200)).body as { result: { id: string }[] };
    expect(assignedList.result.map((c) => c.id)).toContain(speachId);
    // Within the grace period the learner is still qualified on version 1, with the due date shown.
    expect((await qualification({ speachId, at: day(12).toISOString() }).expect(200)).body.qualified).toEqual([
      expect.objectContaining({ userId: readerId, version: 1, status: 'RETRAINING_DUE', dueDate: `${due}T23:59:59.999Z` }),
    ]);
  });

  it('qualifies the learner on version 2 once they read every chapter of it again', async () => {
    await travel(13);
    for (const c of chapterIds) await read(speachId, c);
    const body = (await qualification({ speachId, at: day(14).toISOString() }).expect(200)).body;
    expect(body.versionInForce).toBe(2);
    expect(body.qualified).toEqual([expect.objectContaining({ userId: readerId, version: 2, status: 'QUALIFIED' })]);
    // Retrained: no longer owed, so off the "assigned" list (the speach itself assigns nobody).
    const assignedList = (await t.http.get('/api/v2/home/slider/assigned').set(as(reader)).expect(200)).body as { result: { id: string }[] };
    expect(assignedList.result.map((c) => c.id)).not.toContain(speachId);
  });

  it('exports the same rows as CSV and PDF', async () => {
    const csv = await qualification({ speachId, at: day(14).toISOString(), format: 'csv' }).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="qualification-.*\.csv"/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('userId,name,email,speachId,title,version,completedAt,contentHash,versionPinned,status,requiredVersion,dueDate,signedAt');
    expect(lines.slice(1)).toEqual([expect.stringContaining(`${readerId},`)]);
    expect(lines[1]).toContain(',2,');
    const pdf = await qualification({ speachId, at: day(14).toISOString(), format: 'pdf' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('SOP-042 Cleanroom gowning');
    expect(text).toMatch(/David Dupont\s+reader@example\.com/);
    expect(text).toMatch(/QUALIFIED/);
    // The hash prefix on paper matches the recorded one.
    const hash = lines[1].match(/sha256:[0-9a-f]{64}/)![0];
    expect(text).toContain(hash.slice(0, 23));
  });

  it('refuses bad input naming the field, other roles, and unknown ids', async () => {
    expect(fields((await qualification({}).expect(400)).body)).toEqual(['speachId']);
    expect(fields((await qualification({ speachId, pathId: 'p' }).expect(400)).body)).toEqual(['speachId']);
    expect(fields((await qualification({ speachId, at: 'yesterday' }).expect(400)).body)).toEqual(['at']);
    expect(fields((await qualification({ speachId, format: 'xls' }).expect(400)).body)).toEqual(['format']);
    expect(fields((await t.http.get(`/api/v2/gxp/qualification/user/${readerId}`).query({ at: '2026-13-45' }).set(as(auditor)).expect(400)).body)).toEqual([
      'at',
    ]);
    await qualification({ speachId }, reader).expect(403);
    await qualification({ speachId }, author).expect(403);
    await t.http.get(`/api/v2/gxp/qualification/user/${readerId}`).set(as(reader)).expect(403);
    await t.http.get(`/api/v2/gxp/impact/${speachId}`).set(as(author)).expect(403);
    await qualification({ speachId: 'unknown' }).expect(404);
    await qualification({ pathId: 'unknown' }).expect(404);
    await t.http.get('/api/v2/gxp/qualification/user/unknown').set(as(auditor)).expect(404);
    await t.http.get('/api/v2/gxp/impact/unknown').set(as(auditor)).expect(404);
  });
});
