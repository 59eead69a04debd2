import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 19 item 3: private messages (docs/forum-and-messages.md). */
describe('Private messages API', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let approver: string;
  let readerId: string;
  let approverId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const conversations = async (token: string) => (await t.http.get('/api/v2/messages/conversations').set(as(token)).expect(200)).body;
  const unread = async (token: string) => (await t.http.get('/api/v2/messages/countUnread').set(as(token)).expect(200)).body.size as number;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, reader, approver] = (await fixtures(t).people('admin', 'learner', 'approver')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    approverId = (await t.http.get('/api/auth/me').set(as(approver)).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a recipient picked with the user search gets the message, an unread count and a NEW_MESSAGE notification', async () => {
    const found = (await t.http.get('/api/v2/users').query({ term: 'Schmidt', count: 10, page: 0 }).set(as(reader)).expect(200)).body;
    expect(found.results.map((u: { id: string }) => u.id)).toContain(approverId);
    const sent = (
      await t.http.post('/api/v2/messages').set(as(reader)).send({ recipientId: approverId, text: 'Hello Chloé,\nsee https://example.com' }).expect(201)
    ).body;
    expect(sent).toMatchObject({ with: { id: approverId, firstName: 'Chloé' }, unread: 0, total: 1 });
    expect(sent.result).toEqual([expect.objectContaining({ text: 'Hello Chloé,\nsee https://example.com', mine: true })]);
    expect(await unread(approver)).toBe(1);
    const list = await conversations(approver);
    expect(list.result[0]).toMatchObject({
      conversationId: sent.conversationId,
      with: { id: readerId, firstName: 'David' },
      unread: 1,
      lastMessage: { mine: false },
    });
    const told = (await t.http.get('/api/v2/notifications').query({ type: 'NEW_MESSAGE' }).set(as(approver)).expect(200)).body;
    expect(told[0]).toMatchObject({ sourceUser: { firstName: 'David' }, message: { content: 'Hello Chloé,\nsee https://example.com' } });
  });

  it('a reply lands in the same conversation; reading clears the unread count', async () => {
    const first = (await t.http.post('/api/v2/messages').set(as(approver)).send({ recipientId: readerId, text: 'Hi David' }).expect(201)).body;
    expect(first.total).toBe(2);
    expect(await unread(approver)).toBe(0);
    expect(await unread(reader)).toBe(1);
    const thread = (await t.http.get(`/api/v2/messages/conversations/${first.conversationId}`).set(as(reader)).expect(200)).body;
    expect(thread.result.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual([
      ['Hello Chloé,\nsee https://example.com', true],
      ['Hi David', false],
    ]);
    await t.http.post(`/api/v2/messages/conversations/${first.conversationId}/read`).set(as(reader)).send({}).expect(200);
    expect(await unread(reader)).toBe(0);
    expect((await conversations(reader)).result[0].unread).toBe(0);
  });

  it('answers 400 naming the field, 404 for an unknown recipient or conversation, 401 anonymous', async () => {
    const noRecipient = await t.http.post('/api/v2/messages').set(as(reader)).send({ text: 'x' }).expect(400);
    expect(noRecipient.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'recipientId' })]));
    const empty = await t.http.post('/api/v2/messages').set(as(reader)).send({ recipientId: approverId, text: '  ' }).expect(400);
    expect(empty.body.errors).toEqual([{ field: 'text', reason: 'text must not be empty' }]);
    const self = await t.http.post('/api/v2/messages').set(as(reader)).send({ recipientId: readerId, text: 'me' }).expect(400);
    expect(self.body.errors).toEqual([{ field: 'recipientId', reason: 'You cannot write to yourself' }]);
    await t.http.post('/api/v2/messages').set(as(reader)).send({ recipientId: 'nobody', text: 'x' }).expect(404);
    await t.http.get('/api/v2/messages/conversations/nope').set(as(reader)).expect(404);
    await t.http.post('/api/v2/messages/conversations/nope/read').set(as(reader)).send({}).expect(404);
    await t.http.get('/api/v2/messages/conversations').query({ size: 0 }).set(as(reader)).expect(400);
    await t.http.get('/api/v2/messages/conversations').expect(401);
  });

  it("answers 404 to a third user reading someone else's conversation", async () => {
    const { conversationId } = (await conversations(reader)).result[0];
    await t.http.get(`/api/v2/messages/conversations/${conversationId}`).set(as(admin)).expect(404);
    await t.http.post(`/api/v2/messages/conversations/${conversationId}/read`).set(as(admin)).send({}).expect(404);
  });

  it('a deactivated user cannot be messaged', async () => {
    const found = await fixtures(t).user('learner', { firstName: 'Lucas', lastName: 'Weber' });
    await t.http
      .put('/api/v2/admin/users/deactivate')
      .set(as(admin))
      .send({ uuids: [found.id] })
      .expect(200);
    await t.http.post('/api/v2/messages').set(as(reader)).send({ recipientId: found.id, text: 'Still there?' }).expect(404);
  });
});
