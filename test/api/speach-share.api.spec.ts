import type { RecordedEvent } from '../../events';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 19: copying a speach's reading link records the share; the author is told "speach shared". */
describe('Speach share API (issue 19)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let approver: string;
  let authorId: string;
  let speachId: string;
  let chapterId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const share = (token: string, id: string, body: Record<string, unknown> = {}) => t.http.post(`/api/v2/speach/${id}/share`).set(as(token)).send(body);
  const notifications = () =>
    t.adapters.readStore.collection<{
      _id: string;
      userId: string;
      type: string;
      speachId: string | null;
      actorId: string | null;
      data: Record<string, unknown>;
    }>('notifications');

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader, approver] = (await fixtures(t).people('admin', 'author', 'learner', 'approver')).map((p) => p.token);
    authorId = (await t.http.get('/api/auth/me').set(as(author))).body.id;
    speachId = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Shared speach', language: 'en-US' }).expect(201)).body.id;
    chapterId = (await t.http.post(`/api/v2/recorder/speach/${speachId}/chapters`).set(as(author)).send({ title: 'One' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>x</p>' }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to share a draft (403 to its author, unknown to readers)', async () => {
    await share(author, speachId).expect(403);
    await share(reader, speachId).expect(404);
  });

  it('records a share of a published speach from a chapter and tells its author once, with who and why', async () => {
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({}).expect(200);
    const readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id;
    const answer = (await share(reader, speachId, { chapterId }).expect(201)).body;
    expect(answer).toEqual({ shareId: expect.any(String), speachId, chapterId });
    const events = (await t.adapters.eventStore.readAll()).filter((e: RecordedEvent) => e.type === 'SpeachShared');
    expect(events.map((e) => e.data)).toEqual([{ shareId: answer.shareId, speachId, userId: readerId, chapterId }]);
    const told = await notifications().find({ type: 'SPEACH_SHARED', speachId });
    expect(told).toEqual([expect.objectContaining({ userId: authorId, actorId: readerId, data: { chapterId } })]);
    // The author's own share tells nobody.
    await share(author, speachId).expect(201);
    expect(await notifications().count({ type: 'SPEACH_SHARED', speachId })).toBe(1);
    // The bell shows it to the author.
    const bell = (await t.http.get('/api/v2/notifications').set(as(author)).expect(200)).body;
    expect(JSON.stringify(bell)).toContain('SPEACH_SHARED');
  });

  it('answers 400 naming chapterId for a chapter of another speach or a bad type, 404 for an unknown speach, 401 anonymous', async () => {
    expect((await share(reader, speachId, { chapterId: 'not-a-chapter' }).expect(400)).body.errors[0].field).toBe('chapterId');
    expect((await share(reader, speachId, { chapterId: 42 }).expect(400)).body.errors[0].field).toBe('chapterId');
    await share(reader, 'unknown-speach').expect(404);
    await t.http.post(`/api/v2/speach/${speachId}/share`).send({}).expect(401);
  });

  it('refuses a restricted speach to a reader who is not its editor (403), lets its editor share it', async () => {
    await t.http.put(`/api/v2/recorder/speach/${speachId}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    const approverId = (await t.http.get('/api/auth/me').set(as(approver))).body.id;
    await t.http
      .put('/api/v2/admin/speach/updateAffectedUsers')
      .set(as(admin))
      .send({ speachID: speachId, users: [approverId] })
      .expect(200);
    // Assigned, the approver reads it, but a link to a restricted speach opens for nobody else: refused.
    await share(approver, speachId).expect(403);
    await share(author, speachId).expect(201);
  });
});
