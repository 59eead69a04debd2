import { CommandRunner } from '../../backend/infrastructure/decider/command-runner';
import { PROJECTION_RUNNER } from '../../backend/infrastructure/tokens';
import { addMonths, periodicReviewDecider } from '../../backend/workflow/periodic-review.decider';
import { periodicReviewStream } from '../../backend/workflow/workflow-streams';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

const DAY = 86_400_000;

describe('Periodic review API (issue #6)', () => {
  let t: TestApp;
  let people: Record<'admin' | 'author' | 'approver' | 'manager' | 'reader' | 'outsider', Person>;
  let tokens: Record<keyof typeof people, string>;
  let ids: Record<keyof typeof people, string>;
  let stepOneGroup: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  // Signed in again after the clock moves: sessions do not outlive 200 days.
  const login = async () => {
    tokens = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([k, p]) => [k, await t.login(p.email)] as const))) as typeof tokens;
  };
  const card = async (id: string) => (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(tokens.author)).expect(200)).body;
  const decide = (id: string, token: string, body: Record<string, unknown>) => t.http.post(`/api/v2/periodic-review/${id}/decision`).set(as(token)).send(body);

  /** A speach published through the two-step workflow with a periodic review of `frequency`, reviewed by the step-1 approver. */
  async function reviewed(title: string, frequency = 'ONE_YEAR') {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(tokens.author)).send({ title, language: 'en-US' }).expect(201)).body;
    await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(tokens.author)).send({ title: 'Procedure', parentId: null }).expect(201);
    await t.http.post('/api/v2/workflow/submit').set(as(tokens.author)).send({ speachId: id }).expect(200);
    await t.http.post(`/api/v2/workflow/speach/${id}/validate`).set(as(tokens.approver)).send({}).expect(200);
    await t.http
      .post(`/api/v2/workflow/speach/${id}/validate`)
      .set(as(tokens.manager))
      .send({ periodicReview: 'ON', frequency, delay: 'IMMEDIATELY' })
      .expect(200);
    await t.http
      .put('/api/v2/admin/speach/update-periodic-reviewers')
      .query({ speachId: id, users: JSON.stringify([ids.approver]), groups: '[]' })
      .set(as(tokens.admin))
      .expect(200);
    return id as string;
  }

  /** Published `monthsAgo` in the test's story: nothing in the API back-dates a review, so the decider does. */
  async function publishedAgo(title: string, monthsAgo: number) {
    const id = await reviewed(title, 'ONE_YEAR');
    const workflowId = ((await t.adapters.eventStore.readStream(`periodic-review-${id}`)).at(-1)!.data as { workflowId: string | null }).workflowId;
    const { position } = await t.app
      .get(CommandRunner)
      .run(
        periodicReviewDecider,
        periodicReviewStream(id),
        { type: 'Schedule', speachId: id, frequency: 'ONE_YEAR', from: addMonths(t.clock.now().toISOString(), -monthsAgo), workflowId },
        { userId: ids.admin },
      );
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitFor(position, 5000);
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    // Two steps, as most circuits: step 2 chooses the periodic review. The reader shares the step-1 approvers' group.
    stepOneGroup = await fx.group({ name: 'Quality approvers' });
    const stepTwoGroup = await fx.group({ name: 'Quality managers' });
    const outsiderGroup = await fx.group({ name: 'Maintenance approvers' });
    await fx.workflowDefinition({ name: 'Two-step review', groupIds: [stepOneGroup, stepTwoGroup], isDefault: true });
    people = {
      admin: await fx.admin(),
      author: await fx.user('author'),
      approver: await fx.user('approver', { groupIds: [stepOneGroup] }),
      manager: await fx.user('approver', { groupIds: [stepTwoGroup] }),
      reader: await fx.user('learner', { groupIds: [stepOneGroup] }),
      // An approver who reviews nothing here.
      outsider: await fx.user('approver', { groupIds: [outsiderGroup] }),
    };
    ids = Object.fromEntries(Object.entries(people).map(([k, p]) => [k, p.id])) as typeof ids;
    await login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('schedules the next review at publication plus the chosen years and shows it on the card', async () => {
    const id = await reviewed('Yearly procedure');
    const c = await card(id);
    const expected = new Date(t.clock.now());
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(c.metadata.nextPeriodicReview.slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
    expect(c.metadata.nextPeriodicReviewTimestamp).toBe(Date.parse(c.metadata.nextPeriodicReview));
    expect(c.metadata.periodicReviewUsers).toEqual([expect.objectContaining({ email: people.approver.email })]);
    // Not due yet: outside the 6-month warning window.
    expect((await decide(id, tokens.approver, { decision: 'NO_REVISION' }).expect(409)).body.message).toMatch(/not due/);
    const toReview = (await t.http.get('/api/v2/my/speachToReview').set(as(tokens.approver)).expect(200)).body;
    expect(toReview.result.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('lists the reviews inside the warning window for the reviewer and the admin list', async () => {
    // Due in two months (nearing), and one month overdue.
    await publishedAgo('Hand hygiene in production', 10);
    await publishedAgo('Deviation reporting', 13);
    const toReview = (await t.http.get('/api/v2/my/speachToReview').set(as(tokens.approver)).expect(200)).body;
    expect(toReview.result.map((r: { title: string }) => r.title)).toEqual(expect.arrayContaining(['Hand hygiene in production', 'Deviation reporting']));
    const nearing = (await t.http.get('/api/v2/my/periodicReviewsNearing').set(as(tokens.approver)).expect(200)).body;
    // The overdue one is to review but no longer "nearing".
    expect(nearing.result.map((r: { title: string }) => r.title)).toEqual(['Hand hygiene in production']);
    expect(nearing.total).toBe(1);

    const list = (await t.http.get('/api/v2/admin/periodic-reviews').set(as(tokens.admin)).expect(200)).body;
    expect(list.result.map((r: { title: string }) => r.title)).toEqual(['Deviation reporting', 'Hand hygiene in production']);
    expect(list.result[0].review).toEqual(expect.objectContaining({ status: 'SCHEDULED', frequency: 'ONE_YEAR', urgent: true }));
    const filtered = (await t.http.get('/api/v2/admin/periodic-reviews').query({ searchTitle: 'hygiene' }).set(as(tokens.admin)).expect(200)).body;
    expect(filtered.total).toBe(1);
    const bad = await t.http.get('/api/v2/admin/periodic-reviews').query({ startDateReview: '2026-13-45' }).set(as(tokens.admin)).expect(400);
    expect(bad.body.errors[0].field).toBe('startDateReview');
    await t.http.get('/api/v2/admin/periodic-reviews').query({ periodicReviewAction: 'LATER' }).set(as(tokens.admin)).expect(400);
    await t.http.get('/api/v2/admin/periodic-reviews').set(as(tokens.author)).expect(403);
    await t.http.get('/api/v2/admin/periodic-reviews').expect(401);
  });

  it('records who decided what and when; NO_REVISION schedules the next review from today', async () => {
    const id = await reviewed('Due in time', 'ONE_YEAR');
    t.clock.advance(200 * DAY); // inside the 6-month window before the review date
    await login();
    const nearing = (await t.http.get('/api/v2/my/periodicReviewsNearing').set(as(tokens.approver)).expect(200)).body;
    expect(nearing.result.map((r: { id: string }) => r.id)).toContain(id);

    await decide(id, tokens.outsider, { decision: 'NO_REVISION' }).expect(403);
    expect((await decide(id, tokens.approver, { decision: 'MAYBE' }).expect(400)).body.errors[0].field).toBe('decision');
    const decided = (await decide(id, tokens.approver, { decision: 'NO_REVISION', comment: 'Still accurate' }).expect(200)).body;
    expect(decided.metadata.periodicReviewOperation).toBe('NO_REVISION');
    const expected = new Date(t.clock.now());
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(decided.metadata.nextPeriodicReview.slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
    await decide(id, tokens.approver, { decision: 'NO_REVISION' }).expect(409);

    const events = await t.adapters.eventStore.readStream(`periodic-review-${id}`);
    const completed = events.find((e) => e.type === 'PeriodicReviewCompleted')!;
    expect(completed.data).toEqual(
      expect.objectContaining({ decision: 'NO_REVISION', reviewedBy: ids.approver, comment: 'Still accurate', at: t.clock.now().toISOString() }),
    );
  });

  it('REVISION_NEEDED and ARCHIVE wait for the author or the admins and show in the admin list by action', async () => {
    const revise = await reviewed('Needs a revision', 'ONE_YEAR');
    const archive = await reviewed('To archive', 'ONE_YEAR');
    t.clock.advance(200 * DAY);
    await login();
    await decide(revise, tokens.approver, { decision: 'REVISION_NEEDED', comment: 'Update the contacts' }).expect(200);
    await decide(archive, tokens.approver, { decision: 'ARCHIVE' }).expect(200);
    const revisions = (await t.http.get('/api/v2/admin/periodic-reviews').query({ periodicReviewAction: 'REVISION_NEEDED' }).set(as(tokens.admin)).expect(200))
      .body;
    expect(revisions.result.map((r: { id: string }) => r.id)).toEqual([revise]);
    expect(revisions.result[0].review.lastDecision).toEqual(expect.objectContaining({ decision: 'REVISION_NEEDED', comment: 'Update the contacts' }));
    const archives = (await t.http.get('/api/v2/admin/speach').query({ periodicReviewAction: 'ARCHIVE', state: 'PUBLIE' }).set(as(tokens.admin)).expect(200))
      .body;
    expect(archives.result.map((r: { id: string }) => r.id)).toContain(archive);
    // The revised version goes through the workflow again, which schedules a new review.
    await t.http.post('/api/v2/workflow/submit').set(as(tokens.author)).send({ speachId: revise }).expect(200);
    await t.http.post(`/api/v2/workflow/speach/${revise}/validate`).set(as(tokens.approver)).send({}).expect(200);
    await t.http
      .post(`/api/v2/workflow/speach/${revise}/validate`)
      .set(as(tokens.manager))
      .send({ periodicReview: 'ON', frequency: 'THREE_YEARS', delay: 'IMMEDIATELY' })
      .expect(200);
    const again = await card(revise);
    expect(again.metadata.periodicReviewOperation).toBe('REVISION_NEEDED');
    const expected = new Date(t.clock.now());
    expected.setUTCFullYear(expected.getUTCFullYear() + 3);
    expect(again.metadata.nextPeriodicReview.slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
  });

  it("a reviewer group member without the APPROVER role is not told, has nothing to review and decides nothing (403); the group's approvers do", async () => {
    const readerId = ids.reader;
    const approverId = ids.approver;
    const shared = stepOneGroup;
    const id = await reviewed('Reviewed by a group');
    await t.http
      .put('/api/v2/admin/speach/update-periodic-reviewers')
      .query({ speachId: id, users: '[]', groups: JSON.stringify([shared]) })
      .set(as(tokens.admin))
      .expect(200);
    const told = await t.adapters.readStore
      .collection<{ _id: string; userId: string }>('notifications')
      .find({ speachId: id, type: 'PERIODIC_REVIEW_ASSIGNED' });
    expect(told.map((n) => n.userId)).toContain(approverId);
    expect(told.map((n) => n.userId)).not.toContain(readerId);
    for (const grid of ['speachToReview', 'periodicReviewsNearing']) {
      expect((await t.http.get(`/api/v2/my/${grid}`).set(as(tokens.reader)).expect(200)).body).toEqual({ result: [], total: 0 });
    }
    await decide(id, tokens.reader, { decision: 'NO_REVISION' }).expect(403);
    t.clock.advance(200 * DAY);
    await login();
    await decide(id, tokens.reader, { decision: 'NO_REVISION' }).expect(403);
    await decide(id, tokens.approver, { decision: 'NO_REVISION' }).expect(200);
  });
});
