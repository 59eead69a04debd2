import { AssignmentMailPolicy } from '../../backend/engagement/mail/assignment-mail.policy';
import type { HeldMailView } from '../../backend/engagement/mail/mail.view';
import { CommandRunner } from '../../backend/infrastructure/decider/command-runner';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

/** What the dev mailbox answers per message. */
type Held = HeldMailView;

const DAY = 86_400_000;
// A Wednesday, years after the demo's own history: each period below holds only this file's activity.
const T0 = new Date('2030-04-03T10:00:00.000Z');

/** Issue 19 item 2: digests by a policy, the dev mailbox, one-click unsubscribe, the immediate assignment mail. */
describe('Mail API', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const inbox = async (to: string) =>
    (await t.http.get('/api/v2/admin/mail/messages').query({ to }).set(as(admin)).expect(200)).body as { result: Held[]; total: number };
  const run = async (at: Date) =>
    (await t.http.post('/api/v2/admin/mail/run-digests').set(as(admin)).send({ at: at.toISOString() }).expect(200)).body.sent as number;
  const comment = (text: string) => t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(reader)).send({ text }).expect(201);
  let people: Person[] | undefined;
  /** Moves the clock; idle sessions have ended, so everyone signs in again. */
  async function signIn(at: Date) {
    t.clock.set(at);
    people ??= await fixtures(t).people('admin', 'author', 'learner');
    [admin, author, reader] = await Promise.all(people.map((p) => t.login(p.email)));
  }
  const frequency = (token: string, value: string) =>
    t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: value }).set(as(token)).expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    await signIn(T0);
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    speachId = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Café & <b>crème</b>', language: 'fr-FR' }).expect(201)).body.id;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${speachId}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hi</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({}).expect(200);
    // Every other digest is about the demo's history, long before T0: only these users get mail here.
    await frequency(author, 'JOURNALIER');
    await frequency(admin, 'NONE');
    await t.http.get('/api/v2/notifications/parameters/language').query({ language: 'fr' }).set(as(author)).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the author one daily digest in their language, with the comment and a signed one-click unsubscribe; a second run sends nothing', async () => {
    await comment('Très clair, merci !');
    await comment('Une question sur le chapitre 2');
    expect(await run(new Date(T0.getTime() + DAY))).toBe(1);
    const { result, total } = await inbox('author@example.com');
    expect(total).toBe(1);
    const [mail] = result;
    // The two comments, and the publication the admin made.
    expect(mail.subject).toBe('Votre résumé du jour\u00a0: 3 nouvelles notifications');
    expect(mail.text).toContain('Nouveaux commentaires (2)');
    expect(mail.text).toContain('Publiés (1)');
    expect(mail.text).toContain('Très clair, merci !');
    expect(mail.text).toContain('"Café & <b>crème</b>"');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/v2\/mail\/unsubscribe\?user=[^&]+&sig=[\w-]+>$/);
    expect(await run(new Date(T0.getTime() + DAY + 3_600_000))).toBe(0);
    expect((await inbox('author@example.com')).total).toBe(1);
  });

  it('unsubscribes through the link: GET leads to the success page, POST (one-click form) sets the frequency to NONE; the next period sends nothing', async () => {
    const [mail] = (await inbox('author@example.com')).result;
    const link = new URL(mail.headers['List-Unsubscribe'].slice(1, -1));
    const landing = await t.http.get(`${link.pathname}${link.search}`).expect(303);
    expect(landing.headers.location).toBe(`/unsubscribe-success${link.search}`);
    const done = await t.http
      .post(`${link.pathname}${link.search}`)
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(done.body).toEqual({ frequencyNotification: 'NONE' });
    expect((await t.http.get('/api/v2/notifications/parameters').set(as(author)).expect(200)).body.frequencyNotification).toBe('NONE');
    await signIn(new Date(T0.getTime() + DAY + 7_200_000));
    await comment('Encore une remarque');
    expect(await run(new Date(T0.getTime() + 2 * DAY + 3_600_000))).toBe(0);
    expect((await inbox('author@example.com')).total).toBe(1);
  });

  it('refuses a tampered link with 403 and a missing part with 400 naming it', async () => {
    const [mail] = (await inbox('author@example.com')).result;
    const link = new URL(mail.headers['List-Unsubscribe'].slice(1, -1));
    const user = link.searchParams.get('user')!;
    const sig = link.searchParams.get('sig')!;
    const other = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    await t.http.post('/api/v2/mail/unsubscribe').query({ user, sig: other }).send({}).expect(403);
    await t.http.post('/api/v2/mail/unsubscribe').query({ user: readerId, sig }).send({}).expect(403);
    await t.http.get('/api/v2/mail/unsubscribe').query({ user, sig: other }).expect(403);
    const noSig = await t.http.post('/api/v2/mail/unsubscribe').send({ user }).expect(400);
    expect(noSig.body.errors).toEqual([{ field: 'sig', reason: 'sig is required' }]);
    const noUser = await t.http.post('/api/v2/mail/unsubscribe').send({ sig }).expect(400);
    expect(noUser.body.errors).toEqual([{ field: 'user', reason: 'user is required' }]);
    // The success page posts the same link's parts as JSON.
    await t.http.post('/api/v2/mail/unsubscribe').send({ user, sig }).expect(200);
  });

  it('sends one mail after a crash between the send and the checkpoints, however often it runs again', async () => {
    await signIn(new Date(T0.getTime() + 3 * DAY));
    await frequency(admin, 'JOURNALIER');
    await comment('Admins hear of this one');
    const at = new Date(T0.getTime() + 4 * DAY);
    const runner = t.app.get(CommandRunner);
    const checkpoints = t.adapters.relayCheckpoints;
    const realRun = runner.run.bind(runner);
    const realSave = checkpoints.save.bind(checkpoints);
    // The process "dies" after the mail left: neither the user's record nor the period's marker is stored.
    const record = jest.spyOn(runner, 'run').mockImplementation(((...args: Parameters<typeof realRun>) => {
      if (args[1].startsWith('mail-')) return Promise.reject(new Error('crashed after sending'));
      return realRun(...args);
    }) as never);
    const marker = jest.spyOn(checkpoints, 'save').mockImplementation(async (checkpoint) => {
      if (checkpoint.name.startsWith('mail-digest:')) throw new Error('crashed before the checkpoint');
      return realSave(checkpoint);
    });
    try {
      expect(await run(at)).toBe(0);
    } finally {
      record.mockRestore();
      marker.mockRestore();
    }
    expect((await inbox('admin@example.com')).total).toBe(1);
    // Restarted: the period is run again; the mail is recorded, not sent again; then nothing is left to do.
    expect(await run(at)).toBe(1);
    expect(await run(at)).toBe(0);
    const { result, total } = await inbox('admin@example.com');
    expect(total).toBe(1);
    expect(result[0].text).toContain('Admins hear of this one');
    const adminId = (await t.http.get('/api/auth/me').set(as(admin)).expect(200)).body.id;
    const recorded = (await t.adapters.eventStore.readStream(`mail-${adminId}`)).filter((e) => e.type === 'MailDigestSent');
    expect(recorded.map((e) => (e.data as { period: string }).period)).toEqual(['D:2030-04-06']);
  });

  it('mails an assignment with a due date at once, once per user, even when the event is handled again', async () => {
    await signIn(new Date(T0.getTime() + 5 * DAY));
    const id = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Due soon', language: 'en-US' }).expect(201)).body.id;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hi</p>' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
    await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate: '2030-05-01' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    await t.http
      .put('/api/v2/admin/speach/updateAffectedUsers')
      .set(as(admin))
      .send({ speachID: id, users: [readerId] })
      .expect(200);
    const mails = () => inbox('reader@example.com').then((box) => box.result.filter((m) => m.subject.includes('Due soon')));
    const [mail] = await mails();
    expect(mail.subject).toBe('New assignment: "Due soon", due 1 May 2030');
    expect(mail.text).toContain(`/s/${id}/due-soon`);
    const assigned = (await t.adapters.eventStore.readStream(`speach-${id}`)).find((e) => e.type === 'SpeachAffectedUsersChanged')!;
    await t.app.get(AssignmentMailPolicy).react(assigned, { policy: 'assignment-mails', issue: (_key, work) => work() });
    expect(await mails()).toHaveLength(1);
  });

  it('answers 400 naming the field, and 403 to non-admins', async () => {
    for (const at of [undefined, 'tomorrow', '2030-04-03', 42]) {
      const bad = await t.http
        .post('/api/v2/admin/mail/run-digests')
        .set(as(admin))
        .send(at === undefined ? {} : { at })
        .expect(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('at');
    }
    const long = await t.http
      .get('/api/v2/admin/mail/messages')
      .query({ to: `${'x'.repeat(231)}@example.com` })
      .set(as(admin))
      .expect(400);
    expect(long.body.errors[0].field).toBe('to');
    await t.http.post('/api/v2/admin/mail/run-digests').set(as(author)).send({ at: T0.toISOString() }).expect(403);
    await t.http.get('/api/v2/admin/mail/messages').set(as(author)).expect(403);
    await t.http.get('/api/v2/admin/mail/messages').expect(401);
  });
});
