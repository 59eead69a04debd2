import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** The react-admin resources follow ra-data-simple-rest exactly: sort, range, filter, Content-Range, full-record PUT, DELETE returning the record. */
describe('react-admin resources (/api/rest)', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    // Five people, so a range of five is full; the approver is the only Schmidt.
    const people = await fixtures(t).people('admin', 'author', 'approver', 'learner', 'auditor');
    [admin, reader] = [people[0].token, people[3].token];
  });
  afterAll(async () => {
    await t.close();
  });

  describe('users', () => {
    it('lists a range sorted, with Content-Range, and filters with q', async () => {
      const response = await t.http.get('/api/rest/users').query({ sort: '["email","DESC"]', range: '[0,4]' }).set(as(admin)).expect(200);
      expect(response.headers['content-range']).toMatch(/^users 0-4\/\d+$/);
      expect(response.body).toHaveLength(5);
      const emails = response.body.map((u: { email: string }) => u.email);
      expect([...emails].sort().reverse()).toEqual(emails);
      const q = await t.http.get('/api/rest/users').query({ filter: '{"q":"schmidt"}' }).set(as(admin)).expect(200);
      expect(q.body.map((u: { email: string }) => u.email)).toEqual(['approver@example.com']);
      expect(q.headers['content-range']).toBe('users 0-0/1');
    });

    it('answers getMany with filter={"id":[...]}', async () => {
      const all = await t.http.get('/api/rest/users').query({ range: '[0,2]' }).set(as(admin)).expect(200);
      const ids = all.body.map((u: { id: string }) => u.id);
      const many = await t.http
        .get('/api/rest/users')
        .query({ filter: JSON.stringify({ id: ids.slice(0, 2) }) })
        .set(as(admin))
        .expect(200);
      expect(many.body.map((u: { id: string }) => u.id).sort()).toEqual(ids.slice(0, 2).sort());
    });

    it('creates, updates with a full record, and deletes (deactivates) answering the record', async () => {
      const created = await t.http
        .post('/api/rest/users')
        .set(as(admin))
        .send({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', roles: ['FORMATEUR'], password: 'first-password' })
        .expect(201);
      expect(created.body).toMatchObject({ email: 'ada@example.com', roles: ['FORMATEUR'], active: true, mustChangePassword: true });
      const full = { ...created.body, lastName: 'King', roles: ['FORMATEUR', 'AI_EDITOR'] };
      const updated = await t.http.put(`/api/rest/users/${created.body.id}`).set(as(admin)).send(full).expect(200);
      expect(updated.body).toMatchObject({ lastName: 'King', roles: expect.arrayContaining(['FORMATEUR', 'AI_EDITOR']) });
      const badFields = await t.http
        .put(`/api/rest/users/${created.body.id}`)
        .set(as(admin))
        .send({ ...full, customFieldValues: { site: 7 } })
        .expect(400);
      expect(badFields.body.errors).toEqual([{ field: 'customFieldValues', reason: 'customFieldValues must map custom field ids to texts' }]);
      // A role left out of the full record is switched off.
      const demoted = await t.http
        .put(`/api/rest/users/${created.body.id}`)
        .set(as(admin))
        .send({ ...full, roles: ['FORMATEUR'] })
        .expect(200);
      expect(demoted.body.roles).toEqual(['FORMATEUR']);
      const deleted = await t.http.delete(`/api/rest/users/${created.body.id}`).set(as(admin)).expect(200);
      expect(deleted.body).toMatchObject({ id: created.body.id, active: false });
      await t.http.get(`/api/rest/users/ghost`).set(as(admin)).expect(404);
    });

    it('answers 400 for malformed protocol parameters or a bad record', async () => {
      const sort = await t.http.get('/api/rest/users').query({ sort: '["password","ASC"]' }).set(as(admin)).expect(400);
      expect(sort.body.errors[0].field).toBe('sort');
      await t.http.get('/api/rest/users').query({ range: '[5,1]' }).set(as(admin)).expect(400);
      await t.http.get('/api/rest/users').query({ filter: '{oops' }).set(as(admin)).expect(400);
      const unknown = await t.http.get('/api/rest/users').query({ filter: '{"password":"x"}' }).set(as(admin)).expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'filter.password', reason: 'unknown filter password' }]);
      const bad = await t.http
        .post('/api/rest/users')
        .set(as(admin))
        .send({ firstName: 'x'.repeat(31), lastName: '', email: 'nope', roles: ['KING'] })
        .expect(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'firstName', 'lastName', 'roles']);
    });

    it('answers 403 to a non-admin for every verb', async () => {
      await t.http.get('/api/rest/users').set(as(reader)).expect(403);
      await t.http.post('/api/rest/users').set(as(reader)).send({ firstName: 'A', lastName: 'B', email: 'ab@example.com' }).expect(403);
      await t.http.delete('/api/rest/users/x').set(as(reader)).expect(403);
    });
  });

  describe('groups and categories', () => {
    it('creates groups, associates categories, renames, reorders and deletes', async () => {
      const sales = await t.http.post('/api/rest/categories').set(as(admin)).send({ name: 'Sales' }).expect(201);
      const safety = await t.http.post('/api/rest/categories').set(as(admin)).send({ name: 'Safety' }).expect(201);
      const group = await t.http
        .post('/api/rest/groups')
        .set(as(admin))
        .send({ name: 'Field staff', description: 'On the road', categoryIds: [sales.body.id] })
        .expect(201);
      expect(group.body).toMatchObject({ name: 'Field staff', description: 'On the road', categoryIds: [sales.body.id], memberCount: 0 });
      const updated = await t.http
        .put(`/api/rest/groups/${group.body.id}`)
        .set(as(admin))
        .send({ ...group.body, name: 'Field team', order: 7, categoryIds: [sales.body.id, safety.body.id] })
        .expect(200);
      expect(updated.body).toMatchObject({ name: 'Field team', order: 7, categoryIds: [sales.body.id, safety.body.id] });
      const bySafety = await t.http
        .get('/api/rest/groups')
        .query({ filter: JSON.stringify({ categoryIds: safety.body.id }) })
        .set(as(admin))
        .expect(200);
      expect(bySafety.body.map((g: { id: string }) => g.id)).toEqual([group.body.id]);
      // Deleting a category removes it from the association.
      await t.http.delete(`/api/rest/categories/${safety.body.id}`).set(as(admin)).expect(200);
      expect((await t.http.get(`/api/rest/groups/${group.body.id}`).set(as(admin))).body.categoryIds).toEqual([sales.body.id]);
      const deleted = await t.http.delete(`/api/rest/groups/${group.body.id}`).set(as(admin)).expect(200);
      expect(deleted.body.id).toBe(group.body.id);
      await t.http.get(`/api/rest/groups/${group.body.id}`).set(as(admin)).expect(404);
    });

    it('answers 400 for an empty name, an unknown category, and 403 for a non-admin', async () => {
      await t.http.post('/api/rest/groups').set(as(admin)).send({ name: '' }).expect(400);
      const unknown = await t.http
        .post('/api/rest/groups')
        .set(as(admin))
        .send({ name: 'G', categoryIds: ['ghost'] })
        .expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'categoryIds', reason: 'unknown category ghost' }]);
      await t.http
        .post('/api/rest/categories')
        .set(as(admin))
        .send({ name: 'x'.repeat(101) })
        .expect(400);
      await t.http.get('/api/rest/groups').set(as(reader)).expect(403);
      await t.http.post('/api/rest/categories').set(as(reader)).send({ name: 'X' }).expect(403);
    });
  });

  describe('custom-fields', () => {
    it('defines, changes and deletes a custom field', async () => {
      const field = await t.http.post('/api/rest/custom-fields').set(as(admin)).send({ name: 'employeeId', labelEn: 'Employee ID' }).expect(201);
      expect(field.body).toEqual({ id: expect.any(String), name: 'employeeId', labelEn: 'Employee ID', labelFr: '', labelEs: '', labelDe: '' });
      const changed = await t.http
        .put(`/api/rest/custom-fields/${field.body.id}`)
        .set(as(admin))
        .send({ ...field.body, labelFr: 'Numéro interne' })
        .expect(200);
      expect(changed.body.labelFr).toBe('Numéro interne');
      const list = await t.http.get('/api/rest/custom-fields').query({ filter: '{"q":"interne"}' }).set(as(admin)).expect(200);
      expect(list.body.map((f: { id: string }) => f.id)).toEqual([field.body.id]);
      await t.http.delete(`/api/rest/custom-fields/${field.body.id}`).set(as(admin)).expect(200);
      await t.http.post('/api/rest/custom-fields').set(as(admin)).send({ labelEn: 'no name' }).expect(400);
      await t.http.post('/api/rest/custom-fields').set(as(reader)).send({ name: 'x' }).expect(403);
    });
  });
});

