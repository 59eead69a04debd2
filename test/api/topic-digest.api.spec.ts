import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

interface Held {
  subject: string;
  headers: Record<string, string>;
  text: string;
}

const DAY = 86_400_000;
// A Wednesday far from any other activity: each day below holds only this file's notifications.
const T0 = new Date('2031-06-04T10:00:00.000Z');

/**
 * Issue 19 "Done when", the browser scenario's chain at the API: a reader posts a topic, the author gets the
 * notification and the digest mail, unsubscribes by the mail's one-click link, and gets no more.
 */
describe('A forum topic through the notification, the digest and the unsubscribe link', () => {
  let t: TestApp;
  let people: Person[];
  let admin: Person;
  let author: Person;
  let reader: Person;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokens: Record<string, string> = {};
  /** Moves the clock; idle sessions have ended, so everyone signs in again. */
  async function signIn(at: Date) {
    t.clock.set(at);
    for (const p of people) tokens[p.id] = await t.login(p.email);
  }
  const inbox = async () =>
    ((await t.http.get('/api/v2/admin/mail/messages').query({ to: author.email }).set(as(tokens[admin.id])).expect(200)).body as { result: Held[] }).result;
  const run = async (at: Date) =>
    (await t.http.post('/api/v2/admin/mail/run-digests').set(as(tokens[admin.id])).send({ at: at.toISOString() }).expect(200)).body.sent as number;
  const topicNotifications = async () =>
    (await t.http.get('/api/v2/notifications').query({ type: 'NEW_TOPIC_MESSAGE' }).set(as(tokens[author.id])).expect(200)).body as unknown[];

  beforeAll(async () => {
    t = await startTestApp();
    t.clock.set(T0);
    people = await fixtures(t).people('admin', 'author', 'learner');
    [admin, author, reader] = people;
    await signIn(T0);
    speachId = (await fixtures(t).published(author)).id;
    await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'JOURNALIER' }).set(as(tokens[author.id])).expect(200);
    for (const other of [admin, reader])
      await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'NONE' }).set(as(tokens[other.id])).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the author of the topic in the bell, then in the next daily digest with its text and a one-click unsubscribe', async () => {
    const topic = (
      await t.http
        .post(`/api/v2/speach/${speachId}/topics`)
        .set(as(tokens[reader.id]))
        .send({ title: 'Which ladder for the warehouse?', text: 'Is the blue one safe?' })
        .expect(201)
    ).body as { topicId: string };
    expect(topic.topicId).toEqual(expect.any(String));
    expect(JSON.stringify(await topicNotifications())).toContain(topic.topicId);

    expect(await run(new Date(T0.getTime() + DAY))).toBeGreaterThanOrEqual(1);
    const mails = await inbox();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('New forum messages (1)');
    expect(mails[0].text).toContain('Is the blue one safe?');
    expect(mails[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('unsubscribes by the link; a reply is still in the bell but no digest mail follows', async () => {
    const [mail] = await inbox();
    const link = new URL(mail.headers['List-Unsubscribe'].slice(1, -1));
    const done = await t.http
      .post(`${link.pathname}${link.search}`)
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(done.body).toEqual({ frequencyNotification: 'NONE' });

    await signIn(new Date(T0.getTime() + DAY + 7_200_000));
    const { result } = (await t.http.get(`/api/v2/speach/${speachId}/topics`).set(as(tokens[reader.id])).expect(200)).body as {
      result: { topicId: string }[];
    };
    await t.http.post(`/api/v2/topics/${result[0].topicId}/posts`).set(as(tokens[reader.id])).send({ text: 'Or the red one?' }).expect(201);
    expect(JSON.stringify(await topicNotifications())).toContain('Or the red one?');
    await run(new Date(T0.getTime() + 2 * DAY + 3_600_000));
    expect(await inbox()).toHaveLength(1);
  });
});
