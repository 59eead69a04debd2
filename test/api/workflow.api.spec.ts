import { ReadModels } from '../../backend/infrastructure/read-models';
import { SiteSettings } from '../../backend/site/site-settings.service';
import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('Validation workflow API (issue #6)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let approver: string;
  let stepTwo: string;
  let otherApprover: string;
  let reader: string;
  let ids: Record<string, string>;
  let compliance: string;
  let emails: Record<string, string>;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function publishable(title = 'Forklift safety', categoryId: string | null = null) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US', categoryId }).expect(201)).body as {
      id: string;
    };
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Introduction', parentId: null }).expect(201))
      .body.chapterId;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Look around</p>' })
      .expect(200);
    return { id, chapterId };
  }
  const card = async (id: string, token = author) =>
    (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(token)).expect(200)).body;
  const submit = (id: string, body: Record<string, unknown> = {}, token = author) =>
    t.http
      .post('/api/v2/workflow/submit')
      .set(as(token))
      .send({ speachId: id, ...body });
  const validate = (id: string, token: string, body: Record<string, unknown> = {}) =>
    t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(token)).send(body);
  const reject = (id: string, token: string, body: Record<string, unknown>) => t.http.post(`/api/v2/workflow/speach/${id}/reject`).set(as(token)).send(body);
  const final = { periodicReview: 'ON', frequency: 'TWO_YEARS', delay: 'IMMEDIATELY' };

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    // Two steps: quality (the approver's group), then human resources (Emma, an author who also approves). Compliance speaches are covered.
    compliance = await fx.category({ name: 'Compliance' });
    const [quality, hr] = [await fx.group({ name: 'Quality & compliance' }), await fx.group({ name: 'Human resources' })];
    await fx.group({ name: 'Sales' });
    const [adminP, authorP, readerP] = await fx.people('admin', 'author', 'learner');
    const approverP = await fx.user('approver', { groupIds: [quality] });
    const emma = await fx.user('approver', { firstName: 'Emma', lastName: 'Bernard', roles: ['FORMATEUR', 'APPROVER'], groupIds: [hr] });
    const lucas = await fx.user('approver', { firstName: 'Lucas', lastName: 'Weber' });
    await fx.workflowDefinition({ name: 'Quality then HR', groupIds: [quality, hr], isDefault: true, categoryIds: [compliance] });
    [admin, author, approver, stepTwo, otherApprover, reader] = [adminP, authorP, approverP, emma, lucas, readerP].map((p) => p.token);
    ids = { author: authorP.id, approver: approverP.id, stepTwo: emma.id, otherApprover: lucas.id, reader: readerP.id };
    emails = { approver: approverP.email, stepTwo: emma.email };
  });
  afterAll(async () => {
    await t.close();
  });

  describe('end to end: two steps, a rejection, a resubmission, then publication', () => {
    it('goes from submission to publication with the periodic review scheduled', async () => {
      const { id } = await publishable('Scenario speach', compliance);
      // While the workflow is on, a compliance speach (covered by the default definition) is published through submission only.
      const direct = await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(409);
      expect(direct.body.message).toMatch(/submit this speach for validation/);

      const submitted = (await submit(id).expect(200)).body;
      expect(submitted).toEqual(
        expect.objectContaining({ state: 'AWAITING_VALIDATION', currentStep: 1, totalSteps: 2, name: 'Quality then HR', anonymous: false }),
      );
      expect(submitted.steps.map((s: { groupName: string; status: string }) => [s.groupName, s.status])).toEqual([
        ['Quality & compliance', 'ACTIVE'],
        ['Human resources', 'INACTIVE'],
      ]);
      expect(await card(id)).toEqual(
        expect.objectContaining({ isWorkflowInProgress: true, wf_state: 'AWAITING_VALIDATION', wf_step: 1, wf_total_step: 2, wf_name: 'Quality then HR' }),
      );

      const toValidate = (await t.http.get('/api/v2/my/speachWorkflowToValidate').set(as(approver)).expect(200)).body;
      expect(toValidate.result.find((c: { id: string }) => c.id === id)).toEqual(expect.objectContaining({ canApprove: true }));
      const notMine = (await t.http.get('/api/v2/my/speachWorkflowToValidate').set(as(stepTwo)).expect(200)).body;
      expect(notMine.result.map((c: { id: string }) => c.id)).not.toContain(id);

      // Step 1: the approver reads the draft, a member of step 2 may not act yet, then step 1 validates.
      const draft = (await t.http.get(`/api/v2/workflow/speach/${id}/draft`).set(as(approver)).expect(200)).body;
      expect(draft.chapters[0].title).toBe('Introduction');
      await validate(id, stepTwo).expect(403);
      await validate(id, author).expect(403);
      const afterOne = (await validate(id, approver).expect(200)).body;
      expect(afterOne).toEqual(expect.objectContaining({ currentStep: 2, state: 'AWAITING_VALIDATION' }));
      expect(afterOne.steps[0]).toEqual(expect.objectContaining({ status: 'VALIDATED', validatedBy: expect.objectContaining({ email: emails.approver }) }));

      // Step 2 rejects: a comment is required.
      const noComment = await reject(id, stepTwo, { comment: '  ' }).expect(400);
      expect(noComment.body.errors).toEqual([{ field: 'comment', reason: 'A rejection needs a comment' }]);
      const rejected = (await reject(id, stepTwo, { comment: 'Add the load chart' }).expect(200)).body;
      expect(rejected).toEqual(expect.objectContaining({ state: 'REJECTED', currentStep: 2 }));
      expect(rejected.rejected).toEqual(expect.objectContaining({ comment: 'Add the load chart', stepNumber: 2, groupName: 'Human resources' }));
      expect(await card(id)).toEqual(expect.objectContaining({ wf_state: 'REJECTED', wf_step: 2 }));
      const inProgress = (await t.http.get('/api/v2/my/speachInWorkflowValidation').set(as(author)).expect(200)).body;
      expect(inProgress.result.find((c: { id: string }) => c.id === id)).toEqual(expect.objectContaining({ wf_state: 'REJECTED' }));
      await validate(id, stepTwo, final).expect(409);

      // The author edits and resubmits; both steps validate again.
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(author)).send({ description: 'With the load chart' }).expect(200);
      await t.http.post(`/api/v2/workflow/speach/${id}/resubmit`).set(as(reader)).send({}).expect(403);
      const resubmitted = (await t.http.post(`/api/v2/workflow/speach/${id}/resubmit`).set(as(author)).send({}).expect(200)).body;
      expect(resubmitted).toEqual(expect.objectContaining({ state: 'AWAITING_VALIDATION', currentStep: 1, rejected: null }));
      await validate(id, approver).expect(200);
      const noDate = await validate(id, stepTwo, { ...final, delay: 'NEW_DATE' }).expect(400);
      expect(noDate.body.errors).toEqual([{ field: 'date', reason: 'NEW_DATE needs a date' }]);
      const done = (await validate(id, stepTwo, final).expect(200)).body;
      expect(done).toEqual(
        expect.objectContaining({
          state: 'COMPLETED',
          completion: expect.objectContaining({ periodicReview: 'ON', frequency: 'TWO_YEARS', delay: 'IMMEDIATELY' }),
        }),
      );
      expect(done.history.map((h: { type: string }) => h.type)).toEqual([
        'WorkflowSubmitted',
        'WorkflowStepValidated',
        'WorkflowRejected',
        'WorkflowResubmitted',
        'WorkflowStepValidated',
        'WorkflowStepValidated',
        'WorkflowCompleted',
      ]);

      const published = await card(id);
      expect(published).toEqual(expect.objectContaining({ state: 'PUBLIE', publication: true, isWorkflowInProgress: false, wf_state: null }));
      const expected = new Date(t.clock.now());
      expected.setUTCMonth(expected.getUTCMonth() + 24);
      expect(published.metadata.nextPeriodicReview.slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
      await validate(id, stepTwo, final).expect(409);

      // Notifications: approvers are asked to validate; the author hears of the refusal and the validation.
      const notifications = t.adapters.readStore.collection<{ _id: string; userId: string; type: string; speachId: string; data: Record<string, unknown> }>(
        'notifications',
      );
      const mine = await notifications.find({ speachId: id, userId: ids.author });
      expect(mine.map((n) => n.type)).toEqual(expect.arrayContaining(['VALIDATED_BY_USER', 'REFUSED', 'WORKFLOW_VALIDATED']));
      expect(mine.find((n) => n.type === 'REFUSED')?.data).toEqual(expect.objectContaining({ comment: 'Add the load chart', step: 2 }));
      const asked = await notifications.find({ speachId: id, type: 'SPEACH_TO_VALIDATE' });
      expect(asked.map((n) => n.userId)).toEqual(expect.arrayContaining([ids.approver, ids.stepTwo]));
    });
  });

  describe('publication gate', () => {
    it('refuses an author\'s "Publish now" while the workflow is on, whatever the category (issue #16); an admin still may (spec §6)', async () => {
      const free = await publishable('Uncovered');
      const refused = await t.http.post(`/api/v2/recorder/speach/${free.id}/publish`).set(as(author)).send({}).expect(409);
      expect(refused.body.message).toMatch(/submit this speach for validation/);
      const card = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: free.id }).set(as(author)).expect(200);
      expect(card.body).toEqual(expect.objectContaining({ state: 'NON_PUBLIE', publication: false }));
      await t.http.post(`/api/v2/recorder/speach/${free.id}/publish`).set(as(author)).send({ at: '2099-01-01T00:00:00.000Z' }).expect(409);
      await t.http.post(`/api/v2/recorder/speach/${free.id}/publish`).set(as(admin)).send({}).expect(200);
      const covered = await publishable('Covered', compliance);
      await t.http.post(`/api/v2/recorder/speach/${covered.id}/publish`).set(as(admin)).send({}).expect(200);
    });
  });

  describe('POST /api/v2/workflow/submit', () => {
    it('answers 400 naming the field, 403 to a reader or another author, 404 for an unknown speach, 409 when already submitted', async () => {
      const { id } = await publishable();
      const missing = await t.http.post('/api/v2/workflow/submit').set(as(author)).send({}).expect(400);
      expect(missing.body.errors[0].field).toBe('speachId');
      expect((await submit(id, { definitionId: 'nope' }).expect(400)).body.errors).toEqual([{ field: 'definitionId', reason: 'Unknown workflow definition' }]);
      expect((await submit(id, { anonymous: true, approvers: [] }).expect(400)).body.errors[0].field).toBe('approvers');
      expect((await submit(id, { anonymous: true, approvers: [{ id: ids.reader }] }).expect(400)).body.errors[0].reason).toMatch(/approver role/);
      expect((await submit(id, { scheduledAt: '2001-01-01T00:00:00Z' }).expect(400)).body.errors[0].field).toBe('scheduledAt');
      await submit(id, {}, reader).expect(403);
      await submit(id, {}, stepTwo).expect(403); // an author who may not edit this speach
      await submit('unknown').expect(404);
      await submit(id).expect(200);
      await submit(id).expect(409);
    });
    it("answers with the speach decider's own rules on the speach as just written: a template (409), no chapter (400 naming chapters)", async () => {
      const create = async (body: Record<string, unknown>) =>
        (
          await t.http
            .post('/api/v2/recorder/speach')
            .set(as(author))
            .send({ language: 'en-US', ...body })
            .expect(201)
        ).body.id as string;
      const template = await create({ title: 'A template', isTemplate: true });
      expect((await submit(template).expect(409)).body.message).toBe('A template is not published: create a speach from it.');
      const empty = await create({ title: 'Nothing yet' });
      expect((await submit(empty).expect(400)).body.errors).toEqual([{ field: 'chapters', reason: 'Add at least one chapter before publishing' }]);
      // The chapter added just before counts: the submission is decided on the speach's stream, not on a read model.
      await t.http.post(`/api/v2/recorder/speach/${empty}/chapters`).set(as(author)).send({ title: 'Now one', parentId: null }).expect(201);
      expect((await submit(empty).expect(200)).body.state).toBe('AWAITING_VALIDATION');
    });
    it('validate reads the site flags once and waits for the read models once', async () => {
      const { id } = await publishable('Counted reads', compliance);
      await submit(id).expect(200);
      const flags = jest.spyOn(t.app.get(SiteSettings), 'flags');
      const settle = jest.spyOn(t.app.get(ReadModels), 'settle');
      try {
        expect((await validate(id, approver).expect(200)).body).toEqual(expect.objectContaining({ state: 'AWAITING_VALIDATION', currentStep: 2 }));
        expect(flags).toHaveBeenCalledTimes(1);
        expect(settle).toHaveBeenCalledTimes(1);
      } finally {
        flags.mockRestore();
        settle.mockRestore();
      }
    });
    it('answers 401 without a session', async () => {
      await t.http.post('/api/v2/workflow/submit').send({ speachId: 'x' }).expect(401);
      await t.http.get('/api/v2/my/speachWorkflowToValidate').expect(401);
    });
  });

  describe('anonymous workflow', () => {
    it('follows the author’s ordered list of approvers with their roles', async () => {
      const { id } = await publishable('Anonymous one');
      const body = (
        await submit(id, {
          anonymous: true,
          approvers: [
            { id: ids.otherApprover, role: ' Support lead ' },
            { id: ids.approver, role: '' },
          ],
        }).expect(200)
      ).body;
      expect(body.steps.map((s: { userName: string; role: string | null }) => [s.userName, s.role])).toEqual([
        ['Lucas Weber', 'Support lead'],
        ['Chloé Schmidt', null],
      ]);
      await validate(id, approver).expect(403);
      await validate(id, otherApprover).expect(200);
      const rejected = (await reject(id, approver, { comment: 'Not yet' }).expect(200)).body;
      expect(rejected.rejected).toEqual(expect.objectContaining({ userName: 'Chloé Schmidt', stepNumber: 2 }));
    });
  });

  describe('validation dialog rules', () => {
    it('refuses SCHEDULED without a requested date, accepts a NEW_DATE, and publishes at that date', async () => {
      const { id } = await publishable('Dated');
      await submit(id).expect(200);
      await validate(id, approver).expect(200);
      expect((await validate(id, stepTwo, { ...final, delay: 'SCHEDULED' }).expect(400)).body.errors[0].field).toBe('delay');
      expect((await validate(id, stepTwo, { periodicReview: 'ON', delay: 'IMMEDIATELY' }).expect(400)).body.errors[0].field).toBe('frequency');
      expect((await validate(id, stepTwo, { ...final, delay: 'LATER' }).expect(400)).body.errors[0].field).toBe('delay');
      const date = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString();
      await validate(id, stepTwo, { periodicReview: 'OFF', delay: 'NEW_DATE', date }).expect(200);
      const scheduled = await card(id);
      expect(scheduled).toEqual(expect.objectContaining({ delayed_till: date, publication: false }));
      expect(scheduled.metadata.nextPeriodicReview).toBeNull();
    });
    it('forces the periodic review for a GMP-regulated speach and publishes on the scheduled date', async () => {
      const { id } = await publishable('GMP');
      const scheduledAt = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString();
      const body = (await submit(id, { regulatedGmp: true, scheduledAt }).expect(200)).body;
      expect(body).toEqual(expect.objectContaining({ regulatedGmp: true, scheduledAt, scheduledExpired: false }));
      expect((await card(id)).regulated_gmp).toBe(true);
      // A regulated workflow's decisions are signed (issue 23): the first signature of a session gives the e-mail too.
      const signed = (email: string) => ({ signature: { password: DEMO_PASSWORD, meaning: 'approved', email } });
      await validate(id, approver, signed(emails.approver)).expect(200);
      expect((await validate(id, stepTwo, { periodicReview: 'OFF', delay: 'SCHEDULED', ...signed(emails.stepTwo) }).expect(400)).body.errors[0].reason).toMatch(
        /GMP/,
      );
      await validate(id, stepTwo, { periodicReview: 'ON', frequency: 'ONE_YEAR', delay: 'SCHEDULED', ...signed(emails.stepTwo) }).expect(200);
      expect((await card(id)).delayed_till).toBe(scheduledAt);
    });
  });

  describe('admin calls', () => {
    it('cancelWorkflow: admins only; validated steps are ignored and nothing is published', async () => {
      const { id } = await publishable('To cancel');
      await submit(id).expect(200);
      await validate(id, approver).expect(200);
      await t.http.put('/api/v2/admin/speach/cancelWorkflow').query({ speachId: id }).set(as(author)).expect(403);
      await t.http.put('/api/v2/admin/speach/cancelWorkflow').query({}).set(as(admin)).expect(400);
      const cancelled = (await t.http.put('/api/v2/admin/speach/cancelWorkflow').query({ speachId: id }).set(as(admin)).expect(200)).body;
      expect(cancelled).toEqual(expect.objectContaining({ isWorkflowInProgress: false, publication: false }));
      await validate(id, stepTwo, final).expect(409);
      await t.http.put('/api/v2/admin/speach/cancelWorkflow').query({ speachId: id }).set(as(admin)).expect(409);
      // A cancelled workflow leaves the speach free to be submitted again.
      await submit(id).expect(200);
      const inWorkflow = (await t.http.get('/api/v2/admin/speach').query({ inWorkflow: true }).set(as(admin)).expect(200)).body;
      expect(inWorkflow.result.map((c: { id: string }) => c.id)).toContain(id);
    });
    it('workflow-representation answers the graph for admins only', async () => {
      const { id } = await publishable('Represented');
      await submit(id).expect(200);
      const graph = (await t.http.get('/api/v2/admin/speach/workflow-representation').query({ speachId: id }).set(as(admin)).expect(200)).body;
      expect(graph).toEqual(expect.objectContaining({ speachId: id, state: 'AWAITING_VALIDATION', canCancel: true, canValidate: false }));
      expect(
        (await t.http.get('/api/v2/admin/speach/workflow-representation').query({ speachId: id, stateFilter: 'NOPE' }).set(as(admin)).expect(400)).body
          .errors[0].field,
      ).toBe('stateFilter');
      await t.http.get('/api/v2/admin/speach/workflow-representation').query({ speachId: id }).set(as(author)).expect(403);
      // A learner with no part in the workflow does not see it.
      await t.http.get(`/api/v2/workflow/speach/${id}`).set(as(otherApprover)).expect(404);
      await t.http.get(`/api/v2/workflow/speach/${id}`).set(as(approver)).expect(200);
    });
  });

  describe('workflow definitions', () => {
    it('lists, creates, versions and deletes definitions; a running workflow keeps its snapshot', async () => {
      const list = await t.http.get('/api/rest/workflow-definitions').set(as(admin)).expect(200);
      expect(list.headers['content-range']).toMatch(/^workflow-definitions 0-0\/1$/);
      expect(list.body[0]).toEqual(expect.objectContaining({ name: 'Quality then HR', isDefault: true, version: 1 }));
      const groups = (await t.http.get('/api/v2/admin/speach/groups').set(as(admin)).expect(200)).body as { id: string; name: string }[];
      const sales = groups.find((g) => g.name === 'Sales')!.id;

      const bad = await t.http
        .post('/api/rest/workflow-definitions')
        .set(as(admin))
        .send({ name: 'X', steps: [{ groupId: 'nope' }] })
        .expect(400);
      expect(bad.body.errors).toEqual([{ field: 'steps[0].groupId', reason: 'Unknown group' }]);
      await t.http
        .post('/api/rest/workflow-definitions')
        .set(as(admin))
        .send({ name: '', steps: [{ groupId: sales }] })
        .expect(400);
      await t.http
        .post('/api/rest/workflow-definitions')
        .set(as(author))
        .send({ name: 'Sales', steps: [{ groupId: sales }] })
        .expect(403);
      const created = (
        await t.http
          .post('/api/rest/workflow-definitions')
          .set(as(admin))
          .send({ name: 'Sales only', steps: [{ groupId: sales }] })
          .expect(201)
      ).body;
      expect(created).toEqual(
        expect.objectContaining({
          name: 'Sales only',
          version: 1,
          isDefault: false,
          categoryIds: [],
          steps: [{ order: 1, groupId: sales, groupName: 'Sales' }],
        }),
      );
      const badCategory = await t.http
        .post('/api/rest/workflow-definitions')
        .set(as(admin))
        .send({ name: 'X', steps: [{ groupId: sales }], categoryIds: ['ghost'] })
        .expect(400);
      expect(badCategory.body.errors).toEqual([{ field: 'categoryIds', reason: 'Unknown category ghost' }]);

      const { id } = await publishable('Snapshot');
      await submit(id, { definitionId: created.id }).expect(200);
      const changed = (
        await t.http
          .put(`/api/rest/workflow-definitions/${created.id}`)
          .set(as(admin))
          .send({ ...created, name: 'Sales and HR', steps: [{ groupId: sales }, { groupId: groups.find((g) => g.name === 'Human resources')!.id }] })
          .expect(200)
      ).body;
      expect(changed).toEqual(expect.objectContaining({ version: 2, name: 'Sales and HR' }));
      const running = (await t.http.get(`/api/v2/workflow/speach/${id}`).set(as(author)).expect(200)).body;
      expect(running).toEqual(expect.objectContaining({ name: 'Sales only', totalSteps: 1 }));

      const choices = (await t.http.get('/api/v2/workflow/definitions').set(as(author)).expect(200)).body;
      expect(choices[0]).toEqual(expect.objectContaining({ isDefault: true }));
      await t.http.get('/api/v2/workflow/definitions').set(as(reader)).expect(403);

      await t.http.delete(`/api/rest/workflow-definitions/${created.id}`).set(as(admin)).expect(200);
      await t.http.get(`/api/rest/workflow-definitions/${created.id}`).set(as(admin)).expect(404);
      await t.http.delete(`/api/rest/workflow-definitions/${created.id}`).set(as(admin)).expect(404);
    });
  });

  describe('workflowEnabled off', () => {
    it('answers 409 to the workflow commands, empties the grids and lets authors publish directly', async () => {
      const { id } = await publishable('While disabled', compliance);
      await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ workflowEnabled: false }).expect(200);
      try {
        expect((await submit(id).expect(409)).body.message).toBe('The validation workflow is disabled');
        expect((await t.http.get('/api/v2/my/speachWorkflowToValidate').set(as(approver)).expect(200)).body).toEqual({ result: [], total: 0 });
        expect((await t.http.get('/api/v2/my/speachInWorkflowValidation').set(as(author)).expect(200)).body).toEqual({ result: [], total: 0 });
        await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      } finally {
        await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ workflowEnabled: true }).expect(200);
      }
    });
  });

  describe("the approver's and the author's tabs", () => {
    it('shows the approver the speaches awaiting them, an anonymous one included, and the author a rejected one', async () => {
      const audit = await publishable('Supplier audit checklist');
      const gowning = await publishable('Cleanroom gowning procedure', compliance);
      const escalation = await publishable('Customer escalation playbook');
      const expense = await publishable('Expense policy 2027');
      await submit(audit.id).expect(200);
      await submit(gowning.id).expect(200);
      await submit(escalation.id, { anonymous: true, approvers: [{ id: ids.approver }, { id: ids.otherApprover }] }).expect(200);
      await submit(expense.id).expect(200);
      await reject(expense.id, approver, { comment: 'Wrong year' }).expect(200);
      const toValidate = (await t.http.get('/api/v2/my/speachWorkflowToValidate').set(as(approver)).expect(200)).body;
      const titles = toValidate.result.map((c: { title: string }) => c.title);
      expect(titles).toEqual(expect.arrayContaining(['Supplier audit checklist', 'Cleanroom gowning procedure', 'Customer escalation playbook']));
      expect(titles).not.toContain('Expense policy 2027');
      const authorTab = (await t.http.get('/api/v2/my/speachInWorkflowValidation').set(as(author)).expect(200)).body;
      const rejected = authorTab.result.find((c: { title: string }) => c.title === 'Expense policy 2027');
      expect(rejected).toEqual(expect.objectContaining({ wf_state: 'REJECTED', wf_step: 1, wf_total_step: 2 }));
    });
  });
});
