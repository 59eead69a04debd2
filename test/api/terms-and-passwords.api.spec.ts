import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe("Terms of use, personal data, and the user's own password", () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let staff: { email: string }[];
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    const [administrator, learner, first, second] = await fx.people('admin', 'learner', 'learner', 'learner');
    [admin, reader, staff] = [administrator.token, learner.token, [first, second]];
    // Version 1 of each document, published by the administrator as an installation does.
    await t.http.put('/api/v2/admin/terms/GCU').set(as(admin)).send({ content: '<h2>Terms of use</h2><p>Use the platform for training.</p>' }).expect(204);
    await t.http
      .put('/api/v2/admin/terms/PDP')
      .set(as(admin))
      .send({ content: '<h2>Personal data policy</h2><p>We keep what training needs.</p>' })
      .expect(204);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /gcu/getGcu and /pdp/getPdp', () => {
    it('answer the HTML of the version in force, without a session', async () => {
      const gcu = await t.http.get('/gcu/getGcu').query({ dataType: 'json' }).expect(200);
      expect(gcu.headers['content-type']).toMatch(/text\/html/);
      expect(gcu.text).toContain('<h2>Terms of use</h2>');
      expect(gcu.headers['x-terms-version']).toBe('1');
      const pdp = await t.http.get('/pdp/getPdp').expect(200);
      expect(pdp.text).toContain('Personal data policy');
    });
  });

  describe('acceptance', () => {
    it('asks a user who has not accepted, records acceptance by navigation, and asks again for a new version', async () => {
      const token = await t.login(staff[0].email);
      let me = await t.http.get('/api/auth/me').set(as(token)).expect(200);
      expect(me.body).toMatchObject({ mustAcceptGcu: true, mustAcceptPdp: true });

      const accepted = await t.http.get('/gcu/acceptGcu').set(as(token)).expect(303);
      expect(accepted.headers.location).toBe('/');
      me = await t.http.get('/api/auth/me').set(as(token)).expect(200);
      expect(me.body).toMatchObject({ mustAcceptGcu: false, mustAcceptPdp: true });
      await t.http.get('/pdp/acceptPdp').set(as(token)).expect(303);
      expect((await t.http.get('/api/auth/me').set(as(token))).body.mustAcceptPdp).toBe(false);

      await t.http.put('/api/v2/admin/terms/GCU').set(as(admin)).send({ content: '<p>Version two</p><script>alert(1)</script>' }).expect(204);
      const gcu = await t.http.get('/gcu/getGcu').expect(200);
      expect(gcu.text).toBe('<p>Version two</p>');
      expect(gcu.headers['x-terms-version']).toBe('2');
      expect((await t.http.get('/api/auth/me').set(as(token))).body.mustAcceptGcu).toBe(true);
    });

    it('answers 401 to an acceptance without a session', async () => {
      await t.http.get('/gcu/acceptGcu').expect(401);
    });

    it('lets only admins publish, and refuses empty content or an unknown document', async () => {
      await t.http.put('/api/v2/admin/terms/PDP').set(as(reader)).send({ content: '<p>x</p>' }).expect(403);
      const empty = await t.http.put('/api/v2/admin/terms/PDP').set(as(admin)).send({ content: '<script>only</script>' }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'content', reason: 'content must not be empty' }]);
      await t.http.put('/api/v2/admin/terms/XYZ').set(as(admin)).send({ content: '<p>x</p>' }).expect(400);
      await t.http.put('/api/v2/admin/terms/PDP').set(as(admin)).send({}).expect(400);
    });
  });

  describe('POST /api/auth/change-password and the forced change', () => {
    it('blocks a user whose change is forced everywhere but me, logout and change-password, until they choose one', async () => {
      const users = await t.http.get('/api/v2/admin/users').query({ search: staff[1].email }).set(as(admin)).expect(200);
      await t.http.put('/api/v2/admin/users/updatePassword').query({ userID: users.body.result[0].id, value: 'true' }).set(as(admin)).expect(204);
      const token = await t.login(staff[1].email);
      const blocked = await t.http.get('/api/v2/users').set(as(token)).expect(403);
      expect(blocked.body).toEqual({ message: 'You must choose a new password first.', passwordChangeRequired: true });
      await t.http.get('/api/auth/me').set(as(token)).expect(200);

      const wrong = await t.http.post('/api/auth/change-password').set(as(token)).send({ currentPassword: 'nope', newPassword: 'a-new-password' }).expect(400);
      expect(wrong.body.errors).toEqual([{ field: 'currentPassword', reason: 'wrong password' }]);
      const short = await t.http.post('/api/auth/change-password').set(as(token)).send({ currentPassword: 'demo-password', newPassword: 'short' }).expect(400);
      expect(short.body.errors).toEqual([{ field: 'newPassword', reason: 'The password is too short: at least 8 characters.' }]);
      await t.http.post('/api/auth/change-password').set(as(token)).send({ currentPassword: 'demo-password', newPassword: 'demo-password' }).expect(400);

      await t.http.post('/api/auth/change-password').set(as(token)).send({ currentPassword: 'demo-password', newPassword: 'a-new-password' }).expect(204);
      expect((await t.http.get('/api/auth/me').set(as(token))).body.mustChangePassword).toBe(false);
      await t.http.get('/api/v2/users').set(as(token)).expect(200);
      await t.login(staff[1].email, 'a-new-password');
    });

    it('answers 401 without a session and 400 for missing fields', async () => {
      await t.http.post('/api/auth/change-password').send({ currentPassword: 'a', newPassword: 'b' }).expect(401);
      await t.http.post('/api/auth/change-password').set(as(reader)).send({ newPassword: 'whatever-long' }).expect(400);
    });
  });
});
