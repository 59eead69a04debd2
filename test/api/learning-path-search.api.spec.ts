import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface PathResult {
  kind: string;
  pathId: string;
  title: string;
  slug: string;
  url: string;
}

/** Issue 18: published paths the user may open appear in the search results, by title and description. */
describe('Learning path search API (issue 18)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let approver: string;
  let readerId: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const search = (token: string, query: Record<string, string | number>) => t.http.get('/api/v2/learningPath/search').query(query).set(as(token));
  const found = async (token: string, term: string) => ((await search(token, { term }).expect(200)).body.results as PathResult[]).map((r) => r.pathId);

  async function path(title: string, description: string, extra: Record<string, unknown> = {}) {
    const saved = await t.http
      .put('/api/v2/learningPath')
      .set(as(author))
      .send({ path: JSON.stringify({ title, description, ...extra }) })
      .expect(200);
    const pathId = saved.body.pathId as string;
    await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${speachId}`).set(as(author)).expect(200);
    return pathId;
  }
  const publish = (pathId: string) => t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader, approver] = (await fixtures(t).people('admin', 'author', 'learner', 'approver')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id;
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Path search speach', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'One' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>x</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    speachId = id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds an open published path by a word prefix of its title or description, as its own kind with a link to the path page', async () => {
    const pathId = await path('Forklift certification', 'Warehouse équipement handling', { openForSelfEnrolment: true });
    expect(await found(reader, 'forklift')).toEqual([]);
    await publish(pathId);
    const body = (await search(reader, { term: 'Forkl' }).expect(200)).body;
    expect(body.total).toBe(1);
    expect(body.results[0]).toEqual(
      expect.objectContaining({
        kind: 'PATH',
        pathId,
        title: 'Forklift certification',
        slug: 'forklift-certification',
        url: `/p/${pathId}/forklift-certification`,
        speachCount: 1,
      }),
    );
    expect(await found(reader, 'equipement warehouse')).toEqual([pathId]);
    // A word must start where a word starts: "lift" is inside "forklift", not a word of it.
    expect(await found(reader, 'lift')).toEqual([]);
    expect(await found(reader, 'forklift submarine')).toEqual([]);
  });

  it('shows a restricted path to its assignees, owner and administrators only', async () => {
    const pathId = await path('Quarantine procedures', 'Biohazard steps');
    await t.http.put(`/api/v2/learningPath/${pathId}/changeUser`).query({ userId: readerId, add: 'true' }).set(as(author)).expect(200);
    await publish(pathId);
    expect(await found(reader, 'quarantine')).toEqual([pathId]);
    expect(await found(author, 'quarantine')).toEqual([pathId]);
    expect(await found(admin, 'quarantine')).toEqual([pathId]);
    expect(await found(approver, 'quarantine')).toEqual([]);
  });

  it('forgets unpublished and archived paths, and follows a renamed title', async () => {
    const pathId = await path('Scaffold inspection', 'Heights', { openForSelfEnrolment: true });
    await publish(pathId);
    expect(await found(reader, 'scaffold')).toEqual([pathId]);
    await t.http.put(`/api/v2/learningPath/${pathId}/unpublish`).set(as(author)).expect(200);
    expect(await found(reader, 'scaffold')).toEqual([]);
    await publish(pathId);
    await t.http
      .put('/api/v2/learningPath')
      .set(as(author))
      .send({ path: JSON.stringify({ pathId, title: 'Ladder inspection' }) })
      .expect(200);
    expect(await found(reader, 'scaffold')).toEqual([]);
    expect(await found(reader, 'ladder inspection')).toEqual([pathId]);
    await t.http.put(`/api/v2/learningPath/${pathId}/archive`).set(as(author)).expect(200);
    expect(await found(reader, 'ladder inspection')).toEqual([]);
  });

  it('takes regex characters and huge terms, answers 400 naming the field on a bad page, 401 anonymous', async () => {
    for (const term of ['.*', '(', '[a-z', '\\', '$^+?{}|', `forklift ${'x'.repeat(10_000)}`]) {
      const body = (await search(reader, { term }).expect(200)).body;
      expect(body).toEqual({ results: expect.any(Array), total: expect.any(Number) });
    }
    const bad = await search(reader, { term: 'x', page: -1 }).expect(400);
    expect(bad.body.errors[0].field).toBe('page');
    await t.http.get('/api/v2/learningPath/search').query({ term: 'forklift' }).expect(401);
  });
});
