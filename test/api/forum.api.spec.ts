import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface Notification {
  typeNotification: string;
  speach: { speachID: string } | null;
  sourceUser: { firstName: string } | null;
  data: Record<string, unknown>;
}

/** Issue 19 item 3: a speach's forum (docs/forum-and-messages.md). */
describe('Forum API', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let approver: string;
  let reader: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function published(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hello</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return id as string;
  }
  const notifications = async (token: string, type: string) =>
    (await t.http.get('/api/v2/notifications').query({ type, size: 50 }).set(as(token)).expect(200)).body as Notification[];
  const open = async (token = reader, title = 'Which ladder?', text = 'Is the blue one\nsafe? https://example.com/ladders') =>
    (await t.http.post(`/api/v2/speach/${speachId}/topics`).set(as(token)).send({ title, text }).expect(201)).body;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, approver, reader] = (await fixtures(t).people('admin', 'author', 'approver', 'learner')).map((p) => p.token);
    speachId = await published('Ladder safety');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/v2/speach/:id/topics', () => {
    it("opens a topic with its first post as plain text, and tells the speach's author", async () => {
      const topic = await open();
      expect(topic).toMatchObject({ speachID: speachId, title: 'Which ladder?', author: { firstName: 'David' }, canModerate: false });
      expect(topic.posts.result).toEqual([
        expect.objectContaining({ opening: true, text: 'Is the blue one\nsafe? https://example.com/ladders', hidden: false, canEdit: true, canDelete: true }),
      ]);
      const told = (await notifications(author, 'NEW_TOPIC_MESSAGE')).find((n) => n.data.topicId === topic.topicId);
      expect(told).toMatchObject({ speach: { speachID: speachId }, sourceUser: { firstName: 'David' }, data: { topicTitle: 'Which ladder?' } });
      expect((await notifications(reader, 'NEW_TOPIC_MESSAGE')).some((n) => n.data.topicId === topic.topicId)).toBe(false);
    });
    it.each([
      ['no title', { text: 'x' }, 'title'],
      ['a blank title', { title: '  ', text: 'x' }, 'title'],
      ['an empty text', { title: 'x', text: '' }, 'text'],
      ['a text over 5000 characters', { title: 'x', text: 'y'.repeat(5001) }, 'text'],
    ])('answers 400 naming the field for %s', async (_case, body, field) => {
      const bad = await t.http.post(`/api/v2/speach/${speachId}/topics`).set(as(reader)).send(body).expect(400);
      expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });
    it('answers 404 for an unknown speach or a draft the reader cannot open, 401 anonymous', async () => {
      await t.http.post('/api/v2/speach/nope/topics').set(as(reader)).send({ title: 'a', text: 'b' }).expect(404);
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Draft', language: 'en-US' }).expect(201)).body;
      await t.http.post(`/api/v2/speach/${id}/topics`).set(as(reader)).send({ title: 'a', text: 'b' }).expect(404);
      await t.http.post(`/api/v2/speach/${speachId}/topics`).send({ title: 'a', text: 'b' }).expect(401);
    });
    it('answers 403 naming accessCode on a private speach the reader has not opened', async () => {
      const id = await published('Private ladders');
      await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'PRIVE', accessCode: 'secret-code' }).expect(200);
      const refused = await t.http.post(`/api/v2/speach/${id}/topics`).set(as(reader)).send({ title: 'a', text: 'b' }).expect(403);
      expect(refused.body.errors).toEqual([{ field: 'accessCode', reason: 'An access code is required' }]);
      await t.http.get(`/api/v2/speach/${id}/topics`).set(as(reader)).expect(403);
      const topic = (await t.http.post(`/api/v2/speach/${id}/topics`).set(as(reader)).send({ title: 'a', text: 'b', accessCode: 'secret-code' }).expect(201))
        .body;
      await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(reader)).expect(404);
      await t.http.get(`/api/v2/topics/${topic.topicId}`).query({ accessCode: 'secret-code' }).set(as(reader)).expect(200);
    });
  });

  describe('GET /api/v2/speach/:id/topics', () => {
    it('lists the topics, most recently active first, paged', async () => {
      const first = await open(reader, 'First');
      const second = await open(approver, 'Second');
      await t.http.post(`/api/v2/topics/${first.topicId}/posts`).set(as(author)).send({ text: 'Bump' }).expect(201);
      const page = (await t.http.get(`/api/v2/speach/${speachId}/topics`).query({ page: 0, size: 2 }).set(as(reader)).expect(200)).body;
      expect(page.result.map((r: { topicId: string }) => r.topicId)).toEqual([first.topicId, second.topicId]);
      expect(page.result[0]).toMatchObject({ title: 'First', replyCount: 1, author: { firstName: 'David' } });
      expect(page.total).toBeGreaterThanOrEqual(3);
      expect(page.canModerate).toBe(false);
      expect((await t.http.get(`/api/v2/speach/${speachId}/topics`).set(as(author)).expect(200)).body.canModerate).toBe(true);
    });
    it('answers 400 naming page or size, 404 for an unknown speach', async () => {
      const bad = await t.http.get(`/api/v2/speach/${speachId}/topics`).query({ page: -1, size: 500 }).set(as(reader)).expect(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['page', 'size']);
      await t.http.get('/api/v2/speach/nope/topics').set(as(reader)).expect(404);
    });
  });

  describe('POST /api/v2/topics/:topicId/posts (reply)', () => {
    it("replies, and tells the author and the topic's participants but not the writer", async () => {
      const topic = await open();
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(approver)).send({ text: 'Me too' }).expect(201);
      const reply = (await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(author)).send({ text: 'Use the blue one.' }).expect(201)).body;
      expect(reply).toMatchObject({ opening: false, text: 'Use the blue one.', author: { firstName: 'Bruno' }, canEdit: true });
      const byPost = (token: string) => notifications(token, 'NEW_TOPIC_MESSAGE').then((list) => list.filter((n) => n.data.postId === reply.postId));
      expect(await byPost(reader)).toHaveLength(1);
      expect(await byPost(approver)).toHaveLength(1);
      expect(await byPost(author)).toHaveLength(0);
      const thread = (await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(reader)).expect(200)).body;
      expect(thread.posts.result.map((p: { text: string }) => p.text)).toEqual([topic.posts.result[0].text, 'Me too', 'Use the blue one.']);
    });
    it('answers 400 naming text, 404 for an unknown topic', async () => {
      const topic = await open();
      const bad = await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(reader)).send({ text: ' ' }).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'text', reason: 'text must not be empty' }]);
      await t.http.post('/api/v2/topics/nope/posts').set(as(reader)).send({ text: 'x' }).expect(404);
      await t.http.get('/api/v2/topics/nope').set(as(reader)).expect(404);
      const badPage = await t.http.get(`/api/v2/topics/${topic.topicId}`).query({ page: 'first' }).set(as(reader)).expect(400);
      expect(badPage.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'page' })]));
      await t.http.put(`/api/v2/topics/${topic.topicId}/posts/nope`).set(as(reader)).send({ text: 'x' }).expect(404);
    });
  });

  describe('PUT and DELETE /api/v2/topics/:topicId/posts/:postId', () => {
    it('lets the writer edit and delete their post; others get 403', async () => {
      const topic = await open();
      const reply = (await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(approver)).send({ text: 'Frist' }).expect(201)).body;
      const edited = (await t.http.put(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(approver)).send({ text: 'First' }).expect(200)).body;
      expect(edited).toMatchObject({ text: 'First', editedAt: expect.any(String) });
      await t.http.put(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(reader)).send({ text: 'Mine now' }).expect(403);
      await t.http.put(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(admin)).send({ text: 'Admin words' }).expect(403);
      const bad = await t.http.put(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(approver)).send({}).expect(400);
      expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'text' })]));
      await t.http.delete(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(reader)).expect(403);
      await t.http.delete(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(approver)).expect(200);
      await t.http.delete(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}`).set(as(approver)).expect(404);
      const thread = (await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(reader)).expect(200)).body;
      expect(thread.posts.total).toBe(1);
    });
    it('deleting the opening post deletes the topic', async () => {
      const topic = await open();
      await t.http.delete(`/api/v2/topics/${topic.topicId}/posts/${topic.topicId}`).set(as(reader)).expect(200);
      await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(reader)).expect(404);
    });
  });

  describe('POST /api/v2/topics/:topicId/posts/:postId/moderation', () => {
    it("lets the speach's author hide a post (its text kept from other readers), show it again, and delete it", async () => {
      const topic = await open();
      const reply = (await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(approver)).send({ text: 'Rude words' }).expect(201)).body;
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}/moderation`).set(as(author)).send({ action: 'HIDE' }).expect(200);
      const post = async (token: string) => (await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(token)).expect(200)).body.posts.result[1];
      expect(await post(reader)).toMatchObject({ hidden: true, text: '' });
      expect(await post(approver)).toMatchObject({ hidden: true, text: 'Rude words' });
      expect(await post(author)).toMatchObject({ hidden: true, text: 'Rude words', canDelete: true });
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}/moderation`).set(as(admin)).send({ action: 'SHOW' }).expect(200);
      expect(await post(reader)).toMatchObject({ hidden: false, text: 'Rude words' });
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts/${reply.postId}/moderation`).set(as(admin)).send({ action: 'DELETE' }).expect(200);
      expect((await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(reader)).expect(200)).body.posts.total).toBe(1);
    });
    it('answers 403 to a reader, 400 naming action, 404 for an unknown post', async () => {
      const topic = await open(approver);
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts/${topic.topicId}/moderation`).set(as(reader)).send({ action: 'HIDE' }).expect(403);
      const bad = await t.http.post(`/api/v2/topics/${topic.topicId}/posts/${topic.topicId}/moderation`).set(as(author)).send({ action: 'BURN' }).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'action', reason: 'action must be one of HIDE, SHOW, DELETE' }]);
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts/nope/moderation`).set(as(author)).send({ action: 'HIDE' }).expect(404);
    });
  });
});
