import { POSITION_HEADER } from '../../backend/infrastructure/http/read-your-writes.interceptor';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('Authentication API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // The accounts this suite signs in with, made by the suite (the demo seed is off).
    const made = fixtures(t, { admin: { email: 'admin@example.com', roles: ['ADMIN', 'FORMATEUR'] } });
    await made.admin();
    await made.user('author', { email: 'author@example.com', roles: ['FORMATEUR', 'AI_EDITOR'] });
    await made.user('learner', { email: 'reader@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/auth/login', () => {
    it('answers the user and a token, and sets an HttpOnly SameSite session cookie', async () => {
      const response = await t.http.post('/api/auth/login').send({ email: 'Admin@Example.com ', password: 'demo-password' }).expect(200);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toMatchObject({
        email: 'admin@example.com',
        firstName: 'Alice',
        isAdmin: true,
        isAuthor: true,
        isApprover: false,
        featureFlags: expect.objectContaining({ workflowEnabled: true, passwordMinLength: 8 }),
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^sid=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(Number(response.headers[POSITION_HEADER])).toBeGreaterThan(0);
    });

    it('refuses a wrong password with 401 and the same message as an unknown e-mail', async () => {
      const wrong = await t.http.post('/api/auth/login').send({ email: 'admin@example.com', password: 'nope' }).expect(401);
      const unknown = await t.http.post('/api/auth/login').send({ email: 'ghost@example.com', password: 'nope' }).expect(401);
      expect(wrong.body).toEqual({ message: 'Wrong e-mail or password.' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('answers 400 naming the fields for missing, mistyped or unknown fields', async () => {
      const response = await t.http.post('/api/auth/login').send({ email: 42, extra: true }).expect(400);
      const fields = response.body.errors.map((e: { field: string }) => e.field);
      expect(response.body.message).toBe('Invalid input');
      expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'extra']));
    });

    it('answers 400 for malformed JSON and appends nothing', async () => {
      const before = await t.adapters.eventStore.headPosition();
      const response = await t.http.post('/api/auth/login').set('content-type', 'application/json').send('{"email": "admin@').expect(400);
      expect(response.body).toEqual({ message: 'Malformed JSON body', errors: [{ field: 'body', reason: 'Malformed JSON body' }] });
      expect(await t.adapters.eventStore.headPosition()).toBe(before);
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers who is logged in, by bearer token or by cookie', async () => {
      const login = await t.http.post('/api/auth/login').send({ email: 'author@example.com', password: 'demo-password' }).expect(200);
      const byBearer = await t.http.get('/api/auth/me').set('authorization', `Bearer ${login.body.token}`).expect(200);
      expect(byBearer.body).toMatchObject({ email: 'author@example.com', isAuthor: true, isAiEditor: true, isAdmin: false });
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const byCookie = await t.http.get('/api/auth/me').set('cookie', cookie).expect(200);
      expect(byCookie.body.id).toBe(byBearer.body.id);
    });

    it('answers 401 with the session-expired marker without a session', async () => {
      const response = await t.http.get('/api/auth/me').expect(401);
      expect(response.body).toEqual({ message: 'Your session has expired, please log in again.', sessionExpired: true });
      await t.http.get('/api/auth/me').set('authorization', 'Bearer forged').expect(401);
    });

    it('answers 401 once the session has expired', async () => {
      const token = await t.login('reader@example.com');
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);
      t.clock.advance(t.config.sessionTtlHours * 3600_000 + 1000);
      try {
        await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
      } finally {
        t.clock.advance(-(t.config.sessionTtlHours * 3600_000 + 1000));
      }
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session: the token stops working at once', async () => {
      const token = await t.login('reader@example.com');
      const response = await t.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(204);
      expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
      await t.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(401);
    });

    it('answers 401 without a session', async () => {
      await t.http.post('/api/auth/logout').expect(401);
    });
  });

  describe('roles', () => {
    it('lets an admin list users and refuses a reader with 403', async () => {
      const admin = await t.login('admin@example.com');
      const reader = await t.login('reader@example.com');
      await t.http.get('/api/rest/users').set('authorization', `Bearer ${admin}`).expect(200);
      const refused = await t.http.get('/api/rest/users').set('authorization', `Bearer ${reader}`).expect(403);
      expect(refused.body).toEqual({ message: 'You are not allowed to do this.' });
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.http.get('/api/does-not-exist').expect(404);
    expect(response.body.message).toEqual(expect.any(String));
  });
});
