import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #16 item 8: react-admin list filters accept only the fields and value types each resource declares. */
describe('Admin list filters (issue #16 item 8)', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    [admin, reader] = (await fixtures(t).people('admin', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  const bad: [string, string, string][] = [
    ['users', '{"active":{"$where":"1"}}', 'filter.active'],
    ['users', '{"active":{"$ne":true}}', 'filter.active'],
    ['users', '{"__proto__":{"active":true}}', 'filter.__proto__'],
    ['users', '{"constructor":"x"}', 'filter.constructor'],
    ['users', '{"$where":"1"}', 'filter.$where'],
    ['users', '{"groups":[{"$gt":""}]}', 'filter.groups'],
    ['users', '{"q":{"$regex":".*"}}', 'filter.q'],
    ['users', '{"id":{"$ne":"x"}}', 'filter.id'],
    ['groups', '{"categoryIds":{"$exists":true}}', 'filter.categoryIds'],
    ['categories', '{"name":"x"}', 'filter.name'],
    ['custom-fields', '{"q":["a"]}', 'filter.q'],
    ['workflow-definitions', '{"toString":"x"}', 'filter.toString'],
    ['speaches', '{"state":{"$ne":"PUBLIE"}}', 'filter.state'],
    ['speaches', '{"pinnedOnHome":{"$ne":false}}', 'filter.pinnedOnHome'],
    ['speaches', '{"__proto__":{"x":1}}', 'filter.__proto__'],
    ['speaches', '{"startDate":"yesterday"}', 'filter.startDate'],
  ];

  it.each(bad)('GET /api/rest/%s?filter=%s answers 400 naming %s', async (resource, filter, field) => {
    const response = await t.http.get(`/api/rest/${resource}`).query({ filter }).set(as(admin));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field })]);
  });

  it('answers the declared filters with their types', async () => {
    const active = await t.http.get('/api/rest/users').query({ filter: '{"active":true}' }).set(as(admin)).expect(200);
    expect(active.body.length).toBeGreaterThan(0);
    expect(active.body.every((u: { active: boolean }) => u.active)).toBe(true);
    const asText = await t.http.get('/api/rest/users').query({ filter: '{"active":"true"}' }).set(as(admin)).expect(200);
    expect(asText.headers['content-range']).toBe(active.headers['content-range']);
    const ids = active.body.slice(0, 2).map((u: { id: string }) => u.id);
    const many = await t.http
      .get('/api/rest/users')
      .query({ filter: JSON.stringify({ id: ids }) })
      .set(as(admin))
      .expect(200);
    expect(many.body.map((u: { id: string }) => u.id).sort()).toEqual([...ids].sort());
    await t.http.get('/api/rest/speaches').query({ filter: '{"pinnedOnHome":true,"visibilities":["PUBLIC"]}' }).set(as(admin)).expect(200);
    await t.http.get('/api/rest/users').query({ filter: '{"active":true}' }).set(as(reader)).expect(403);
  });
});
