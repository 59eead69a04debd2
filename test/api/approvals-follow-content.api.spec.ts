import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 23 item 2: a material edit revokes the approvals given; a non-material (typo) edit keeps them, flagged on its event. */
describe('Approvals follow the content (issue 23)', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let emails: Record<string, string>;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const sign = (email: string, extra: Record<string, unknown> = {}) => ({ signature: { password: DEMO_PASSWORD, meaning: 'approved', email, ...extra } });

  async function approvedOnce(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(tokens.author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterId = (
      await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(tokens.author)).send({ title: 'Procedure', parentId: null }).expect(201)
    ).body.chapterId as string;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(tokens.author))
      .send({ type: 'HTML', html: '<p>Hold for 30 minutes.</p>' })
      .expect(200);
    await t.http.post('/api/v2/workflow/submit').set(as(tokens.author)).send({ speachId: id, regulatedGmp: true }).expect(200);
    const seen = (await t.http.get(`/api/v2/workflow/speach/${id}/draft`).set(as(tokens.approver)).expect(200)).body.contentHash as string;
    const graph = (
      await t.http
        .post(`/api/v2/workflow/speach/${id}/validate`)
        .set(as(tokens.approver))
        .send(sign(emails.approver, { contentHash: seen }))
        .expect(200)
    ).body;
    return { id, chapterId, seen, workflowId: graph.workflowId as string };
  }
  const graph = async (id: string) => (await t.http.get(`/api/v2/workflow/speach/${id}`).set(as(tokens.author)).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    // A two-step default workflow: step 1 the approver's group, step 2 the releaser's.
    const fx = fixtures(t);
    const [first, second] = [await fx.group({ name: 'Quality approvers' }), await fx.group({ name: 'Release' })];
    const author = await fx.user('author');
    const approver = await fx.user('approver', { groupIds: [first] });
    const releaser = await fx.user('approver', { groupIds: [second] });
    await fx.workflowDefinition({ name: 'GMP review', groupIds: [first, second], isDefault: true });
    tokens = { author: author.token, approver: approver.token, releaser: releaser.token };
    emails = { approver: approver.email, releaser: releaser.email };
  });
  afterAll(async () => {
    await t.close();
  });

  it('revokes the approvals when the author changes the content after approval, and tells step 1 again', async () => {
    const { id, chapterId, seen, workflowId } = await approvedOnce('Autoclave cycle');
    expect((await graph(id)).steps[0].status).toBe('VALIDATED');
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(tokens.author))
      .send({ type: 'HTML', html: '<p>Hold for 45 minutes.</p>' })
      .expect(200);
    const after = await graph(id);
    expect(after).toEqual(expect.objectContaining({ state: 'AWAITING_VALIDATION', currentStep: 1 }));
    expect(after.steps[0].status).toBe('ACTIVE');
    const events = await t.adapters.eventStore.readStream(`workflow-${workflowId}`);
    const revoked = events.find((e) => e.type === 'ApprovalsRevoked');
    expect(revoked?.data).toEqual(expect.objectContaining({ reason: 'content changed after approval', revokedSteps: [1], approvedContentHash: seen }));
    expect(revoked?.metadata.userId).toBe('system');
    // The revoked approval's signature stays listed, marked with when and why.
    expect(after.signatures).toEqual([
      expect.objectContaining({ meaning: 'approved', contentHash: seen, revoked: { at: revoked?.data.at, reason: 'content changed after approval' } }),
    ]);
    // The step-2 approver cannot sign what step 1 no longer approved; the first approver signs the new content.
    await t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(tokens.releaser)).send(sign(emails.releaser)).expect(403);
    await t.http
      .post(`/api/v2/workflow/speach/${id}/validate`)
      .set(as(tokens.approver))
      .send(sign(emails.approver, { contentHash: seen }))
      .expect(409);
    const fresh = (await t.http.get(`/api/v2/workflow/speach/${id}/draft`).set(as(tokens.approver)).expect(200)).body.contentHash as string;
    expect(fresh).not.toBe(seen);
    await t.http
      .post(`/api/v2/workflow/speach/${id}/validate`)
      .set(as(tokens.approver))
      .send(sign(emails.approver, { contentHash: fresh }))
      .expect(200);
    const signatures = (await graph(id)).signatures as { contentHash: string; revoked?: unknown }[];
    expect(signatures.map((s) => [s.contentHash, s.revoked !== undefined])).toEqual([
      [seen, true],
      [fresh, false],
    ]);
    const notifications = (await t.http.get('/api/v2/notifications').set(as(tokens.approver))).body;
    expect(JSON.stringify(notifications)).toContain('content changed after approval');
  });

  it('keeps the approvals through an edit the author flags non-material, and records the flag on the edit', async () => {
    const { id, chapterId, workflowId } = await approvedOnce('Glove change');
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}`)
      .set(as(tokens.author))
      .send({ title: 'Procedure (typo fixed)', nonMaterial: true })
      .expect(200);
    expect((await graph(id)).steps[0].status).toBe('VALIDATED');
    const speachEvents = await t.adapters.eventStore.readStream(`speach-${id}`);
    expect(speachEvents.at(-1)).toEqual(expect.objectContaining({ type: 'ChapterRenamed', data: expect.objectContaining({ nonMaterial: true }) }));
    expect((await t.adapters.eventStore.readStream(`workflow-${workflowId}`)).map((e) => e.type)).not.toContain('ApprovalsRevoked');
    expect(
      (await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}`).set(as(tokens.author)).send({ title: 'x', nonMaterial: 'yes' }).expect(400)).body
        .errors[0].field,
    ).toBe('nonMaterial');
    await t.http.delete(`/api/v2/recorder/speach/${id}/chapters/${chapterId}`).query({ nonMaterial: 'maybe' }).set(as(tokens.author)).expect(400);
  });
});
