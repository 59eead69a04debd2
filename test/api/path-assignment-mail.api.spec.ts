import { AssignmentMailPolicy } from '../../backend/engagement/mail/assignment-mail.policy';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

interface Held {
  id: string;
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
}

/** Issue 19 item 2 ("immediate mails only for what must not wait: assignment with a due date") for issue 18's paths. */
describe('Immediate mail of a learning path assignment with a due date', () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;
  let member: Person;
  let dated: Person;
  let loner: Person;
  let groupId: string;
  let speachId: string;
  const inbox = async (to: string) =>
    ((await t.http.get('/api/v2/admin/mail/messages').query({ to }).set(admin.auth).expect(200)).body as { result: Held[] }).result.filter((m) =>
      m.subject.startsWith('New assignment'),
    );
  const put = (url: string, query: Record<string, unknown> = {}) => t.http.put(url).query(query).set(author.auth).expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    admin = await fx.admin();
    author = await fx.user('author');
    groupId = await fx.group({ name: 'Night shift' });
    member = await fx.user('learner', { groupIds: [groupId] });
    dated = await fx.user('learner', { groupIds: [groupId] });
    loner = await fx.user('learner');
    speachId = (await fx.published(author)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("at the first publication mails each dated assignee their own due date, else their group's; an assignment without one waits for the digest", async () => {
    const pathId = await fixtures(t).path(author, { title: 'Forklift licence', speachIds: [speachId], publish: false });
    await put(`/api/v2/learningPath/${pathId}/changeGroup`, { groupId, add: true, dueDate: '2031-01-31' });
    await put(`/api/v2/learningPath/${pathId}/changeUser`, { userId: dated.id, add: true, dueDate: '2031-01-15' });
    await put(`/api/v2/learningPath/${pathId}/changeUser`, { userId: loner.id, add: true });
    // Nothing is told of an unpublished path.
    expect(await inbox(member.email)).toEqual([]);
    await put(`/api/v2/learningPath/${pathId}/publish`);

    const [toMember, ...more] = await inbox(member.email);
    expect(more).toEqual([]);
    expect(toMember.subject).toBe('New assignment: "Forklift licence", due 31 January 2031');
    expect(toMember.text).toContain('You have been assigned the learning path "Forklift licence". Please complete it by 31 January 2031.');
    expect(toMember.text).toContain(`/p/${pathId}/forklift-licence`);
    expect(toMember.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/.+\/api\/v2\/mail\/unsubscribe\?user=/);
    expect((await inbox(dated.email)).map((m) => m.subject)).toEqual(['New assignment: "Forklift licence", due 15 January 2031']);
    expect(await inbox(loner.email)).toEqual([]);

    const notifications = t.adapters.readStore.collection<{ _id: string; userId: string; type: string; data: Record<string, unknown> }>('notifications');
    const told = await notifications.find({ type: 'NEW_ASSIGNMENT', 'data.pathId': pathId });
    expect(Object.fromEntries(told.map((n) => [n.userId, n.data.dueDate ?? null]))).toEqual({
      [member.id]: '2031-01-31T23:59:59.999Z',
      [dated.id]: '2031-01-15T23:59:59.999Z',
      [loner.id]: null,
    });
  });

  it('mails a user assigned to the published path later with a due date, once, even when the event is handled again', async () => {
    const pathId = await fixtures(t).path(author, { title: 'Crane signals', speachIds: [speachId] });
    const later = await fixtures(t).user('learner');
    await put(`/api/v2/learningPath/${pathId}/changeUser`, { userId: later.id, add: true, dueDate: '2031-02-28' });
    const mails = async () => (await inbox(later.email)).filter((m) => m.subject.includes('Crane signals'));
    expect((await mails()).map((m) => m.subject)).toEqual(['New assignment: "Crane signals", due 28 February 2031']);

    const assigned = (await t.adapters.eventStore.readStream(`path-${pathId}`)).find((e) => e.type === 'PathUserAssignmentChanged')!;
    await t.app.get(AssignmentMailPolicy).reactToPath(assigned, { policy: 'assignment-mails', issue: (_key, work) => work() });
    expect(await mails()).toHaveLength(1);

    // A user who asked for no mail gets none, and an assignment without a due date is left to the digest.
    const quiet = await fixtures(t).user('learner');
    await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'NONE' }).set(quiet.auth).expect(200);
    await put(`/api/v2/learningPath/${pathId}/changeUser`, { userId: quiet.id, add: true, dueDate: '2031-03-01' });
    const undated = await fixtures(t).user('learner');
    await put(`/api/v2/learningPath/${pathId}/changeUser`, { userId: undated.id, add: true });
    expect(await inbox(quiet.email)).toEqual([]);
    expect(await inbox(undated.email)).toEqual([]);
  });
});
