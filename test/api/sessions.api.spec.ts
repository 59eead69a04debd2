import { USERS, type UserDocument } from '../../projections/users.projection';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 16 item 3: a credential change ends the sessions opened with the old one; a login never reuses a session id. */
describe('Sessions after credential changes', () => {
  let t: TestApp;
  let admin: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const alive = async (token: string) => (await t.http.get('/api/auth/me').set(as(token))).status;

  async function newUser(email: string): Promise<string> {
    const created = await t.http
      .post('/api/rest/users')
      .set(as(admin))
      .send({ email, firstName: 'Sam', lastName: 'Stone', password: 'first-password', mustChangePassword: false });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  beforeAll(async () => {
    t = await startTestApp();
    // The accounts this suite signs in with, made by the suite (the demo seed is off).
    const made = fixtures(t, { admin: { email: 'admin@example.com', roles: ['ADMIN', 'FORMATEUR'] } });
    await made.admin();
    await made.user('learner', { email: 'reader@example.com' });
    admin = await t.login('admin@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('applies a role taken away to the next request of a session already in use', async () => {
    const created = await t.http
      .post('/api/rest/users')
      .set(as(admin))
      .send({ email: 'demoted@example.com', firstName: 'Dee', lastName: 'Moted', roles: ['ADMIN'], password: 'first-password', mustChangePassword: false })
      .expect(201);
    const token = await t.login('demoted@example.com', 'first-password');
    await t.http.get('/api/v2/users/count').set(as(token)).expect(200);
    await t.http
      .put(`/api/rest/users/${created.body.id}`)
      .set(as(admin))
      .send({ ...created.body, roles: ['FORMATEUR'] })
      .expect(200);
    await t.http.get('/api/v2/users/count').set(as(token)).expect(403);
    expect(await alive(token)).toBe(200);
  });

  it('ends every other session of the user on their own password change, and keeps the one that changed it', async () => {
    await newUser('own-change@example.com');
    const laptop = await t.login('own-change@example.com', 'first-password');
    const stolen = await t.login('own-change@example.com', 'first-password');
    await t.http.post('/api/auth/change-password').set(as(laptop)).send({ currentPassword: 'first-password', newPassword: 'second-password' }).expect(204);
    expect(await alive(laptop)).toBe(200);
    const refused = await t.http.get('/api/auth/me').set(as(stolen)).expect(401);
    expect(refused.body.sessionExpired).toBe(true);
    expect(await alive(admin)).toBe(200);
  });

  it("ends every session of the user when an admin types a new password, and none of the admin's", async () => {
    const id = await newUser('admin-reset@example.com');
    const phone = await t.login('admin-reset@example.com', 'first-password');
    await t.http.put(`/api/v2/admin/users/${id}/password`).query({ password: 'reset-password' }).set(as(admin)).expect(200);
    expect(await alive(phone)).toBe(401);
    expect(await alive(admin)).toBe(200);
    await t.login('admin-reset@example.com', 'reset-password');
  });

  it('ends every session of the user when a password is chosen through the link an admin generated', async () => {
    await newUser('generated@example.com');
    const phone = await t.login('generated@example.com', 'first-password');
    await t.http.put('/api/v2/admin/users/generatePassword').query({ email: 'generated@example.com' }).set(as(admin)).expect(200);
    const mail = t.mailer.sent.find((m) => m.to === 'generated@example.com')!;
    const token = new URL(/https?:\/\/\S+\/set-password\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    await t.http.post('/api/auth/set-password').send({ token, password: 'chosen-by-link' }).expect(204);
    expect(await alive(phone)).toBe(401);
  });

  it('stores only hashes: no event carries a password or a bearer token', async () => {
    const id = await newUser('no-secrets@example.com');
    const token = await t.login('no-secrets@example.com', 'first-password');
    await t.http.post('/api/auth/change-password').set(as(token)).send({ currentPassword: 'first-password', newPassword: 'second-password' }).expect(204);
    const events = JSON.stringify(await t.adapters.eventStore.readStream(`user-${id}`));
    expect(events).not.toContain('second-password');
    expect(events).not.toContain(token);
    const user = await t.adapters.readStore.collection<UserDocument>(USERS).findById(id);
    expect(user?.email).toBe('no-secrets@example.com');
  });

  it('rotates the session at login: the session the browser presented before ends', async () => {
    const before = await t.http.post('/api/auth/login').send({ email: 'reader@example.com', password: 'demo-password' }).expect(200);
    const cookie = String(before.headers['set-cookie']).split(';')[0];
    const after = await t.http.post('/api/auth/login').set('cookie', cookie).send({ email: 'reader@example.com', password: 'demo-password' }).expect(200);
    expect(after.body.token).not.toBe(before.body.token);
    expect(await alive(before.body.token)).toBe(401);
    expect(await alive(after.body.token)).toBe(200);
  });

  it('keeps the presented session when the login fails', async () => {
    const token = await t.login('reader@example.com');
    await t.http.post('/api/auth/login').set(as(token)).send({ email: 'reader@example.com', password: 'wrong-password' }).expect(401);
    expect(await alive(token)).toBe(200);
  });
});
