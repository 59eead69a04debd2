import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface EditedPage {
  result: { pathId: string; title: string; state: string; speachCount: number; slug: string }[];
  total: number;
}

/** `GET /api/v2/my/learningPathsEdited`: the paths an author owns, for the home's "My learning paths". */
describe('GET /api/v2/my/learningPathsEdited', () => {
  let t: TestApp;
  let author: string;
  let otherAuthor: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = async (token: string, title: string) =>
    (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(token))
        .send({ path: JSON.stringify({ title }) })
        .expect(200)
    ).body as { pathId: string; version: number };

  beforeAll(async () => {
    t = await startTestApp();
    [author, otherAuthor, reader] = (await fixtures(t).people('author', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the caller’s own paths, last changed first, without the archived ones nor other authors’', async () => {
    const first = await create(author, 'Mine: first');
    const archived = await create(author, 'Mine: archived');
    await create(otherAuthor, 'Not mine');
    const second = await create(author, 'Mine: second');
    await t.http.put(`/api/v2/learningPath/${archived.pathId}/archive`).query({ version: archived.version }).set(as(author)).expect(200);

    const page = (await t.http.get('/api/v2/my/learningPathsEdited').set(as(author)).expect(200)).body as EditedPage;
    const mine = page.result.filter((p) => p.title.startsWith('Mine') || p.title === 'Not mine');
    expect(mine.map((p) => p.title)).toEqual(['Mine: second', 'Mine: first']);
    expect(mine[0]).toEqual(expect.objectContaining({ pathId: second.pathId, state: 'NON_PUBLIE', speachCount: 0, slug: 'mine-second' }));
    expect(page.result.map((p) => p.pathId)).toContain(first.pathId);
    expect(page.total).toBe(page.result.length);
  });

  it('answers 400 naming the page when it is not a whole number from 0', async () => {
    const response = await t.http.get('/api/v2/my/learningPathsEdited').query({ page: -1 }).set(as(author)).expect(400);
    expect((response.body.errors as { field: string }[]).map((e) => e.field)).toContain('page');
  });

  it('answers 403 to a user who is neither author nor administrator', async () => {
    await t.http.get('/api/v2/my/learningPathsEdited').set(as(reader)).expect(403);
  });
});
