import type { RecordedEvent, UserRegistered } from '../../events';
import { SetPasswordLinkPolicy } from '../../backend/engagement/mail/set-password-link.policy';
import { fixtures } from '../support/fixtures';
import { type TestApp, startTestApp } from '../support/test-app';

const HOUR = 3_600_000;

/** Issue 19: no password is made or mailed; a policy mails a single-use, expiring set-password link. */
describe('Set-password links', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);
  const tokenIn = (text: string) => new URL(/https?:\/\/\S+\/set-password\?\S+/.exec(text)![0]).searchParams.get('token')!;
  const create = async (email: string, extra: Record<string, unknown> = {}) =>
    (
      await t.http
        .post('/api/rest/users')
        .set(as(admin))
        .send({ firstName: 'Ada', lastName: 'Lovelace', email, ...extra })
        .expect(201)
    ).body.id as string;
  const setPassword = (body: Record<string, unknown>) => t.http.post('/api/auth/set-password').send(body);

  beforeAll(async () => {
    t = await startTestApp();
    [admin, reader] = (await fixtures(t).people('admin', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a new account a link with which the user chooses a password and signs in; the link works once', async () => {
    const id = await create('welcome@example.com');
    const [mail] = mailsTo('welcome@example.com');
    expect(mail.subject).toBe('Your account is ready: choose your password');
    expect(mail.html).toContain('/set-password?token=');
    const token = tokenIn(mail.text);

    await setPassword({ token, password: 'my-own-secret-1' }).expect(204);
    await t.login('welcome@example.com', 'my-own-secret-1');
    const again = await setPassword({ token, password: 'another-secret-2' }).expect(410);
    expect(again.body.message).toBe('This link has already been used.');

    // Neither the token nor the password is in any event: only the token's SHA-256.
    const events = JSON.stringify(await t.adapters.eventStore.readStream(`user-${id}`));
    expect(events).not.toContain(token);
    expect(events).not.toContain(token.split('.')[1]);
    expect(events).not.toContain('my-own-secret-1');
    expect(events).toContain('SetPasswordLinkIssued');
  });

  it('answers 400 naming the field for a missing token, a missing or too short password, and changes nothing', async () => {
    await create('weak@example.com');
    const token = tokenIn(mailsTo('weak@example.com')[0].text);
    const short = await setPassword({ token, password: 'short' }).expect(400);
    expect(short.body.errors).toEqual([{ field: 'password', reason: 'The password is too short: at least 8 characters.' }]);
    expect((await setPassword({ token }).expect(400)).body.errors[0].field).toBe('password');
    expect((await setPassword({ password: 'long-enough-secret' }).expect(400)).body.errors[0].field).toBe('token');
    expect((await setPassword({ token: '', password: 'long-enough-secret' }).expect(400)).body.errors[0].field).toBe('token');
    // The link survived the refusals.
    await setPassword({ token, password: 'long-enough-secret' }).expect(204);
  });

  it('answers 410 for an expired link and for a token no link was issued for', async () => {
    await create('late@example.com');
    const token = tokenIn(mailsTo('late@example.com')[0].text);
    t.clock.advance(73 * HOUR);
    try {
      expect((await setPassword({ token, password: 'too-late-secret' }).expect(410)).body.message).toBe('This link has expired.');
    } finally {
      t.clock.advance(-73 * HOUR);
    }
    await setPassword({ token: 'garbage', password: 'long-enough-secret' }).expect(410);
    await setPassword({ token: `${token.split('.')[0]}.${'B'.repeat(43)}`, password: 'long-enough-secret' }).expect(410);
  });

  it('mails no welcome link when the administrator typed the first password', async () => {
    await create('typed@example.com', { password: 'typed-by-admin', mustChangePassword: true });
    expect(mailsTo('typed@example.com')).toHaveLength(0);
  });

  it("answers the admin's generatePassword with a link in a mail, not a password; the old password works until the link is used", async () => {
    await create('reset@example.com', { password: 'first-password', mustChangePassword: false });
    const response = await t.http.put('/api/v2/admin/users/generatePassword').query({ email: 'reset@example.com' }).set(as(admin)).expect(200);
    expect(response.body.message).toBe('A link to choose a new password has been sent to reset@example.com.');
    const [mail] = mailsTo('reset@example.com');
    expect(mail.subject).toBe('Choose a new password');
    const phone = await t.login('reset@example.com', 'first-password');
    await setPassword({ token: tokenIn(mail.text), password: 'second-password' }).expect(204);
    // A new password ends the sessions opened with the old one.
    await t.http.get('/api/auth/me').set(as(phone)).expect(401);
    await t.login('reset@example.com', 'second-password');
    await t.http.put('/api/v2/admin/users/generatePassword').query({ email: 'reset@example.com' }).set(as(reader)).expect(403);
  });

  it('sends one mail per user even when the policy handles the same event again', async () => {
    const id = await create('replay@example.com');
    const [registered] = (await t.adapters.eventStore.readStream(`user-${id}`)).filter((e) => e.type === 'UserRegistered') as RecordedEvent<UserRegistered>[];
    const policy = t.app.get(SetPasswordLinkPolicy);
    const ctx = { policy: policy.name, issue: <T>(_key: string, work: () => Promise<T>) => work() };
    await policy.handles.UserRegistered(registered, ctx);
    await policy.handles.UserRegistered(registered, ctx);
    expect(mailsTo('replay@example.com')).toHaveLength(1);
    const issued = (await t.adapters.eventStore.readStream(`user-${id}`)).filter((e) => e.type === 'SetPasswordLinkIssued');
    expect(issued).toHaveLength(1);
    const recorded = (await t.adapters.eventStore.readStream(`mail-${id}`)).filter((e) => e.type === 'ImmediateMailSent');
    expect(recorded.map((e) => (e.data as { kind: string }).kind)).toEqual(['PASSWORD']);
  });
});
