import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/**
 * Issue 23: two API processes on one event store and one read store (the second in the `api` role, as
 * in a scaled-out deployment) agree on the signature throttle and on the sessions that have signed.
 */
describe('Electronic signatures across API processes (issue 23)', () => {
  let a: TestApp;
  let b: TestApp;
  let author: string;
  let approver: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const sign = (extra: Record<string, unknown> = {}) => ({ signature: { password: DEMO_PASSWORD, meaning: 'approved', ...extra } });
  const validate = (app: TestApp, id: string, token: string, body: Record<string, unknown>) =>
    app.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(token)).send(body);

  async function submitted(title: string): Promise<string> {
    const { id } = (await a.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterId = (await a.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Steps', parentId: null }).expect(201)).body
      .chapterId as string;
    await a.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: `<p>${title}</p>` })
      .expect(200);
    await a.http.post('/api/v2/workflow/submit').set(as(author)).send({ speachId: id, regulatedGmp: true }).expect(200);
    return id;
  }

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ eventStore: a.adapters.eventStore, readStore: a.adapters.readStore, seed: false, env: { APP_ROLE: 'api' } });
    b.clock.set(a.clock.now());
    // The signing scenario: a two-step default workflow whose first step is the approver's group (the
    // signatures sign that step, not the final dialog).
    const fx = fixtures(a);
    author = (await fx.user('author')).token;
    const [first, second] = [await fx.group({ name: 'Quality approvers' }), await fx.group({ name: 'Release' })];
    approver = (await fx.user('approver', { groupIds: [first] })).email;
    await fx.workflowDefinition({ name: 'Quality review', groupIds: [first, second], isDefault: true });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('counts refused signatures made through either process: the sixth attempt is refused by both', async () => {
    const id = await submitted('Shared throttle');
    const token = await a.login(approver);
    for (const [app, i] of [
      [a, 1],
      [b, 2],
      [a, 3],
      [b, 4],
      [a, 5],
    ] as const) {
      await validate(app, id, token, sign({ password: `wrong-${i}`, email: approver })).expect(401);
    }
    // Each process saw at most three of the five failures itself.
    await validate(b, id, token, sign({ email: approver })).expect(429);
    await validate(a, id, token, sign({ email: approver })).expect(429);
    a.clock.advance(16 * 60_000);
    b.clock.advance(16 * 60_000);
    await validate(b, id, token, sign({ email: approver })).expect(200);
  });

  it("remembers a session's first signature in every process: the other asks the password only", async () => {
    const [first, second, third] = [await submitted('Session memory 1'), await submitted('Session memory 2'), await submitted('Session memory 3')];
    const token = await b.login(approver);
    const refused = await validate(b, first, token, sign()).expect(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'signature.email' })]);
    await validate(a, first, token, sign({ email: approver })).expect(200);
    await validate(b, second, token, sign()).expect(200);
    // Another session of the same signer still starts with the e-mail.
    const other = await a.login(approver);
    expect((await validate(b, third, other, sign()).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'signature.email' })]);
  });
});
