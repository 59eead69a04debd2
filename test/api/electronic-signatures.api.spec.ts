import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

/** Issue 23 item 1: signed approvals, rejections, periodic reviews and completions of GMP-regulated speaches. */
describe('Electronic signatures API (issue 23)', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let people: Record<string, Person>;
  let emmaEmail: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const sign = (meaning: string, extra: Record<string, unknown> = {}) => ({ password: DEMO_PASSWORD, meaning, ...extra });
  const validate = (id: string, token: string, body: Record<string, unknown>) =>
    t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(token)).send(body);
  const reject = (id: string, token: string, body: Record<string, unknown>) => t.http.post(`/api/v2/workflow/speach/${id}/reject`).set(as(token)).send(body);
  const complete = (id: string, token: string, body: Record<string, unknown>) => t.http.post(`/api/v2/speach/${id}/complete`).set(as(token)).send(body);
  const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);
  const final = { periodicReview: 'ON', frequency: 'ONE_YEAR', delay: 'IMMEDIATELY' };

  /** A speach with two HTML chapters, submitted to the default two-step workflow (regulated or not). */
  async function submitted(title: string, regulatedGmp: boolean) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(tokens.author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterIds: string[] = [];
    for (const name of ['Scope', 'Steps']) {
      const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(tokens.author)).send({ title: name, parentId: null }).expect(201))
        .body.chapterId as string;
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
        .set(as(tokens.author))
        .send({ type: 'HTML', html: `<p>${name} of ${title}</p>` })
        .expect(200);
      chapterIds.push(chapterId);
    }
    await t.http.post('/api/v2/workflow/submit').set(as(tokens.author)).send({ speachId: id, regulatedGmp }).expect(200);
    return { id, chapterIds };
  }
  const draft = async (id: string, token: string) =>
    (await t.http.get(`/api/v2/workflow/speach/${id}/draft`).set(as(token)).expect(200)).body as { contentHash: string; signedVersion: number };

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    // The default workflow has two steps: the approver's group, then the second approver's (Emma's) group.
    const [first, second] = [await fx.group({ name: 'QA line' }), await fx.group({ name: 'QA release' })];
    const [admin, author, reader] = await fx.people('admin', 'author', 'learner');
    const approver = await fx.user('approver', { groupIds: [first] });
    const emma = await fx.user('approver', { firstName: 'Emma', lastName: 'Bernard', groupIds: [second] });
    const lucas = await fx.user('learner', { firstName: 'Lucas', lastName: 'Weber' });
    await fx.workflowDefinition({ name: 'GMP release', groupIds: [first, second], isDefault: true });
    people = { admin, author, approver, 'emma.bernard0': emma, reader, 'lucas.weber1': lucas };
    tokens = Object.fromEntries(Object.entries(people).map(([key, person]) => [key, person.token]));
    emmaEmail = emma.email;
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs each approval of a regulated workflow: 400 without a signature, e-mail on the first of a session, then the password only', async () => {
    const { id } = await submitted('Sterile filling', true);
    expect(fields((await validate(id, tokens.approver, {}).expect(400)).body)).toEqual(['signature']);
    expect(fields((await validate(id, tokens.approver, { signature: { meaning: 'approved' } }).expect(400)).body)).toContain('signature.password');
    expect(fields((await validate(id, tokens.approver, { signature: { password: 'x' } }).expect(400)).body)).toContain('signature.meaning');
    expect(fields((await validate(id, tokens.approver, { signature: sign('reviewed') }).expect(400)).body)).toEqual(['signature.meaning']);
    expect(fields((await validate(id, tokens.approver, { signature: sign('approved') }).expect(400)).body)).toEqual(['signature.email']);
    const seen = await draft(id, tokens.approver);
    expect(seen.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const graph = (
      await validate(id, tokens.approver, {
        signature: sign('approved', { email: 'approver@example.com', contentHash: seen.contentHash, version: seen.signedVersion, timeZone: 'Europe/Paris' }),
      }).expect(200)
    ).body;
    expect(graph.signatures).toEqual([
      expect.objectContaining({
        printedName: expect.stringMatching(/\S/),
        meaning: 'approved',
        reason: null,
        timeZone: 'Europe/Paris',
        contentHash: seen.contentHash,
        version: seen.signedVersion,
      }),
    ]);
    expect(graph.steps[0].status).toBe('VALIDATED');
    // The session signed once: the e-mail is not asked again.
    await validate(id, tokens['emma.bernard0'], { ...final, signature: sign('approved', { email: emmaEmail }) }).expect(200);
    const events = await t.adapters.eventStore.readStream(`workflow-${graph.workflowId}`);
    const types = events.map((e) => e.type);
    // Each signature is appended with the decision it signs, just before it.
    expect(types.slice(1)).toEqual(['SignatureApplied', 'WorkflowStepValidated', 'SignatureApplied', 'WorkflowStepValidated', 'WorkflowCompleted']);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(DEMO_PASSWORD);
  });

  it("answers 401 to a wrong password and records the failure on the speach's trail, without the password", async () => {
    const { id } = await submitted('Line clearance', true);
    const refused = (
      await validate(id, tokens.approver, { signature: sign('approved', { password: 'not-my-password', email: 'approver@example.com' }) }).expect(401)
    ).body;
    expect(fields(refused)).toEqual(['signature.password']);
    expect(refused.sessionExpired).toBeUndefined();
    const failures = await t.adapters.eventStore.readStream(`signature-failures-${id}`);
    expect(failures.map((e) => e.type)).toEqual(['SignatureFailed']);
    expect(failures[0].data).toEqual(expect.objectContaining({ speachId: id, meaning: 'approved', cause: 'wrong password' }));
    expect(JSON.stringify(failures[0].data)).not.toContain('not-my-password');
    const trail = (await t.http.get(`/api/v2/audit/speach/${id}/events`).query({ size: 100 }).set(as(tokens.admin)).expect(200)).body;
    expect(JSON.stringify(trail.result)).toContain('SignatureFailed');
  });

  it('refuses a signature on content that changed since the approver saw it (409) and a stale version (409)', async () => {
    const { id } = await submitted('Batch release', true);
    const before = await draft(id, tokens.approver);
    const stale = await validate(id, tokens.approver, { signature: sign('approved', { contentHash: 'sha256:0000', email: 'approver@example.com' }) }).expect(
      409,
    );
    expect(fields(stale.body)).toEqual(['signature.contentHash']);
    await validate(id, tokens.approver, { signature: sign('approved', { version: before.signedVersion + 1, email: 'approver@example.com' }) }).expect(409);
  });

  it("forbids a user who is not the step's approver (403) before any password is checked, and answers 404 for an unknown speach", async () => {
    const { id } = await submitted('Visual inspection', true);
    await validate(id, tokens.reader, { signature: sign('approved', { password: 'wrong', email: 'reader@example.com' }) }).expect(403);
    expect(await t.adapters.eventStore.readStream(`signature-failures-${id}`)).toEqual([]);
    await validate('no-such-speach', tokens.approver, { signature: sign('approved') }).expect(404);
  });

  it('signs a rejection with its reason (400 naming signature.reason without one)', async () => {
    const { id } = await submitted('Media fill', true);
    expect(fields((await reject(id, tokens.approver, { signature: sign('rejected', { email: 'approver@example.com' }) }).expect(400)).body)).toEqual([
      'signature.reason',
    ]);
    const graph = (
      await reject(id, tokens.approver, { signature: sign('rejected', { email: 'approver@example.com', reason: 'Hold times are missing' }) }).expect(200)
    ).body;
    expect(graph.state).toBe('REJECTED');
    expect(graph.rejected.comment).toBe('Hold times are missing');
    expect(graph.signatures.at(-1)).toEqual(expect.objectContaining({ meaning: 'rejected', reason: 'Hold times are missing' }));
  });

  it('leaves a non-regulated workflow unsigned', async () => {
    const { id } = await submitted('Coffee machine', false);
    const graph = (await validate(id, tokens.approver, {}).expect(200)).body;
    expect(graph.signatures).toEqual([]);
  });

  it('throttles failed signatures per user: past 5 in the window, 429 even with the right password', async () => {
    const { id } = await submitted('Throttled', true);
    const token = await t.login('approver@example.com');
    for (let i = 0; i < 5; i++)
      await validate(id, token, { signature: sign('approved', { password: `wrong-${i}`, email: 'approver@example.com' }) }).expect(401);
    const limited = await validate(id, token, { signature: sign('approved', { email: 'approver@example.com' }) }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.adapters.eventStore.readStream(`signature-failures-${id}`)).length).toBe(5);
    t.clock.advance(16 * 60_000);
    await validate(id, token, { signature: sign('approved', { email: 'approver@example.com' }) }).expect(200);
  });

  it('signs the decision of a regulated periodic review (meaning reviewed)', async () => {
    const made = await submitted('Hand hygiene in production', true);
    await validate(made.id, tokens.approver, { signature: sign('approved', { email: 'approver@example.com' }) }).expect(200);
    await validate(made.id, tokens['emma.bernard0'], { ...final, signature: sign('approved', { email: emmaEmail }) }).expect(200);
    await t.http
      .put('/api/v2/admin/speach/update-periodic-reviewers')
      .query({ speachId: made.id, users: JSON.stringify([people.approver.id]), groups: '[]' })
      .set(as(tokens.admin))
      .expect(200);
    // A year later the review is due; the sessions of last year have expired, so everyone signs in again.
    t.clock.advance(370 * 24 * 3_600_000);
    for (const [key, person] of Object.entries(people)) tokens[key] = await t.login(person.email);
    const toReview = (await t.http.get('/api/v2/my/speachToReview').set(as(tokens.approver)).expect(200)).body;
    const hygiene = toReview.result.find((r: { title: string }) => r.title === 'Hand hygiene in production');
    const decide = (body: Record<string, unknown>, token = tokens.approver) =>
      t.http.post(`/api/v2/periodic-review/${hygiene.id}/decision`).set(as(token)).send(body);
    expect(fields((await decide({ decision: 'NO_REVISION' }).expect(400)).body)).toEqual(['signature']);
    await decide({ decision: 'NO_REVISION', signature: sign('reviewed', { email: 'reader@example.com' }) }, tokens.reader).expect(403);
    // The new session signs for the first time: the e-mail is asked again.
    await decide({ decision: 'NO_REVISION', signature: sign('reviewed', { password: 'nope', email: 'approver@example.com' }) }).expect(401);
    await decide({ decision: 'NO_REVISION', signature: sign('reviewed', { email: 'approver@example.com' }) }).expect(200);
    await t.http
      .post('/api/v2/periodic-review/no-such-speach/decision')
      .set(as(tokens.approver))
      .send({ decision: 'NO_REVISION', signature: sign('reviewed') })
      .expect(404);
  });

  it('completes a regulated speach with a signature once every chapter is read; a non-regulated one needs none', async () => {
    const { id, chapterIds } = await submitted('Gowning grade A', true);
    await validate(id, tokens.approver, { signature: sign('approved', { email: 'approver@example.com' }) }).expect(200);
    await validate(id, tokens['emma.bernard0'], { ...final, signature: sign('approved', { email: emmaEmail }) }).expect(200);
    const reader = await t.login('reader@example.com');
    expect((await complete(id, reader, { signature: sign('trained', { email: 'reader@example.com' }) }).expect(409)).body.message).toMatch(
      /Read every chapter/,
    );
    for (const chapterId of chapterIds) await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).set(as(reader)).expect(200);
    expect(fields((await complete(id, reader, {}).expect(400)).body)).toEqual(['signature']);
    expect(fields((await complete(id, reader, { signature: { password: DEMO_PASSWORD, meaning: 'trained', extra: 1 } }).expect(400)).body)).toContain(
      'signature.extra',
    );
    await complete(id, reader, { signature: sign('trained', { password: 'wrong', email: 'reader@example.com' }) }).expect(401);
    const done = (await complete(id, reader, { signature: sign('trained', { email: 'reader@example.com' }) }).expect(200)).body;
    expect(done).toEqual(
      expect.objectContaining({
        version: 1,
        contentHash: expect.stringMatching(/^sha256:/),
        signature: expect.objectContaining({ meaning: 'trained', version: 1 }),
      }),
    );
    await complete(id, reader, { signature: sign('trained') }).expect(409);
    await complete('no-such-speach', reader, {}).expect(404);

    const { id: plain, chapterIds: plainChapters } = await submitted('Canteen rules', false);
    await validate(plain, tokens.approver, {}).expect(200);
    await validate(plain, tokens['emma.bernard0'], final).expect(200);
    for (const chapterId of plainChapters) await t.http.post(`/api/v2/speach/${plain}/chapters/${chapterId}/read`).set(as(reader)).expect(200);
    expect((await complete(plain, reader, {}).expect(200)).body.signature).toBeNull();
  });

  it('refuses the completion of a private speach to a reader without its access code (403)', async () => {
    const { id } = await submitted('Private SOP', false);
    await validate(id, tokens.approver, {}).expect(200);
    await validate(id, tokens['emma.bernard0'], final).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(tokens.author)).send({ visibility: 'PRIVE', accessCode: 'secret-code' }).expect(200);
    expect(fields((await complete(id, tokens['lucas.weber1'], {}).expect(403)).body)).toEqual(['accessCode']);
  });
});
