import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type MadeSpeach, type Person } from '../support/fixtures';

/** Issue 23 item 4 on the analytics page: which version each learner completed, and who owes a retraining. */
describe('GET /api/v2/analytics/speach/{speachId}/trainings', () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;
  let early: Person;
  let late: Person;
  let speach: MadeSpeach;
  const trainings = (who: Person, query: Record<string, string> = {}, id = speach.id) =>
    t.http.get(`/api/v2/analytics/speach/${id}/trainings`).query(query).set(who.auth);
  const readAll = async (who: Person) => {
    for (const c of speach.chapters) await t.http.post(`/api/v2/speach/${speach.id}/chapters/${c}/read`).set(who.auth).send({}).expect(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const f = fixtures(t);
    [admin, author, early, late] = await f.people('admin', 'author', 'learner', 'learner');
    speach = await f.published(author, { chapters: ['Before entry', 'Gowning order'] });
    // `early` completes version 1; version 2 is published; `late` completes version 2.
    await readAll(early);
    await t.http
      .put(`/api/v2/recorder/speach/${speach.id}/chapters/${speach.chapters[1]}/content`)
      .set(author.auth)
      .send({ type: 'HTML', html: '<p>Gloves after the mask.</p>' })
      .expect(200);
    await t.http.post(`/api/v2/recorder/speach/${speach.id}/publish`).set(admin.auth).send({}).expect(200);
    await readAll(late);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the version each learner completed, those on an older version first and flagged', async () => {
    const body = (await trainings(author).expect(200)).body;
    expect(body).toEqual(expect.objectContaining({ currentVersion: 2, total: 2, outdated: 1, page: 0, size: 20 }));
    expect(body.rows).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: early.id, firstName: early.firstName, lastName: early.lastName }),
        versionsRead: [1],
        completedVersion: 1,
        contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        pinned: true,
        signed: false,
        outdated: true,
        retrainingDue: null,
      }),
      expect.objectContaining({ user: expect.objectContaining({ id: late.id }), versionsRead: [2], completedVersion: 2, outdated: false }),
    ]);
    expect(body.rows[0].contentHash).not.toBe(body.rows[1].contentHash);
    expect(Date.parse(body.rows[1].completedAt)).not.toBeNaN();
    // The administrator sees the same; the filter and the paging narrow it.
    expect((await trainings(admin).expect(200)).body.rows).toHaveLength(2);
    const owing = (await trainings(author, { status: 'OUTDATED' }).expect(200)).body;
    expect(owing.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([early.id]);
    expect(owing).toEqual(expect.objectContaining({ total: 1, outdated: 1 }));
    const current = (await trainings(author, { status: 'CURRENT' }).expect(200)).body;
    expect(current.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([late.id]);
    const second = (await trainings(author, { page: '1', size: '1' }).expect(200)).body;
    expect(second).toEqual(expect.objectContaining({ total: 2, page: 1, size: 1 }));
    expect(second.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([late.id]);
  });

  it('once the learner reads the current version again, they no longer owe it', async () => {
    await readAll(early);
    const body = (await trainings(author).expect(200)).body;
    expect(body.outdated).toBe(0);
    expect(body.rows.find((r: { user: { id: string } }) => r.user.id === early.id)).toEqual(
      expect.objectContaining({ versionsRead: [1, 2], completedVersion: 2, outdated: false }),
    );
  });

  it('answers 400 naming the parameter, 403 to a learner, 404 for an unknown speach, 401 without a session', async () => {
    const field = async (query: Record<string, string>) => (await trainings(author, query).expect(400)).body.errors[0].field as string;
    expect(await field({ page: '-1' })).toBe('page');
    expect(await field({ size: '0' })).toBe('size');
    expect(await field({ size: '101' })).toBe('size');
    expect(await field({ status: 'LATE' })).toBe('status');
    // A learner may not see the others' records, even of a speach they completed.
    await trainings(early).expect(403);
    await trainings(admin, {}, 'unknown').expect(404);
    await t.http.get(`/api/v2/analytics/speach/${speach.id}/trainings`).expect(401);
  });
});
