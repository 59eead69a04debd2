import type { RecordedEvent } from '../../events';
import { RemindRecertificationPolicy } from '../../backend/paths/policies/remind-recertification.policy';
import { PROJECTION_RUNNER } from '../../backend/infrastructure/tokens';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const DAY = 86_400_000;

/** Issue 18: before a completion lapses the learner is re-assigned, notified, and must read the path again. */
describe('Learning path recertification (issue 18)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  let speach: { id: string; chapterId: string };
  let pathId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const progress = async () => (await t.http.get(`/api/v2/learningPath/${pathId}/progress`).set(as(reader)).expect(200)).body;
  const read = () => t.http.post(`/api/v2/speach/${speach.id}/chapters/${speach.chapterId}/read`).set(as(reader)).send({}).expect(200);
  const eventsOf = async (type: string) =>
    (await t.adapters.eventStore.readAll()).filter((e: RecordedEvent) => e.type === type && (e.data as { pathId: string }).pathId === pathId);

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id;
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Lockout tagout', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Steps' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Isolate</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    speach = { id, chapterId };
    pathId = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title: 'Yearly safety', recertificationMonths: 12 }) })
        .expect(200)
    ).body.pathId;
    await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/changeUser`).query({ userId: readerId, add: 'true' }).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('re-assigns the learner 30 days before the completion lapses, with that due date, once; old reads do not renew it, a new read does', async () => {
    await read();
    const first = await progress();
    expect(first).toEqual(expect.objectContaining({ completed: true, recertification: null }));
    const validUntil = first.completion.validUntil as string;

    const policy = t.app.get(RemindRecertificationPolicy);
    t.clock.set(new Date(Date.parse(validUntil) - 29 * DAY));
    // Sessions do not last eleven months.
    reader = await t.login('reader@example.com');
    expect(await policy.tick()).toBe(1);
    await t.app.get(PROJECTION_RUNNER).catchUp(10_000);
    // A later tick (or a restart, which ticks again from the read model) acts no more.
    expect(await policy.tick()).toBe(0);
    expect(await eventsOf('PathReassigned')).toHaveLength(1);
    expect((await eventsOf('PathReassigned'))[0].data).toEqual(expect.objectContaining({ userId: readerId, dueDate: validUntil }));

    const again = await progress();
    expect(again).toEqual(
      expect.objectContaining({
        completed: false,
        percent: 0,
        dueDate: validUntil,
        overdue: false,
        recertification: { dueDate: validUntil, since: t.clock.now().toISOString() },
      }),
    );
    expect(again.items[0]).toEqual(expect.objectContaining({ completed: false, readChapters: 0 }));
    const notified = await t.adapters.readStore
      .collection<{ _id: string; userId: string; type: string; data: Record<string, unknown> }>('notifications')
      .find({ 'data.pathId': pathId, type: 'DUE_DATE_APPROACHING' });
    expect(notified.map((n) => [n.userId, n.data.dueDate])).toEqual([[readerId, validUntil]]);
    const mine = (await t.http.get('/api/v2/my/learningPaths').set(as(reader)).expect(200)).body.result.find((p: { pathId: string }) => p.pathId === pathId);
    expect(mine).toEqual(expect.objectContaining({ completed: false, dueDate: validUntil }));

    t.clock.advance(3_600_000);
    await read();
    const renewed = await progress();
    expect(renewed).toEqual(expect.objectContaining({ completed: true, recertification: null }));
    expect(renewed.completion.validUntil > validUntil).toBe(true);
    expect(await eventsOf('PathCompleted')).toHaveLength(2);
  });
});
