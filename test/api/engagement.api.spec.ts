import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #5 item 4: rating, follow and comments of a published speach (docs/engagement-api.md). */
describe('Engagement API', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let approver: string;
  let reader: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function published(title: string, token = author) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(token)).send({ title, language: 'en-US' }).expect(201)).body;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(token)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(token)).send({ type: 'HTML', html: '<p>Hello</p>' }).expect(200);
    // Published by an admin: with the workflow on, an author's publication is a submission.
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return id as string;
  }

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, approver, reader] = (await fixtures(t).people('admin', 'author', 'approver', 'learner')).map((p) => p.token);
    speachId = await published('Ladder safety');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/v2/speach/:id/engagement', () => {
    it('answers the rating, follow, bookmark and comment state for the viewer', async () => {
      const summary = (await t.http.get(`/api/v2/speach/${speachId}/engagement`).set(as(reader)).expect(200)).body;
      expect(summary).toEqual({
        speachID: speachId,
        rating: { average: null, count: 0, mine: null, editable: true },
        isFollowed: false,
        isFavori: false,
        canFollow: true,
        commentsEnabled: true,
        commentCount: 0,
      });
      const own = (await t.http.get(`/api/v2/speach/${speachId}/engagement`).set(as(author)).expect(200)).body;
      expect(own.rating.editable).toBe(false);
    });
    it('answers 404 for a draft the reader cannot open, 401 anonymous', async () => {
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Draft', language: 'en-US' }).expect(201)).body;
      await t.http.get(`/api/v2/speach/${id}/engagement`).set(as(reader)).expect(404);
      await t.http.get(`/api/v2/speach/${speachId}/engagement`).expect(401);
    });
  });

  describe('PUT /api/v2/speach/:id/rating', () => {
    it('rates, replaces a rating, and fills the average in the speach card', async () => {
      const first = (await t.http.put(`/api/v2/speach/${speachId}/rating`).set(as(reader)).send({ rating: 4 }).expect(200)).body;
      expect(first.rating).toEqual({ average: 4, count: 1, mine: 4, editable: true });
      await t.http.put(`/api/v2/speach/${speachId}/rating`).set(as(approver)).send({ rating: 1 }).expect(200);
      const replaced = (await t.http.put(`/api/v2/speach/${speachId}/rating`).set(as(reader)).send({ rating: 5 }).expect(200)).body;
      expect(replaced.rating).toEqual({ average: 3, count: 2, mine: 5, editable: true });
      const card = (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: speachId }).set(as(reader)).expect(200)).body;
      expect(card.rating).toBe(3);
      const search = (await t.http.get('/api/v2/speach/search').query({ term: 'Ladder safety' }).set(as(reader)).expect(200)).body;
      expect(search.results.find((c: { id: string }) => c.id === speachId).rating).toBe(3);
    });
    it.each([[6], [0], [2.5], ['four'], [null]])('answers 400 naming the field for %p', async (rating) => {
      const bad = await t.http.put(`/api/v2/speach/${speachId}/rating`).set(as(reader)).send({ rating }).expect(400);
      expect(bad.body.errors).toEqual(expect.arrayContaining([{ field: 'rating', reason: 'rating must be a whole number from 1 to 5' }]));
    });
    it('answers 400 on an unknown field and writes nothing', async () => {
      await t.http.put(`/api/v2/speach/${speachId}/rating`).set(as(reader)).send({ rating: 1, stars: 1 }).expect(400);
      expect((await t.http.get(`/api/v2/speach/${speachId}/engagement`).set(as(reader)).expect(200)).body.rating.mine).toBe(5);
    });
    it('answers 403 to the author of the speach, 404 on a draft, 401 anonymous', async () => {
      const own = await t.http.put(`/api/v2/speach/${speachId}/rating`).set(as(author)).send({ rating: 5 }).expect(403);
      expect(own.body.message).toBe('You may not rate your own speach.');
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Draft', language: 'en-US' }).expect(201)).body;
      await t.http.put(`/api/v2/speach/${id}/rating`).set(as(reader)).send({ rating: 5 }).expect(404);
      await t.http.put(`/api/v2/speach/${speachId}/rating`).send({ rating: 5 }).expect(401);
    });
  });

  describe('follow and /api/v2/my/speachFollowed', () => {
    it('follows, lists in the grid shape, unfollows', async () => {
      const followed = (await t.http.put(`/api/v2/speach/${speachId}/follow`).set(as(reader)).expect(200)).body;
      expect(followed.isFollowed).toBe(true);
      const grid = (
        await t.http
          .get('/api/v2/my/speachFollowed')
          .query({ page: 0, sort: 'TITLE', name: 'ladder', onlyState: 'PUBLIE', asc: true })
          .set(as(reader))
          .expect(200)
      ).body;
      expect(grid.total).toBe(1);
      expect(grid.result[0]).toEqual(expect.objectContaining({ id: speachId, title: 'Ladder safety', rating: 3 }));
      const none = (await t.http.get('/api/v2/my/speachFollowed').query({ name: 'ladder', onlyState: 'NON_PUBLIE' }).set(as(reader)).expect(200)).body;
      expect(none).toEqual({ result: [], total: 0 });
      expect((await t.http.delete(`/api/v2/speach/${speachId}/follow`).set(as(reader)).expect(200)).body.isFollowed).toBe(false);
      expect((await t.http.get('/api/v2/my/speachFollowed').query({ name: 'ladder' }).set(as(reader)).expect(200)).body).toEqual({ result: [], total: 0 });
    });
    it('answers 400 on bad grid params, 404 on a speach the reader cannot open, 401 anonymous', async () => {
      const bad = await t.http.get('/api/v2/my/speachFollowed').query({ sort: 'RANDOM' }).set(as(reader)).expect(400);
      expect(bad.body.errors[0].field).toBe('sort');
      await t.http.put('/api/v2/speach/unknown/follow').set(as(reader)).expect(404);
      await t.http.put(`/api/v2/speach/${speachId}/follow`).expect(401);
      await t.http.get('/api/v2/my/speachFollowed').expect(401);
    });
  });

  describe('comments', () => {
    it('posts plain text (markup kept as text) and lists newest first with the writer', async () => {
      const text = '<script>alert("x")</script>\nSee https://example.com/page';
      const posted = (
        await t.http
          .post(`/api/v2/speach/${speachId}/comments`)
          .set(as(reader))
          .send({ text: `  ${text}  ` })
          .expect(201)
      ).body;
      expect(posted).toEqual(expect.objectContaining({ text, canDelete: true, author: expect.objectContaining({ firstName: 'David', lastName: 'Dupont' }) }));
      await t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(approver)).send({ text: 'Second' }).expect(201);
      const list = (await t.http.get(`/api/v2/speach/${speachId}/comments`).set(as(reader)).expect(200)).body;
      expect(list.total).toBe(2);
      expect(list.result.map((c: { text: string }) => c.text)).toEqual(['Second', text]);
      expect(list.result[0].canDelete).toBe(false);
      const page = (await t.http.get(`/api/v2/speach/${speachId}/comments`).query({ page: 1, size: 1 }).set(as(reader)).expect(200)).body;
      expect(page.result.map((c: { text: string }) => c.text)).toEqual([text]);
      expect((await t.http.get(`/api/v2/speach/${speachId}/engagement`).set(as(reader)).expect(200)).body.commentCount).toBe(2);
    });
    it('answers 400 on an empty or too long comment and on bad paging', async () => {
      const empty = await t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(reader)).send({ text: '   ' }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'text', reason: 'Write a comment first' }]);
      const long = await t.http
        .post(`/api/v2/speach/${speachId}/comments`)
        .set(as(reader))
        .send({ text: 'x'.repeat(2001) })
        .expect(400);
      expect(long.body.errors).toEqual([{ field: 'text', reason: 'text must be at most 2000 characters' }]);
      await t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(reader)).send({}).expect(400);
      await t.http.get(`/api/v2/speach/${speachId}/comments`).query({ size: 500 }).set(as(reader)).expect(400);
    });
    it('deletes: the writer, the speach author and an admin may; anyone else gets 403', async () => {
      const post = async (token: string, text: string) =>
        (await t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(token)).send({ text }).expect(201)).body.id as string;
      const mine = await post(reader, 'mine');
      await t.http.delete(`/api/v2/speach/${speachId}/comments/${mine}`).set(as(approver)).expect(403);
      await t.http.delete(`/api/v2/speach/${speachId}/comments/${mine}`).set(as(reader)).expect(200);
      await t.http.delete(`/api/v2/speach/${speachId}/comments/${mine}`).set(as(reader)).expect(404);
      await t.http
        .delete(`/api/v2/speach/${speachId}/comments/${await post(reader, 'moderated')}`)
        .set(as(author))
        .expect(200);
      await t.http
        .delete(`/api/v2/speach/${speachId}/comments/${await post(approver, 'by admin')}`)
        .set(as(admin))
        .expect(200);
      const texts = (await t.http.get(`/api/v2/speach/${speachId}/comments`).set(as(reader)).expect(200)).body.result.map((c: { text: string }) => c.text);
      expect(texts).not.toEqual(expect.arrayContaining(['mine', 'moderated', 'by admin']));
      await t.http.delete(`/api/v2/speach/${speachId}/comments/${mine}`).expect(401);
    });
    it('answers 404 on a speach the reader cannot open and 401 anonymous', async () => {
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Draft', language: 'en-US' }).expect(201)).body;
      await t.http.post(`/api/v2/speach/${id}/comments`).set(as(reader)).send({ text: 'hi' }).expect(404);
      await t.http.get(`/api/v2/speach/${id}/comments`).set(as(reader)).expect(404);
      await t.http.post(`/api/v2/speach/${speachId}/comments`).send({ text: 'hi' }).expect(401);
      await t.http.get(`/api/v2/speach/${speachId}/comments`).expect(401);
    });
  });
});

describe('Engagement API with comments disabled', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });
  it('refuses new comments with 403 and says so in the summary', async () => {
    t = await startTestApp({ env: { COMMENTS_ENABLED: 'false' } });
    const fx = fixtures(t);
    await fx.published();
    const reader = (await fx.user('learner')).token;
    const search = (
      await t.http
        .get('/api/v2/speach/search')
        .set({ authorization: `Bearer ${reader}` })
        .expect(200)
    ).body;
    const id = search.results[0].id;
    const refused = await t.http
      .post(`/api/v2/speach/${id}/comments`)
      .set({ authorization: `Bearer ${reader}` })
      .send({ text: 'hi' })
      .expect(403);
    expect(refused.body.message).toBe('Comments are disabled.');
    expect(
      (
        await t.http
          .get(`/api/v2/speach/${id}/engagement`)
          .set({ authorization: `Bearer ${reader}` })
          .expect(200)
      ).body.commentsEnabled,
    ).toBe(false);
  });
});
