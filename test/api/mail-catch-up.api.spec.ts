import { MailDigestPolicy } from '../../backend/engagement/mail/mail-digest.policy';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

const DAY = 86_400_000;
// A date of the suite's own: each period below holds only this file's activity.
const T0 = new Date('2031-06-04T10:00:00.000Z');

/** Issue 19: a digest period missed entirely while the server was down is sent at the next start, once. */
describe('Mail digests catch up missed periods (issue 19)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  let people: Person[] | undefined;
  /** Moves the clock; idle sessions have ended, so everyone signs in again. */
  async function signIn(at: Date) {
    t.clock.set(at);
    people ??= await fixtures(t).people('admin', 'author', 'learner');
    [admin, author, reader] = await Promise.all(people.map((p) => t.login(p.email)));
  }
  const comment = (text: string) => t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(reader)).send({ text }).expect(201);
  const subjects = async () =>
    (await t.http.get('/api/v2/admin/mail/messages').query({ to: 'author@example.com' }).set(as(admin)).expect(200)).body.result as {
      subject: string;
      text: string;
    }[];

  beforeAll(async () => {
    t = await startTestApp();
    await signIn(T0);
    speachId = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Catch-up speach', language: 'en-US' }).expect(201)).body.id;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${speachId}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hi</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({}).expect(200);
    await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'JOURNALIER' }).set(as(author)).expect(200);
    await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'NONE' }).set(as(admin)).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the days missed while no run happened, each once, and nothing more after a restart', async () => {
    await comment('First day');
    const policy = t.app.get(MailDigestPolicy);
    expect(await policy.runAt(new Date(T0.getTime() + DAY))).toBe(1);
    // The server is down for two days: comments of both days wait.
    await signIn(new Date(T0.getTime() + DAY + 3_600_000));
    await comment('Second day');
    await signIn(new Date(T0.getTime() + 2 * DAY + 3_600_000));
    await comment('Third day');
    expect(await policy.runAt(new Date(T0.getTime() + 3 * DAY + 60_000))).toBe(2);
    const mails = await subjects();
    expect(mails).toHaveLength(3);
    for (const day of ['First day', 'Second day', 'Third day']) expect(mails.filter((m) => m.text.includes(day))).toHaveLength(1);
    // A later run (or the one a restart makes) has nothing left to tell.
    expect(await policy.runAt(new Date(T0.getTime() + 3 * DAY + 120_000))).toBe(0);
    expect(await subjects()).toHaveLength(3);
  });
});
