import { SYSTEM_USER_ID } from '../../events';
import { PolicyRunner } from '../../backend/infrastructure/policies/policy-runner';
import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';

/** Issue #16 "Business rules the server must enforce". */
describe('Business rules (issue #16)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let approver: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    // Seeded: a case checks that every event of the demo seed names who caused it; another uses its groups.
    t = await startTestApp({ seed: true });
    [admin, author, approver] = await Promise.all(['admin', 'author', 'approver'].map((who) => t.login(`${who}@example.com`)));
  });
  afterAll(async () => {
    await t.close();
  });

  it("only users holding the APPROVER role approve: a plain member of the step's group gets no canApprove, no list, no notification, 403", async () => {
    const groups = (await t.http.get('/api/v2/admin/users/groups').set(as(admin)).expect(200)).body as { id: string; name: string }[];
    const quality = groups.find((g) => g.name === 'Quality & compliance')!.id;
    const member = await t.http
      .post('/api/rest/users')
      .set(as(admin))
      .send({
        firstName: 'Gina',
        lastName: 'Member',
        email: 'gina.member@example.com',
        groupIds: [quality],
        password: DEMO_PASSWORD,
        mustChangePassword: false,
      })
      .expect(201);
    expect(member.body.roles).toEqual([]);
    const gina = await t.login('gina.member@example.com');

    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Gowning refresher', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Order' }).expect(201)).body;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Hair cover first</p>' })
      .expect(200);
    await t.http.post('/api/v2/workflow/submit').set(as(author)).send({ speachId: id }).expect(200);

    const waiting = (await t.http.get('/api/v2/my/speachWorkflowToValidate').set(as(approver)).expect(200)).body.result as {
      id: string;
      canApprove: boolean;
    }[];
    expect(waiting.find((c) => c.id === id)).toEqual(expect.objectContaining({ canApprove: true }));
    expect((await t.http.get(`/api/v2/workflow/speach/${id}`).set(as(approver)).expect(200)).body.canValidate).toBe(true);
    const list = (await t.http.get('/api/v2/my/speachWorkflowToValidate').set(as(gina)).expect(200)).body;
    expect(list).toEqual({ result: [], total: 0 });
    await t.http.get(`/api/v2/workflow/speach/${id}`).set(as(gina)).expect(404);
    await t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(gina)).send({}).expect(403);
    await t.http.post(`/api/v2/workflow/speach/${id}/reject`).set(as(gina)).send({ comment: 'no' }).expect(403);

    const asked = await t.adapters.readStore
      .collection<{ _id: string; userId: string; type: string; speachId: string }>('notifications')
      .find({ speachId: id, type: 'SPEACH_TO_VALIDATE' });
    expect(asked.map((n) => n.userId)).not.toContain(member.body.id);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('names who caused every event of the demo seed; the system only for setting up the installation and for its named policies', async () => {
    const events = await t.adapters.eventStore.readAll({ after: 0, maxCount: 1_000_000 });
    expect(events.length).toBeGreaterThan(100);
    expect(events.filter((e) => e.metadata.userId === null || e.metadata.userId === undefined).map((e) => `${e.position} ${e.streamId} ${e.type}`)).toEqual([]);
    const adminRegistered = events.find((e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === 'admin@example.com')!;
    // The first administrator's own registration (its user and e-mail streams) is the installation's act.
    const bootstrap = new Set([adminRegistered.streamId]);
    // Issue 16: the system acts later only through its own policies, named as such (the seeded validations publish through one).
    const policies = new Set(
      t.app
        .get(PolicyRunner)
        .status()
        .map((p) => p.name),
    );
    const byPolicy = (e: (typeof events)[number]) => e.metadata.userId === SYSTEM_USER_ID && policies.has(e.metadata.policy as string);
    const lateSystem = events.filter(
      (e) => e.metadata.userId === SYSTEM_USER_ID && e.position > adminRegistered.position && !bootstrap.has(e.streamId) && !byPolicy(e),
    );
    expect(lateSystem.map((e) => `${e.position} ${e.streamId} ${e.type}`)).toEqual([]);
    const users = new Set(events.filter((e) => e.type === 'UserRegistered').map((e) => (e.data as { userId: string }).userId));
    const named = events
      .filter((e) => e.position > adminRegistered.position && !bootstrap.has(e.streamId) && !byPolicy(e))
      .map((e) => e.metadata.userId as string);
    // A policy's events name the system and the policy.
    expect(events.filter((e) => typeof e.metadata.policy === 'string' && e.metadata.userId !== SYSTEM_USER_ID)).toEqual([]);
    expect(named.filter((userId) => !users.has(userId))).toEqual([]);
    // A policy's event leads back to the user whose act triggered it.
    const byId = new Map(events.map((e) => [e.id, e]));
    expect(events.filter(byPolicy).length).toBeGreaterThan(0);
    const untraced = events.filter(byPolicy).filter((e) => !users.has(byId.get(e.metadata.causationId as string)?.metadata.userId as string));
    expect(untraced.map((e) => `${e.position} ${e.streamId} ${e.type}`)).toEqual([]);
  });
});
