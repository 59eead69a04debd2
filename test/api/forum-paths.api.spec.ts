import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface Notification {
  typeNotification: string;
  speach: { speachID: string } | null;
  data: Record<string, unknown>;
}

/** Issue 19 item 3: topics on a learning path (docs/forum-and-messages.md). */
describe('Forum API: topics of a learning path', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let approver: string;
  let pathId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const open = async (token = reader, title = 'Which order?', text = 'Do I start\nwith the intro?') =>
    (await t.http.post(`/api/v2/learningPath/${pathId}/topics`).set(as(token)).send({ title, text }).expect(201)).body;
  const told = async (token: string, topicId: string) =>
    ((await t.http.get('/api/v2/notifications').query({ type: 'NEW_TOPIC_MESSAGE', size: 50 }).set(as(token)).expect(200)).body as Notification[]).filter(
      (n) => n.data.topicId === topicId,
    );

  async function path(title: string, assignedTo: string | null) {
    const pathId = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title, description: '' }) })
        .expect(200)
    ).body.pathId as string;
    const { id } = (
      await t.http
        .post('/api/v2/recorder/speach')
        .set(as(author))
        .send({ title: `${title} speach`, language: 'en-US' })
        .expect(201)
    ).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'One' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>x</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    if (assignedTo) await t.http.put(`/api/v2/learningPath/${pathId}/changeUser`).query({ userId: assignedTo, add: 'true' }).set(as(author)).expect(200);
    return pathId;
  }

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader, approver] = (await fixtures(t).people('admin', 'author', 'learner', 'approver')).map((p) => p.token);
    const readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id as string;
    pathId = await path('Working at height', readerId);
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/v2/learningPath/:pathId/topics', () => {
    it("opens a topic on the path for an assigned learner and tells the path's owner, linking to the path", async () => {
      const topic = await open();
      expect(topic).toMatchObject({ pathId, speachID: null, title: 'Which order?', canModerate: false });
      expect(topic.posts.result).toEqual([expect.objectContaining({ opening: true, text: 'Do I start\nwith the intro?', canEdit: true })]);
      const [notification] = await told(author, topic.topicId);
      expect(notification).toMatchObject({ typeNotification: 'NEW_TOPIC_MESSAGE', speach: null, data: { pathId, topicTitle: 'Which order?' } });
      expect(await told(reader, topic.topicId)).toEqual([]);
    });
    it.each([
      ['no title', { text: 'x' }, 'title'],
      ['a blank title', { title: ' ', text: 'x' }, 'title'],
      ['an empty text', { title: 'x', text: '' }, 'text'],
    ])('answers 400 naming the field for %s', async (_case, body, field) => {
      const bad = await t.http.post(`/api/v2/learningPath/${pathId}/topics`).set(as(reader)).send(body).expect(400);
      expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });
    it('answers 404 for an unknown path, for a path the user may not see, and 401 anonymous', async () => {
      await t.http.post('/api/v2/learningPath/nope/topics').set(as(reader)).send({ title: 'a', text: 'b' }).expect(404);
      const draft = await path('Draft path', null);
      await t.http.post(`/api/v2/learningPath/${draft}/topics`).set(as(reader)).send({ title: 'a', text: 'b' }).expect(404);
      await t.http.get(`/api/v2/learningPath/${draft}/topics`).set(as(reader)).expect(404);
      await t.http.post(`/api/v2/learningPath/${pathId}/topics`).set(as(approver)).send({ title: 'a', text: 'b' }).expect(404);
      await t.http.post(`/api/v2/learningPath/${pathId}/topics`).send({ title: 'a', text: 'b' }).expect(401);
    });
  });

  describe('GET /api/v2/learningPath/:pathId/topics', () => {
    it("lists the path's topics only, most recently active first, with moderation for the owner", async () => {
      const first = await open(reader, 'First');
      const second = await open(reader, 'Second');
      const list = (await t.http.get(`/api/v2/learningPath/${pathId}/topics`).query({ size: 2 }).set(as(reader)).expect(200)).body;
      expect(list.result.map((r: { topicId: string }) => r.topicId)).toEqual([second.topicId, first.topicId]);
      expect(list).toMatchObject({ canModerate: false });
      expect(list.total).toBeGreaterThanOrEqual(2);
      expect((await t.http.get(`/api/v2/learningPath/${pathId}/topics`).set(as(author)).expect(200)).body.canModerate).toBe(true);
      const bad = await t.http.get(`/api/v2/learningPath/${pathId}/topics`).query({ size: 0 }).set(as(reader)).expect(400);
      expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'size' })]));
    });
  });

  describe("a path topic's posts", () => {
    it('lets who may see the path reply (the owner is told), and hides the topic from others', async () => {
      const topic = await open();
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(admin)).send({ text: 'Yes, the intro first' }).expect(201);
      expect((await told(author, topic.topicId)).length).toBe(2);
      expect((await told(reader, topic.topicId)).length).toBe(1);
      await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(approver)).expect(404);
      await t.http.post(`/api/v2/topics/${topic.topicId}/posts`).set(as(approver)).send({ text: 'x' }).expect(404);
    });
    it('lets the owner and administrators moderate, and refuses a learner with 403', async () => {
      const topic = await open();
      const moderation = (token: string, action: string) =>
        t.http.post(`/api/v2/topics/${topic.topicId}/posts/${topic.topicId}/moderation`).set(as(token)).send({ action });
      await moderation(reader, 'HIDE').expect(403);
      await moderation(author, 'HIDE').expect(200);
      const seen = (await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(author)).expect(200)).body;
      expect(seen).toMatchObject({ canModerate: true, posts: { result: [expect.objectContaining({ hidden: true, text: 'Do I start\nwith the intro?' })] } });
      await moderation(admin, 'SHOW').expect(200);
      await moderation(admin, 'DELETE').expect(200);
      await t.http.get(`/api/v2/topics/${topic.topicId}`).set(as(reader)).expect(404);
    });
  });
});