describe('users resource filters of the admin user list', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    // Staff who joined two days ago (the learner in no group, with no role), then a newcomer today in a group.
    await fx.people('admin', 'learner', 'author');
    const groupId = await fx.group();
    t.clock.advance(2 * 24 * 3_600_000);
    // The fixtures' sessions have expired by now: the administrator signs in again.
    admin = await t.login('admin@example.com');
    await t.http
      .post('/api/rest/users')
      .set({ authorization: `Bearer ${admin}` })
      .send({ firstName: 'Nina', lastName: 'Newcomer', email: 'newcomer@example.test', roles: ['APPROVER'], groupIds: [groupId] })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters by groups with "no group", roles with NONE, state and date ranges', async () => {
    const as = { authorization: `Bearer ${admin}` };
    const all = await t.http.get('/api/rest/users').query({ range: '[0,99]' }).set(as).expect(200);
    const noGroup = await t.http.get('/api/rest/users').query({ range: '[0,99]', filter: '{"groups":["-1"]}' }).set(as).expect(200);
    expect(noGroup.body.length).toBeGreaterThan(0);
    expect(noGroup.body.every((u: { groupIds: string[] }) => u.groupIds.length === 0)).toBe(true);
    const none = await t.http.get('/api/rest/users').query({ range: '[0,99]', filter: '{"roles":["NONE"]}' }).set(as).expect(200);
    expect(none.body.every((u: { roles: string[] }) => u.roles.length === 0)).toBe(true);
    const today = t.clock.now().toISOString().slice(0, 10);
    const created = await t.http
      .get('/api/rest/users')
      .query({ range: '[0,99]', filter: JSON.stringify({ createdAt_gte: today, createdAt_lte: today, active: true }) })
      .set(as)
      .expect(200);
    // The staff joined two days ago; the filter keeps exactly the active users created today.
    const activeOn = (day: string) => all.body.filter((u: { createdAt: string; active: boolean }) => u.active && u.createdAt.slice(0, 10) === day);
    expect(created.body.map((u: { id: string }) => u.id).sort()).toEqual(
      activeOn(today)
        .map((u: { id: string }) => u.id)
        .sort(),
    );
    const ever = await t.http
      .get('/api/rest/users')
      .query({ range: '[0,99]', filter: JSON.stringify({ createdAt_gte: '2000-01-01', active: true }) })
      .set(as)
      .expect(200);
    expect(ever.body.length).toBe(all.body.filter((u: { active: boolean }) => u.active).length);
    expect(ever.body.length).toBeGreaterThan(created.body.length);
    const bad = await t.http.get('/api/rest/users').query({ filter: '{"roles":["KING"]}' }).set(as).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'filter.roles', reason: 'unknown role KING' }]);
    await t.http.get('/api/rest/users').query({ filter: '{"createdAt_gte":"yesterday"}' }).set(as).expect(400);
  });
});
