import { PathDueDateRemindersPolicy } from '../../backend/paths/policies/path-due-date-reminders.policy';
import { PROJECTION_RUNNER } from '../../backend/infrastructure/tokens';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

type Told = {
  _id: string;
  userId: string;
  type: string;
  data: Record<string, unknown>;
  reason: { rule: string };
};

const T0 = new Date('2031-01-10T08:00:00.000Z');
const at = (day: string) => new Date(`${day}T08:00:00.000Z`);

/** Issue 19 item 6 for issue 18's paths: due date approaching (7 and 1 days before) to the assignees, expired to the owner and admins, each once. */
describe('Due dates of learning path assignments', () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;
  let member: Person;
  let dated: Person;
  let outsider: Person;
  let finisher: Person;
  let pathId: string;
  let policy: PathDueDateRemindersPolicy;
  const tick = async (when: Date) => {
    t.clock.set(when);
    await t.app.get(PROJECTION_RUNNER).catchUp(10_000);
    const acted = await policy.tick();
    await t.app.get(PROJECTION_RUNNER).catchUp(10_000);
    return acted;
  };
  const told = async (type: string) =>
    (await t.adapters.readStore.collection<Told>('notifications').find({ type, 'data.pathId': pathId })).map((n) => ({
      userId: n.userId,
      daysBefore: n.data.daysBefore ?? null,
      rule: n.reason.rule,
    }));

  beforeAll(async () => {
    t = await startTestApp();
    t.clock.set(T0);
    const fx = fixtures(t);
    admin = await fx.admin();
    author = await fx.user('author');
    const groupId = await fx.group({ name: 'Warehouse' });
    member = await fx.user('learner', { groupIds: [groupId] });
    dated = await fx.user('learner', { groupIds: [groupId] });
    outsider = await fx.user('learner');
    finisher = await fx.user('learner', { groupIds: [groupId] });
    const speach = await fx.published(author);
    pathId = await fx.path(author, { title: 'Forklift refresher', speachIds: [speach.id], publish: false });
    const put = (url: string, query: Record<string, unknown>) => t.http.put(url).query(query).set(author.auth).expect(200);
    // The group is due in 7 days; one member has a date of their own, tomorrow.
    await put(`/api/v2/learningPath/${pathId}/changeGroup`, { groupId, add: true, dueDate: '2031-01-17' });
    await put(`/api/v2/learningPath/${pathId}/changeUser`, { userId: dated.id, add: true, dueDate: '2031-01-11' });
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(author.auth).expect(200);
    // One member completes the path before any reminder: they met the date.
    for (const chapterId of speach.chapters)
      await t.http.post(`/api/v2/speach/${speach.id}/chapters/${chapterId}/read`).set(finisher.auth).send({}).expect(200);
    expect((await t.http.get(`/api/v2/learningPath/${pathId}/progress`).set(finisher.auth).expect(200)).body.completed).toBe(true);
    policy = t.app.get(PathDueDateRemindersPolicy);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reminds each assignment 7 days and 1 day before: the group its members (not one who completed), a user with a date of their own only of theirs', async () => {
    expect(await tick(T0)).toBe(2);
    expect(await tick(at('2031-01-10'))).toBe(0);
    expect(await told('DUE_DATE_APPROACHING')).toEqual(
      expect.arrayContaining([
        { userId: member.id, daysBefore: 7, rule: 'path-assigned' },
        { userId: dated.id, daysBefore: 1, rule: 'path-assigned' },
      ]),
    );
    expect(await told('DUE_DATE_APPROACHING')).toHaveLength(2);
    const [notification] = await t.adapters.readStore.collection<Told>('notifications').find({ type: 'DUE_DATE_APPROACHING', userId: member.id });
    expect(notification.data).toEqual({ pathId, pathTitle: 'Forklift refresher', dueDate: '2031-01-17T23:59:59.999Z', daysBefore: 7 });
  });

  it("tells the owner and the administrators once the user's day has passed, once", async () => {
    expect(await tick(at('2031-01-12'))).toBe(1);
    expect(await tick(at('2031-01-13'))).toBe(0);
    expect(await told('DUE_DATE_EXPIRED')).toEqual(
      expect.arrayContaining([
        { userId: author.id, daysBefore: null, rule: 'path-owner' },
        { userId: admin.id, daysBefore: null, rule: 'admin' },
      ]),
    );
    expect(await told('DUE_DATE_EXPIRED')).toHaveLength(2);
    // The assignees are never told of an expiry, nor is anyone outside the path of anything.
    const mine = await t.adapters.readStore
      .collection<Told>('notifications')
      .find({ userId: { $in: [member.id, dated.id, outsider.id, finisher.id] }, type: 'DUE_DATE_EXPIRED' });
    expect(mine).toEqual([]);
    expect(await t.adapters.readStore.collection<Told>('notifications').find({ userId: outsider.id, 'data.pathId': pathId })).toEqual([]);
  });

  it('reminds the group the day before, then tells nothing of an archived path', async () => {
    expect(await tick(at('2031-01-16'))).toBe(1);
    expect((await told('DUE_DATE_APPROACHING')).filter((n) => n.userId === member.id).map((n) => n.daysBefore)).toEqual(expect.arrayContaining([7, 1]));
    t.clock.set(at('2031-01-16'));
    await t.http
      .put(`/api/v2/learningPath/${pathId}/archive`)
      .set({ authorization: `Bearer ${await t.login(author.email)}` })
      .expect(200);
    expect(await tick(at('2031-01-20'))).toBe(0);
    expect(await told('DUE_DATE_EXPIRED')).toHaveLength(2);
  });
});
