import { PasswordHasher } from '../../backend/identity/auth/password-hasher';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 16 item 4: password and access-code guesses are throttled per account and per address, before any hash. */
describe('Brute-force throttling', () => {
  let t: TestApp;
  let verify: jest.SpyInstance;
  let privateSpeachId: string;
  const login = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });
  const WINDOW_MS = 600_000;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        THROTTLE_WINDOW_SECONDS: String(WINDOW_MS / 1000),
        LOGIN_ATTEMPTS_PER_ACCOUNT: '3',
        LOGIN_ATTEMPTS_PER_ADDRESS: '8',
        ACCESS_CODE_ATTEMPTS_PER_ACCOUNT: '3',
        ACCESS_CODE_ATTEMPTS_PER_ADDRESS: '8',
      },
    });
    // author@, approver@ and reader@example.com sign in as in the quick start; a second author owns a private
    // speach the first one does not. These sign-ins fall in a window every case leaves behind (beforeEach).
    const fx = fixtures(t);
    const [admin, , , , owner] = await fx.people('admin', 'author', 'approver', 'learner', 'author');
    const draft = await fx.draft(owner, { title: 'Board confidential briefing' });
    await t.http.put(`/api/v2/recorder/speach/${draft.id}/visibility`).set(owner.auth).send({ visibility: 'PRIVE', accessCode: 'demo-code' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${draft.id}/publish`).set(admin.auth).send({}).expect(200);
    privateSpeachId = draft.id;
    verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
  });
  beforeEach(() => {
    // Each case starts with fresh windows.
    t.clock.advance(WINDOW_MS + 1000);
    verify.mockClear();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After once an account has spent its attempts, even for the right password, without hashing', async () => {
    for (let i = 0; i < 3; i++) await login('author@example.com', `guess-${i}`).expect(401);
    const refused = await login('author@example.com', 'demo-password').expect(429);
    expect(refused.body).toEqual({ message: 'Too many attempts; try again later.' });
    expect(Number(refused.headers['retry-after'])).toBe(WINDOW_MS / 1000);
    expect(verify).toHaveBeenCalledTimes(3);

    t.clock.advance(WINDOW_MS / 2);
    expect(Number((await login('author@example.com', 'demo-password').expect(429)).headers['retry-after'])).toBe(WINDOW_MS / 2000);
    t.clock.advance(WINDOW_MS / 2);
    await login('author@example.com', 'demo-password').expect(200);
  });

  it('refuses a concurrent flood past the limit without a hash per try', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('approver@example.com', `flood-${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('counts per address across accounts, unknown e-mails included', async () => {
    for (let i = 0; i < 8; i++) await login(`nobody-${i}@example.com`, 'guess').expect(401);
    await login('reader@example.com', 'demo-password').expect(429);
  });

  it('forgives an account its failures once the right password is given', async () => {
    await login('reader@example.com', 'guess-1').expect(401);
    await login('reader@example.com', 'guess-2').expect(401);
    await login('reader@example.com', 'demo-password').expect(200);
    await login('reader@example.com', 'guess-3').expect(401);
    await login('reader@example.com', 'guess-4').expect(401);
    await login('reader@example.com', 'demo-password').expect(200);
  });

  it('throttles the current password of a password change too', async () => {
    const token = await t.login('reader@example.com');
    for (let i = 0; i < 3; i++) {
      await t.http
        .post('/api/auth/change-password')
        .set('authorization', `Bearer ${token}`)
        .send({ currentPassword: `guess-${i}`, newPassword: 'a-new-password' })
        .expect(400);
    }
    const refused = await t.http
      .post('/api/auth/change-password')
      .set('authorization', `Bearer ${token}`)
      .send({ currentPassword: 'demo-password', newPassword: 'a-new-password' })
      .expect(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
  });

  it("answers 429 with Retry-After to a reader who keeps guessing a private speach's access code", async () => {
    const reader = await t.login('author@example.com');
    const as = { authorization: `Bearer ${reader}` };
    for (let i = 0; i < 3; i++) {
      const wrong = await t.http
        .get(`/api/v2/speach/${privateSpeachId}/read`)
        .query({ accessCode: `code-${i}` })
        .set(as)
        .expect(403);
      expect(wrong.body.errors).toEqual([{ field: 'accessCode', reason: 'Wrong access code' }]);
    }
    verify.mockClear();
    const refused = await t.http.get(`/api/v2/speach/${privateSpeachId}/read`).query({ accessCode: 'demo-code' }).set(as).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(verify).not.toHaveBeenCalled();
    t.clock.advance(WINDOW_MS);
    await t.http.get(`/api/v2/speach/${privateSpeachId}/read`).query({ accessCode: 'demo-code' }).set(as).expect(200);
  });

  it('counts per client address behind a trusted proxy (TRUST_PROXY), not per proxy', async () => {
    const proxied = await startTestApp({ seed: false, env: { TRUST_PROXY: 'true', LOGIN_ATTEMPTS_PER_ADDRESS: '3' } });
    try {
      const from = (address: string) =>
        proxied.http
          .post('/api/auth/login')
          .set('x-forwarded-for', address)
          .send({ email: `${address}@example.com`, password: 'guess' });
      for (let i = 0; i < 3; i++) await from('203.0.113.7').expect(401);
      await from('203.0.113.7').expect(429);
      await from('198.51.100.4').expect(401);
    } finally {
      await proxied.close();
    }
  });
});
