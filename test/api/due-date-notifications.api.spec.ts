import { DueDateRemindersPolicy } from '../../backend/engagement/due-dates/due-date-reminders.policy';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface Notification {
  typeNotification: string;
  speach: { speachID: string } | null;
  data: Record<string, unknown>;
  reason: { eventType: string; rule: string; preference: string } | null;
}

const DAY = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Issue 19 item 6: due date approaching (7 days and 1 day before) and expired, each once, on a clock the test moves. */
describe('Due date notifications', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const start = new Date('2030-03-01T09:00:00.000Z');

  const of = async (token: string, type: string, speachId: string) =>
    ((await t.http.get('/api/v2/notifications').query({ type, size: 50 }).set(as(token)).expect(200)).body as Notification[]).filter(
      (n) => n.speach?.speachID === speachId,
    );
  async function tickAt(at: Date): Promise<number> {
    // The policy decides from the read models: they hold every call made before the tick.
    await t.app.get(ReadModels).settle(await t.adapters.eventStore.headPosition());
    t.clock.set(at);
    const acted = await t.app.get(DueDateRemindersPolicy).tick();
    await t.app.get(ReadModels).settle(await t.adapters.eventStore.headPosition());
    // Back to the day the sessions started, so the calls that follow stay signed in.
    t.clock.set(start);
    return acted;
  }

  beforeAll(async () => {
    t = await startTestApp();
    t.clock.set(start);
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    // The demo's own due dates (long past in 2030) are told first, so each test counts only its own.
    await tickAt(start);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reminds the assigned reader 7 days and 1 day before, then tells the author and the admins it expired, each once', async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Due in ten days', language: 'en-US' }).expect(201)).body;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hi</p>' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http
      .put('/api/v2/admin/speach/updateAffectedUsers')
      .set(as(admin))
      .send({ speachID: id, users: [readerId] })
      .expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
    const dueDate = dayOf(new Date(start.getTime() + 10 * DAY));
    await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);

    expect(await tickAt(new Date(start.getTime() + 2 * DAY))).toBe(0);
    expect(await tickAt(new Date(start.getTime() + 3 * DAY))).toBe(1);
    expect(await tickAt(new Date(start.getTime() + 4 * DAY))).toBe(0);
    const week = await of(reader, 'DUE_DATE_APPROACHING', id);
    expect(week).toEqual([
      expect.objectContaining({
        data: { dueDate, daysBefore: 7 },
        reason: expect.objectContaining({ eventType: 'SpeachDueDateApproaching', rule: 'assigned', preference: 'DUE_DATE_APPROACHING' }),
      }),
    ]);

    expect(await tickAt(new Date(start.getTime() + 9 * DAY))).toBe(1);
    expect(await tickAt(new Date(start.getTime() + 9 * DAY + 3_600_000))).toBe(0);
    expect((await of(reader, 'DUE_DATE_APPROACHING', id)).map((n) => n.data.daysBefore)).toEqual([1, 7]);
    expect(await of(author, 'DUE_DATE_EXPIRED', id)).toHaveLength(0);

    expect(await tickAt(new Date(start.getTime() + 11 * DAY))).toBe(1);
    expect(await tickAt(new Date(start.getTime() + 12 * DAY))).toBe(0);
    expect(await of(author, 'DUE_DATE_EXPIRED', id)).toEqual([expect.objectContaining({ reason: expect.objectContaining({ rule: 'speach-author' }) })]);
    expect(await of(admin, 'DUE_DATE_EXPIRED', id)).toEqual([expect.objectContaining({ reason: expect.objectContaining({ rule: 'admin' }) })]);
    expect(await of(reader, 'DUE_DATE_EXPIRED', id)).toHaveLength(0);
  });

  it('reminds only the assignee who has not completed the speach; its expiry still goes to the author and the admins', async () => {
    const [done, late] = await fixtures(t).people('learner', 'learner');
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Due, one done', language: 'en-US' }).expect(201)).body;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Only' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Read me</p>' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http
      .put('/api/v2/admin/speach/updateAffectedUsers')
      .set(as(admin))
      .send({ speachID: id, users: [done.id, late.id] })
      .expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
    const dueDate = dayOf(new Date(start.getTime() + 10 * DAY));
    await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).set(done.auth).send({}).expect(200);

    expect(await tickAt(new Date(start.getTime() + 3 * DAY))).toBe(1);
    expect(await tickAt(new Date(start.getTime() + 9 * DAY))).toBe(1);
    expect((await of(late.token, 'DUE_DATE_APPROACHING', id)).map((n) => n.data.daysBefore)).toEqual([1, 7]);
    expect(await of(done.token, 'DUE_DATE_APPROACHING', id)).toHaveLength(0);

    expect(await tickAt(new Date(start.getTime() + 11 * DAY))).toBe(1);
    expect(await of(author, 'DUE_DATE_EXPIRED', id)).toEqual([
      expect.objectContaining({ data: { dueDate }, reason: expect.objectContaining({ rule: 'speach-author' }) }),
    ]);
    expect(await of(admin, 'DUE_DATE_EXPIRED', id)).toEqual([expect.objectContaining({ reason: expect.objectContaining({ rule: 'admin' }) })]);
    expect(await of(done.token, 'DUE_DATE_EXPIRED', id)).toHaveLength(0);
    expect(await of(late.token, 'DUE_DATE_EXPIRED', id)).toHaveLength(0);
  });

  it('tells no one who turned the type off', async () => {
    await t.http.get('/api/v2/notifications/parameters/desactivate').query({ type: 'DUE_DATE_EXPIRED' }).set(as(admin)).expect(200);
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Due, admin muted', language: 'en-US' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
    const now = t.clock.now();
    await t.http
      .put('/api/v2/speach/setDueDate')
      .set(as(author))
      .send({ speachID: id, dueDate: dayOf(new Date(now.getTime() + 2 * DAY)) })
      .expect(200);
    expect(await tickAt(new Date(now.getTime() + 4 * DAY))).toBe(1);
    expect(await of(author, 'DUE_DATE_EXPIRED', id)).toHaveLength(1);
    expect(await of(admin, 'DUE_DATE_EXPIRED', id)).toHaveLength(0);
  });
});
