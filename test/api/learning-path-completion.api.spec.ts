import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../events';
import { CompletePathPolicy } from '../../backend/paths/policies/complete-path.policy';
import { IssueCertificatePolicy } from '../../backend/paths/policies/issue-certificate.policy';
import { RemindRecertificationPolicy } from '../../backend/paths/policies/remind-recertification.policy';
import { APP_CONFIG, type AppConfig } from '../../backend/config/app-config';
import { PROJECTION_RUNNER } from '../../backend/infrastructure/tokens';
import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { ReadStoreDeadLetters } from '../../backend/infrastructure/policies/dead-letter-store';
import type { Policy } from '../../backend/infrastructure/policies/policy';
import { PolicyRunner } from '../../backend/infrastructure/policies/policy-runner';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'certificate-')), 'certificate.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe("A learner's path: progress, completion, certificate (issue 18)", () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let outsider: string;
  let ids: Record<string, string>;
  let readerGroupId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const fields = (body: { errors?: { field: string }[] }) => [...new Set((body.errors ?? []).map((e) => e.field))];

  async function publishedSpeach(title: string, chapters: number) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterIds: string[] = [];
    for (let i = 0; i < chapters; i++) {
      const chapterId = (
        await t.http
          .post(`/api/v2/recorder/speach/${id}/chapters`)
          .set(as(author))
          .send({ title: `Part ${i + 1}`, parentId: null })
          .expect(201)
      ).body.chapterId as string;
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
        .set(as(author))
        .send({ type: 'HTML', html: `<p>${title} ${i}</p>` })
        .expect(200);
      chapterIds.push(chapterId);
    }
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id, chapterIds };
  }
  async function publishedPath(title: string, speachIds: string[], options: Record<string, unknown>, assign: (pathId: string) => Promise<void>) {
    const path = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title, ...options }) })
        .expect(200)
    ).body as { pathId: string };
    for (const id of speachIds) await t.http.put(`/api/v2/learningPath/${path.pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    await assign(path.pathId);
    await t.http.put(`/api/v2/learningPath/${path.pathId}/publish`).set(as(author)).expect(200);
    return path.pathId;
  }
  const read = (token: string, speachId: string, chapterId: string) =>
    t.http.post(`/api/v2/speach/${speachId}/chapters/${chapterId}/read`).set(as(token)).send({}).expect(200);
  const progress = (token: string, pathId: string) => t.http.get(`/api/v2/learningPath/${pathId}/progress`).set(as(token));
  const eventsOf = async (type: string, pathId: string) =>
    (await t.adapters.eventStore.readAll()).filter((e: RecordedEvent) => e.type === type && (e.data as { pathId: string }).pathId === pathId);

  async function replayFromZero(policy: Policy<never>): Promise<number> {
    const checkpoints = new MemoryCheckpointStore();
    await checkpoints.save({ name: `policy:${policy.name}`, position: 0, version: 1 });
    const replay = new PolicyRunner(t.adapters.eventStore, checkpoints, new ReadStoreDeadLetters(new MemoryReadStore()), t.clock, {
      retry: { attempts: 1, backoffMs: 0 },
    });
    await replay.register(policy);
    const before = await t.adapters.eventStore.headPosition();
    await replay.start();
    await replay.reach(before, 10_000);
    await replay.stop();
    expect(replay.status()[0].deadLetters).toEqual([]);
    return (await t.adapters.eventStore.headPosition()) - before;
  }

  let first: { id: string; chapterIds: string[] };
  let second: { id: string; chapterIds: string[] };
  let pathId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    const adminUser = await fx.admin();
    readerGroupId = await fx.group({ name: 'Site crew' });
    const authorUser = await fx.user('author');
    const readerUser = await fx.user('learner', { groupIds: [readerGroupId] });
    // A learner outside the reader's group: the path is not assigned to them.
    const outsiderUser = await fx.user('learner');
    [admin, author, reader, outsider] = [adminUser, authorUser, readerUser, outsiderUser].map((p) => p.token);
    ids = Object.fromEntries([adminUser, authorUser, readerUser].map((p) => [p.email, p.id]));
    first = await publishedSpeach('Safety basics', 2);
    second = await publishedSpeach('Fire drill', 1);
    pathId = await publishedPath('Site induction', [first.id, second.id], { sequential: true, recertificationMonths: 12 }, async (id) => {
      await t.http
        .put(`/api/v2/learningPath/${id}/changeGroup`)
        .query({ groupId: readerGroupId, add: true, dueDate: '2099-01-31' })
        .set(as(author))
        .expect(200);
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows the learner's page: ordered speaches, the second locked while the first is not completed, the due date, what to continue", async () => {
    const page = (await progress(reader, pathId).expect(200)).body;
    expect(page).toEqual(
      expect.objectContaining({
        pathId,
        title: 'Site induction',
        slug: 'site-induction',
        sequential: true,
        assigned: true,
        percent: 0,
        completed: false,
        dueDate: '2099-01-31T23:59:59.999Z',
        overdue: false,
        completion: null,
      }),
    );
    expect(page.items.map((i: { speachId: string; locked: boolean; percent: number }) => [i.speachId, i.locked, i.percent])).toEqual([
      [first.id, false, 0],
      [second.id, true, 0],
    ]);
    expect(page.next).toEqual(expect.objectContaining({ speachId: first.id }));
    await t.http.get(`/api/v2/learningPath/${pathId}/certificate`).set(as(reader)).expect(404);
    // Not assigned, not enrolled, not open: the path is unknown to them.
    await progress(outsider, pathId).expect(404);
    await progress(reader, 'unknown').expect(404);
  });

  it('moves with the chapters read; the last one completes the path once and issues one certificate', async () => {
    await read(reader, first.id, first.chapterIds[0]);
    let page = (await progress(reader, pathId).expect(200)).body;
    expect(page.items[0]).toEqual(expect.objectContaining({ percent: 50, completed: false }));
    expect(page.percent).toBe(25);
    await read(reader, first.id, first.chapterIds[1]);
    page = (await progress(reader, pathId).expect(200)).body;
    expect(page.items.map((i: { locked: boolean; completed: boolean }) => [i.completed, i.locked])).toEqual([
      [true, false],
      [false, false],
    ]);
    expect(page.next.speachId).toBe(second.id);
    expect(await eventsOf('PathCompleted', pathId)).toHaveLength(0);

    await read(reader, second.id, second.chapterIds[0]);
    page = (await progress(reader, pathId).expect(200)).body;
    expect(page).toEqual(expect.objectContaining({ percent: 100, completed: true, next: null }));
    expect(page.completion).toEqual(
      expect.objectContaining({ certificateCode: expect.stringMatching(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/), certificateReady: true }),
    );
    const [completed] = await eventsOf('PathCompleted', pathId);
    expect(completed.data).toEqual(
      expect.objectContaining({
        userId: ids['reader@example.com'],
        title: 'Site induction',
        speaches: [
          { speachId: first.id, title: 'Safety basics', version: 1 },
          { speachId: second.id, title: 'Fire drill', version: 1 },
        ],
      }),
    );
    // No personal data beyond the user id in the events.
    expect(JSON.stringify(completed.data)).not.toMatch(/David|Dupont|@example\.com/);

    // Reading again, and replaying both policies from position 0, completes nothing twice.
    await read(reader, second.id, second.chapterIds[0]);
    expect(await replayFromZero(t.app.get(CompletePathPolicy) as unknown as Policy<never>)).toBe(0);
    expect(await replayFromZero(t.app.get(IssueCertificatePolicy) as unknown as Policy<never>)).toBe(0);
    expect(await eventsOf('PathCompleted', pathId)).toHaveLength(1);
    expect(await eventsOf('PathCertificateIssued', pathId)).toHaveLength(1);
  });

  it('lets the learner download their certificate and anyone verify its code, with nothing more than name, path, date and validity', async () => {
    const page = (await progress(reader, pathId).expect(200)).body;
    const code = page.completion.certificateCode as string;
    const pdf = await t.http
      .get(`/api/v2/learningPath/${pathId}/certificate`)
      .set(as(reader))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body as Buffer);
    for (const expected of ['David Dupont', 'Site induction', 'Safety basics (version 1)', 'Fire drill (version 1)', code]) expect(text).toContain(expected);
    // The printed address is whole (PUBLIC_URL), so it can be typed in away from the app.
    const verificationUrl = `${t.app.get<AppConfig>(APP_CONFIG).mail.publicUrl}/api/v2/certificates/${code}`;
    expect(verificationUrl).toMatch(/^https?:\/\//);
    expect(text).toContain(verificationUrl);
    // Another learner has no certificate for this path.
    await t.http.get(`/api/v2/learningPath/${pathId}/certificate`).set(as(outsider)).expect(404);

    const verified = (await t.http.get(`/api/v2/certificates/${code}`).expect(200)).body;
    expect(verified).toEqual({
      code,
      name: 'David Dupont',
      path: 'Site induction',
      date: page.completion.completedAt,
      validUntil: page.completion.validUntil,
      valid: true,
    });
    expect(fields((await t.http.get('/api/v2/certificates/not-a-code').expect(400)).body)).toEqual(['code']);
    await t.http.get('/api/v2/certificates/0000-0000-0000-0000').expect(404);

    // Past the recertification period (12 months) the code still verifies, as no longer valid.
    const now = t.clock.now();
    t.clock.advance(400 * 24 * 3600 * 1000);
    expect((await t.http.get(`/api/v2/certificates/${code}`).expect(200)).body.valid).toBe(false);
    t.clock.set(now);
  });

  it('reminds the learner 30 days before the completion lapses, once, as "due date approaching"', async () => {
    const policy = t.app.get(RemindRecertificationPolicy);
    expect(await policy.tick()).toBe(0);
    const page = (await progress(reader, pathId).expect(200)).body;
    const now = t.clock.now();
    t.clock.set(new Date(Date.parse(page.completion.validUntil) - 29 * 86_400_000));
    try {
      expect(await policy.tick()).toBe(1);
      await t.app.get(PROJECTION_RUNNER).catchUp(10_000);
      expect(await policy.tick()).toBe(0);
    } finally {
      t.clock.set(now);
    }
    expect(await eventsOf('PathRecertificationDue', pathId)).toHaveLength(1);
    const notifications = t.adapters.readStore.collection<{ _id: string; userId: string; type: string; data: Record<string, unknown> }>('notifications');
    const told = await notifications.find({ type: 'DUE_DATE_APPROACHING', 'data.pathId': pathId });
    expect(told.map((n) => [n.userId, n.data.dueDate])).toEqual([[ids['reader@example.com'], page.completion.validUntil]]);
  });

  it('lists a speach unpublished since as unavailable and does not require it; an archived one leaves the path', async () => {
    const kept = await publishedSpeach('Kept', 1);
    const withdrawn = await publishedSpeach('Withdrawn', 1);
    const archived = await publishedSpeach('Archived', 1);
    const id = await publishedPath('Changing content', [withdrawn.id, kept.id, archived.id], { sequential: true }, async (path) => {
      await t.http.put(`/api/v2/learningPath/${path}/changeUser`).query({ userId: ids['reader@example.com'], add: true }).set(as(author)).expect(200);
    });
    await t.http.post(`/api/v2/recorder/speach/${withdrawn.id}/unpublish`).set(as(admin)).send({}).expect(200);
    await t.http
      .delete('/user/speach/delete')
      .query({ id: archived.id })
      .set(as(admin))
      .expect((res) => expect(res.status).toBeLessThan(300));
    const before = (await progress(reader, id).expect(200)).body;
    expect(before.items.map((i: { speachId: string; live: boolean; locked: boolean }) => [i.speachId, i.live, i.locked])).toEqual([
      [withdrawn.id, false, false],
      [kept.id, true, false],
    ]);
    expect(before.next.speachId).toBe(kept.id);
    await read(reader, kept.id, kept.chapterIds[0]);
    const after = (await progress(reader, id).expect(200)).body;
    expect(after).toEqual(expect.objectContaining({ completed: true, percent: 100, completion: expect.objectContaining({ certificateReady: true }) }));
  });

  it("lists the learner's assigned paths with their progress", async () => {
    const mine = (await t.http.get('/api/v2/my/learningPaths').set(as(reader)).expect(200)).body;
    // The reminder above re-assigned the reader for recertification: the path is to be read again, due when the completion lapses.
    const validUntil = (await progress(reader, pathId).expect(200)).body.completion.validUntil;
    expect(mine.result.find((p: { pathId: string }) => p.pathId === pathId)).toEqual(
      expect.objectContaining({ title: 'Site induction', percent: 0, completed: false, dueDate: validUntil, speachCount: 2 }),
    );
    expect((await t.http.get('/api/v2/my/learningPaths').set(as(outsider)).expect(200)).body.result.map((p: { pathId: string }) => p.pathId)).not.toContain(
      pathId,
    );
    expect(fields((await t.http.get('/api/v2/my/learningPaths').query({ page: -1 }).set(as(reader)).expect(400)).body)).toEqual(['page']);
  });

  it('lets anyone enrol in an open published path, never in a closed one', async () => {
    const open = await publishedPath('Open to all', [second.id], { openForSelfEnrolment: true }, async () => undefined);
    const before = (await progress(outsider, open).expect(200)).body;
    expect(before).toEqual(expect.objectContaining({ enrolled: false, canEnrol: true }));
    const enrolled = (await t.http.put(`/api/v2/learningPath/${open}/enrol`).set(as(outsider)).expect(200)).body;
    expect(enrolled).toEqual(expect.objectContaining({ enrolled: true, canEnrol: false }));
    expect((await t.http.get('/api/v2/my/learningPaths').set(as(outsider)).expect(200)).body.result.map((p: { pathId: string }) => p.pathId)).toContain(open);
    await t.http.put(`/api/v2/learningPath/${pathId}/enrol`).set(as(outsider)).expect(403);
    await t.http.put('/api/v2/learningPath/unknown/enrol').set(as(outsider)).expect(404);
    // The reader had already read the only speach: enrolling completes the path at once.
    await t.http.put(`/api/v2/learningPath/${open}/enrol`).set(as(reader)).expect(200);
    expect((await progress(reader, open).expect(200)).body.completion).toEqual(expect.objectContaining({ certificateReady: true }));
  });

  it('gives administrators the list of paths with filters, paging and sort', async () => {
    const list = (await t.http.get('/api/v2/admin/learningPath').query({ title: 'induction', state: 'PUBLIE' }).set(as(admin)).expect(200)).body;
    expect(list.total).toBe(1);
    expect(list.result[0]).toEqual(
      expect.objectContaining({ pathId, title: 'Site induction', state: 'PUBLIE', speachCount: 2, user: expect.objectContaining({ firstName: 'Bruno' }) }),
    );
    const byOwner = (
      await t.http.get('/api/v2/admin/learningPath').query({ owner: 'garcia', sort: 'TITLE', asc: true }).set(as(admin)).expect(200)
    ).body.result.map((p: { title: string }) => p.title);
    expect(byOwner).toEqual(expect.arrayContaining(['Open to all', 'Site induction']));
    expect(byOwner).toEqual([...byOwner].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await t.http.get('/api/v2/admin/learningPath').query({ owner: 'dupont' }).set(as(admin)).expect(200)).body.total).toBe(0);
    expect((await t.http.get('/api/v2/admin/learningPath').query({ state: 'ARCHIVE' }).set(as(admin)).expect(200)).body.total).toBe(0);
    expect((await t.http.get('/api/v2/admin/learningPath').query({ size: 1 }).set(as(admin)).expect(200)).body.result).toHaveLength(1);
    expect(fields((await t.http.get('/api/v2/admin/learningPath').query({ state: 'GONE' }).set(as(admin)).expect(400)).body)).toEqual(['state']);
    await t.http.get('/api/v2/admin/learningPath').set(as(author)).expect(403);
  });
});
