import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Colleagues the suite acts on (deactivates, renames, regroups), beside the four personas. */
const COLLEAGUES = [
  ['Emma', 'Bernard', 'emma.bernard0@example.com'],
  ['Lucas', 'Weber', 'lucas.weber1@example.com'],
  ['Sofia', 'Romero', 'sofia.romero2@example.com'],
  ['Jonas', 'Petit', 'jonas.petit3@example.com'],
  ['Léa', 'Fischer', 'lea.fischer4@example.com'],
  ['Mateo', 'Fernandez', 'mateo.fernandez5@example.com'],
  ['Ines', 'Moreau', 'ines.moreau6@example.com'],
  ['Hugo', 'Wagner', 'hugo.wagner7@example.com'],
] as const;

describe('Admin users API (spec §7 "Admin users")', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let made: number;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function userId(email: string): Promise<string> {
    const response = await t.http.get('/api/v2/admin/users').query({ search: email, size: 1 }).set(as(admin)).expect(200);
    return response.body.result[0].id;
  }

  async function createGroup(name: string): Promise<string> {
    const response = await t.http.post('/api/rest/groups').set(as(admin)).send({ name }).expect(201);
    return response.body.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    const now = t.clock.now();
    // Everyone joined a year ago: the creation-date filters tell them from today's newcomers.
    t.clock.set(new Date(now.getTime() - 365 * 86_400_000));
    const staff = await fx.people('admin', 'author', 'approver', 'learner');
    for (const [firstName, lastName, email] of COLLEAGUES) await fx.user('learner', { firstName, lastName, email });
    t.clock.set(now);
    made = staff.length + COLLEAGUES.length;
    admin = await t.login('admin@example.com');
    reader = await t.login('reader@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/v2/admin/users', () => {
    it('pages, sorts and counts, in the shape of spec §3', async () => {
      const response = await t.http.get('/api/v2/admin/users').query({ page: 0, size: 5, sort: 'EMAIL', asc: 'true' }).set(as(admin)).expect(200);
      expect(response.body.total).toBe(made);
      expect(response.body.result).toHaveLength(5);
      const emails = response.body.result.map((u: { email: string }) => u.email);
      expect([...emails].sort()).toEqual(emails);
      expect(response.body.result[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          userID: expect.any(String),
          admin: expect.any(Boolean),
          trainer: expect.any(Boolean),
          approver: expect.any(Boolean),
          aiEditor: expect.any(Boolean),
          groups: expect.any(Array),
          customFieldValues: expect.any(Array),
          createdAt: expect.any(String),
          password: expect.any(Boolean),
        }),
      );
      const page2 = await t.http.get('/api/v2/admin/users').query({ page: 1, size: 5, sort: 'EMAIL' }).set(as(admin)).expect(200);
      expect(page2.body.result[0].email > emails[4]).toBe(true);
    });

    it('searches name or e-mail, every word, with regex characters taken literally', async () => {
      const byName = await t.http.get('/api/v2/admin/users').query({ search: 'alice mart' }).set(as(admin)).expect(200);
      expect(byName.body.result.map((u: { email: string }) => u.email)).toEqual(['admin@example.com']);
      const regex = await t.http.get('/api/v2/admin/users').query({ search: '.*(' }).set(as(admin)).expect(200);
      expect(regex.body.total).toBe(0);
    });

    it('filters by roles including NONE, by groups including -1, by state and by creation dates', async () => {
      const approvers = await t.http.get('/api/v2/admin/users').query({ roles: 'APPROVER', size: 100 }).set(as(admin)).expect(200);
      expect(approvers.body.result.every((u: { approver: boolean }) => u.approver)).toBe(true);
      const none = await t.http.get('/api/v2/admin/users').query({ roles: 'NONE', size: 100 }).set(as(admin)).expect(200);
      expect(none.body.result.length).toBeGreaterThan(0);
      expect(none.body.result.every((u: { admin: boolean; trainer: boolean; approver: boolean }) => !u.admin && !u.trainer && !u.approver)).toBe(true);
      const both = await t.http.get('/api/v2/admin/users').query({ roles: 'NONE,APPROVER', size: 100 }).set(as(admin)).expect(200);
      expect(both.body.total).toBe(approvers.body.total + none.body.total);

      const groupId = await createGroup('Filter group');
      const readerId = await userId('reader@example.com');
      await t.http
        .put('/api/v2/admin/users/batch-update')
        .query({ groupsIds: groupId })
        .send({ usersIds: [readerId] })
        .set(as(admin))
        .expect(200);
      const inGroup = await t.http.get('/api/v2/admin/users').query({ groups: groupId }).set(as(admin)).expect(200);
      expect(inGroup.body.result.map((u: { id: string }) => u.id)).toEqual([readerId]);
      const withoutGroup = await t.http.get('/api/v2/admin/users').query({ groups: '-1', size: 100 }).set(as(admin)).expect(200);
      expect(withoutGroup.body.result.some((u: { id: string }) => u.id === readerId)).toBe(false);
      const union = await t.http
        .get('/api/v2/admin/users')
        .query({ groups: `-1,${groupId}`, size: 100 })
        .set(as(admin))
        .expect(200);
      expect(union.body.total).toBe(withoutGroup.body.total + 1);

      const today = new Date().toISOString().slice(0, 10);
      const threeYearsAgo = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10);
      const created = await t.http.get('/api/v2/admin/users').query({ startDateCreated: threeYearsAgo, endDateCreated: today }).set(as(admin)).expect(200);
      const all = await t.http.get('/api/v2/admin/users').set(as(admin)).expect(200);
      expect(created.body.total).toBe(all.body.total);
      // The staff made a year ago are not among today's newcomers (issue 17 defect 8).
      const createdToday = await t.http.get('/api/v2/admin/users').query({ startDateCreated: today, endDateCreated: today }).set(as(admin)).expect(200);
      expect(createdToday.body.total).toBeLessThan(all.body.total);
      const everyone = (await t.http.get('/api/v2/admin/users').query({ size: 100 }).set(as(admin)).expect(200)).body.result as {
        createdAt: string;
        lastActiveDate: string | null;
      }[];
      expect(everyone.filter((u) => u.lastActiveDate !== null).length).toBeGreaterThan(5);
      for (const u of everyone) if (u.lastActiveDate) expect(Date.parse(u.lastActiveDate)).toBeGreaterThanOrEqual(Date.parse(u.createdAt));
      const old = await t.http.get('/api/v2/admin/users').query({ endDateCreated: '2000-01-01' }).set(as(admin)).expect(200);
      expect(old.body.total).toBe(0);
      const inactive = await t.http.get('/api/v2/admin/users').query({ onlyState: 'INACTIVE' }).set(as(admin)).expect(200);
      expect(inactive.body.result.every((u: { active: boolean }) => !u.active)).toBe(true);
    });

    it('answers 400 naming bad parameters', async () => {
      const response = await t.http.get('/api/v2/admin/users').query({ roles: 'WIZARD', startDateCreated: '23/11/2026', page: -1 }).set(as(admin)).expect(400);
      expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['page', 'roles', 'startDateCreated']);
    });

    it('answers 403 to a non-admin and 401 without a session', async () => {
      await t.http.get('/api/v2/admin/users').set(as(reader)).expect(403);
      await t.http.get('/api/v2/admin/users').expect(401);
    });
  });

  describe('GET groups and getAvailableCustomFields', () => {
    it('lists the "no group" pseudo group first, then groups by order', async () => {
      await createGroup('Zeta');
      const response = await t.http.get('/api/v2/admin/users/groups').set(as(admin)).expect(200);
      expect(response.body[0]).toEqual({ id: '-1', name: 'no-group', system: true, order: -1, description: '' });
      expect(response.body.some((g: { name: string }) => g.name === 'Zeta')).toBe(true);
      await t.http.get('/api/v2/admin/users/groups').set(as(reader)).expect(403);
    });

    it('lists custom fields with their labels', async () => {
      await t.http
        .post('/api/rest/custom-fields')
        .set(as(admin))
        .send({ name: 'badge', labelEn: 'Badge', labelFr: 'Badge', labelEs: 'Placa', labelDe: 'Ausweis' })
        .expect(201);
      const response = await t.http.get('/api/v2/admin/users/getAvailableCustomFields').set(as(admin)).expect(200);
      expect(response.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'badge', labelDe: 'Ausweis', id: expect.any(String) })]));
      await t.http.get('/api/v2/admin/users/getAvailableCustomFields').set(as(reader)).expect(403);
    });
  });

  describe('PUT /api/v2/admin/users/update', () => {
    it('applies only the changes: names, e-mail, roles, groups and custom fields', async () => {
      const id = await userId('emma.bernard0@example.com');
      const groupId = await createGroup('Update group');
      const field = await t.http.post('/api/rest/custom-fields').set(as(admin)).send({ name: 'site' }).expect(201);
      const user = {
        id,
        firstName: 'Emmy',
        lastName: 'Bernard',
        email: 'emmy@example.com',
        trainer: true,
        aiEditor: true,
        groups: [{ id: groupId }],
        customFieldValues: [{ customField: { id: field.body.id }, value: 'Lyon' }],
      };
      const response = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify(user) })
        .expect(200);
      expect(response.body).toMatchObject({
        firstName: 'Emmy',
        email: 'emmy@example.com',
        trainer: true,
        aiEditor: true,
        groups: [expect.objectContaining({ id: groupId, name: 'Update group' })],
        customFieldValues: [{ customField: { id: field.body.id, name: 'site' }, value: 'Lyon' }],
      });
      // The old address is free again, the new one is taken.
      await t.http.post('/api/rest/users').set(as(admin)).send({ firstName: 'New', lastName: 'Comer', email: 'emma.bernard0@example.com' }).expect(201);
      const taken = await t.http.post('/api/rest/users').set(as(admin)).send({ firstName: 'New', lastName: 'Comer', email: 'emmy@example.com' }).expect(409);
      expect(taken.body.errors).toEqual([{ field: 'email', reason: 'already used' }]);
    });

    it('removing the author role clears the AI editor role', async () => {
      const id = await userId('author@example.com');
      const response = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, trainer: false }) })
        .expect(200);
      expect(response.body).toMatchObject({ trainer: false, aiEditor: false });
      await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, trainer: true, aiEditor: true }) })
        .expect(200);
    });

    it('answers 400 for a too-long name, an invalid e-mail, an unknown group or a broken JSON string, and changes nothing', async () => {
      const id = await userId('reader@example.com');
      const before = await t.adapters.eventStore.headPosition();
      const long = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, firstName: 'x'.repeat(31) }) })
        .expect(400);
      expect(long.body.errors).toEqual([{ field: 'firstName', reason: 'firstName must be at most 30 characters' }]);
      const email = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, email: 'nope' }) })
        .expect(400);
      expect(email.body.errors[0].field).toBe('email');
      const group = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, groups: [{ id: 'ghost' }] }) })
        .expect(400);
      expect(group.body.errors).toEqual([{ field: 'user.groups', reason: 'unknown group ghost' }]);
      const broken = await t.http.put('/api/v2/admin/users/update').set(as(admin)).send({ user: '{not json' }).expect(400);
      expect(broken.body.errors).toEqual([{ field: 'user', reason: 'user must be a JSON object sent as a string' }]);
      await t.http.put('/api/v2/admin/users/update').set(as(admin)).send({}).expect(400);
      const flag = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, trainer: 'yes', groups: [{ name: 'no id' }] }) })
        .expect(400);
      expect(flag.body.errors).toEqual([
        { field: 'user.trainer', reason: 'trainer must be a boolean value' },
        { field: 'user.groups[0].id', reason: 'group id is required' },
      ]);
      const unknown = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, nickname: 'Em' }) })
        .expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'user.nickname', reason: 'property nickname should not exist' }]);
      expect(await t.adapters.eventStore.headPosition()).toBe(before);
    });

    it('answers 404 for an unknown user and 403 for a non-admin', async () => {
      await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id: 'ghost' }) })
        .expect(404);
      await t.http
        .put('/api/v2/admin/users/update')
        .set(as(reader))
        .send({ user: JSON.stringify({ id: 'x' }) })
        .expect(403);
    });

    it('refuses to demote the last active admin', async () => {
      const id = await userId('admin@example.com');
      const response = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id, admin: false }) })
        .expect(409);
      expect(response.body.message).toMatch(/last active administrator/);
    });
  });

  describe('passwords', () => {
    it('forces a password change at next login with updatePassword', async () => {
      const id = await userId('hugo.wagner7@example.com');
      await t.http.put('/api/v2/admin/users/updatePassword').query({ userID: id, value: 'true' }).set(as(admin)).expect(204);
      const token = await t.login('hugo.wagner7@example.com');
      const me = await t.http.get('/api/auth/me').set(as(token)).expect(200);
      expect(me.body.mustChangePassword).toBe(true);
      await t.http.put('/api/v2/admin/users/updatePassword').query({ userID: id, value: 'maybe' }).set(as(admin)).expect(400);
      await t.http.put('/api/v2/admin/users/updatePassword').query({ userID: id, value: 'true' }).set(as(reader)).expect(403);
    });

    it('sets a password within the configured bounds with {id}/password', async () => {
      const id = await userId('lucas.weber1@example.com');
      const response = await t.http.put(`/api/v2/admin/users/${id}/password`).query({ password: 'a-brand-new-secret' }).set(as(admin)).expect(200);
      expect(response.body).toEqual({ message: 'The password has been changed.' });
      await t.login('lucas.weber1@example.com', 'a-brand-new-secret');
      const short = await t.http.put(`/api/v2/admin/users/${id}/password`).query({ password: 'short' }).set(as(admin)).expect(400);
      expect(short.body.errors).toEqual([{ field: 'password', reason: 'The password is too short: at least 8 characters.' }]);
      const long = await t.http
        .put(`/api/v2/admin/users/${id}/password`)
        .query({ password: 'x'.repeat(65) })
        .set(as(admin))
        .expect(400);
      expect(long.body.errors[0].reason).toBe('The password is too long: at most 64 characters.');
      await t.http.put(`/api/v2/admin/users/${id}/password`).query({ password: 'whatever-it-is' }).set(as(reader)).expect(403);
    });

    it('answers generatePassword with a set-password link mailed by the link policy, never a password', async () => {
      const response = await t.http.put('/api/v2/admin/users/generatePassword').query({ email: 'sofia.romero2@example.com' }).set(as(admin)).expect(200);
      expect(response.body.message).toBe('A link to choose a new password has been sent to sofia.romero2@example.com.');
      const mail = t.mailer.sent.find((m) => m.to === 'sofia.romero2@example.com')!;
      const token = new URL(/https?:\/\/\S+\/set-password\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
      await t.http.post('/api/auth/set-password').send({ token, password: 'chosen-by-sofia' }).expect(204);
      await t.login('sofia.romero2@example.com', 'chosen-by-sofia');
      await t.http.put('/api/v2/admin/users/generatePassword').query({ email: 'ghost@example.com' }).set(as(admin)).expect(404);
      await t.http.put('/api/v2/admin/users/generatePassword').set(as(admin)).expect(400);
      await t.http.put('/api/v2/admin/users/generatePassword').query({ email: 'sofia.romero2@example.com' }).set(as(reader)).expect(403);
    });
  });

  describe('PUT deactivate and batch-update', () => {
    it('deactivates users, who can no longer log in and lose their live sessions', async () => {
      const token = await t.login('jonas.petit3@example.com');
      await t.http.get('/api/auth/me').set(as(token)).expect(200);
      const id = await userId('jonas.petit3@example.com');
      const response = await t.http
        .put('/api/v2/admin/users/deactivate')
        .set(as(admin))
        .send({ uuids: [id] })
        .expect(200);
      expect(response.body).toEqual({ deactivated: 1 });
      await t.http.get('/api/auth/me').set(as(token)).expect(401);
      await t.http.post('/api/auth/login').send({ email: 'jonas.petit3@example.com', password: 'demo-password' }).expect(403);
      await t.http.put('/api/v2/admin/users/deactivate').set(as(admin)).send({ uuids: [] }).expect(400);
      await t.http
        .put('/api/v2/admin/users/deactivate')
        .set(as(admin))
        .send({ uuids: ['ghost'] })
        .expect(400);
      await t.http
        .put('/api/v2/admin/users/deactivate')
        .set(as(reader))
        .send({ uuids: [id] })
        .expect(403);
    });

    it('refuses to deactivate the last active admin', async () => {
      const id = await userId('admin@example.com');
      await t.http
        .put('/api/v2/admin/users/deactivate')
        .set(as(admin))
        .send({ uuids: [id] })
        .expect(409);
    });

    it('replaces groups and roles; "no group" and NONE empty them', async () => {
      const a = await userId('lea.fischer4@example.com');
      const b = await userId('mateo.fernandez5@example.com');
      const g1 = await createGroup('Batch one');
      const g2 = await createGroup('Batch two');
      await t.http
        .put('/api/v2/admin/users/batch-update')
        .query({ groupsIds: `${g1},${g2}`, roles: 'FORMATEUR' })
        .send({ usersIds: [a, b] })
        .set(as(admin))
        .expect(200);
      let list = await t.http.get('/api/v2/admin/users').query({ groups: g2 }).set(as(admin)).expect(200);
      expect(list.body.result.map((u: { id: string; trainer: boolean }) => [u.id, u.trainer]).sort()).toEqual(
        [
          [a, true],
          [b, true],
        ].sort(),
      );
      await t.http
        .put('/api/v2/admin/users/batch-update')
        .query({ groupsIds: `-1,${g1}`, roles: 'NONE' })
        .send({ usersIds: [a] })
        .set(as(admin))
        .expect(200);
      list = await t.http.get('/api/v2/admin/users').query({ search: 'lea.fischer4' }).set(as(admin)).expect(200);
      expect(list.body.result[0]).toMatchObject({ groups: [], trainer: false });
      await t.http
        .put('/api/v2/admin/users/batch-update')
        .query({ roles: 'WIZARD' })
        .send({ usersIds: [a] })
        .set(as(admin))
        .expect(400);
      await t.http
        .put('/api/v2/admin/users/batch-update')
        .query({ groupsIds: 'ghost' })
        .send({ usersIds: [a] })
        .set(as(admin))
        .expect(400);
      await t.http
        .put('/api/v2/admin/users/batch-update')
        .query({ roles: 'FORMATEUR' })
        .send({ usersIds: [a] })
        .set(as(reader))
        .expect(403);
    });
  });

  describe('pickers', () => {
    it('GET /api/v2/users searches active users with count and page', async () => {
      const first = await t.http.get('/api/v2/users').query({ dataType: 'json', term: '', count: 8, page: 0 }).set(as(reader)).expect(200);
      expect(first.body.results).toHaveLength(8);
      expect(first.body.totalNumberOfUsersFound).toBeGreaterThan(8);
      expect(Object.keys(first.body.results[0]).sort()).toEqual(['email', 'firstName', 'id', 'img', 'lastName']);
      const term = await t.http.get('/api/v2/users').query({ term: 'chloé' }).set(as(reader)).expect(200);
      expect(term.body.results.map((u: { email: string }) => u.email)).toEqual(['approver@example.com']);
      await t.http.get('/api/v2/users').query({ count: 0 }).set(as(reader)).expect(400);
      await t.http.get('/api/v2/users').expect(401);
    });

    it('GET /api/v2/speach/getUsersByRole lists users of a role for authors and admins', async () => {
      const response = await t.http.get('/api/v2/speach/getUsersByRole').query({ role: 'APPROVER' }).set(as(admin)).expect(200);
      expect(response.body.map((u: { email: string }) => u.email)).toContain('approver@example.com');
      await t.http.get('/api/v2/speach/getUsersByRole').query({ role: 'KING' }).set(as(admin)).expect(400);
      await t.http.get('/api/v2/speach/getUsersByRole').query({ role: 'APPROVER' }).set(as(reader)).expect(403);
    });
  });

  describe('GET /user.usercontroller/removegetstarted', () => {
    it('records the dismissal once', async () => {
      const token = await t.login('author@example.com');
      await t.http.get('/user.usercontroller/removegetstarted').query({ type: 'SPEACH' }).set(as(token)).expect(204);
      const before = await t.adapters.eventStore.headPosition();
      await t.http.get('/user.usercontroller/removegetstarted').query({ type: 'SPEACH' }).set(as(token)).expect(204);
      expect(await t.adapters.eventStore.headPosition()).toBe(before);
      await t.http.get('/user.usercontroller/removegetstarted').query({ type: 'OTHER' }).set(as(token)).expect(400);
      await t.http.get('/user.usercontroller/removegetstarted').query({ type: 'USER' }).expect(401);
    });
  });
});

describe('GET /api/v2/users/{id}/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await fixtures(t).people('admin', 'author', 'approver', 'learner');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a colleague to any logged-in user, without private fields', async () => {
    const reader = await t.login('reader@example.com');
    const search = await t.http
      .get('/api/v2/users')
      .query({ term: 'approver@example.com' })
      .set({ authorization: `Bearer ${reader}` })
      .expect(200);
    const id = search.body.results[0].id;
    const profile = await t.http
      .get(`/api/v2/users/${id}/profile`)
      .set({ authorization: `Bearer ${reader}` })
      .expect(200);
    expect(profile.body).toMatchObject({ id, firstName: 'Chloé', approver: true, author: false, groups: expect.any(Array) });
    expect(profile.body).not.toHaveProperty('roles');
    await t.http
      .get('/api/v2/users/ghost/profile')
      .set({ authorization: `Bearer ${reader}` })
      .expect(404);
    await t.http.get(`/api/v2/users/${id}/profile`).expect(401);
  });
});
