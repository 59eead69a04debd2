import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #16 item 7: one request is one decision: a refused request writes nothing at all. */
describe('One request, one decision (issue #16 item 7)', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const head = () => t.adapters.eventStore.headPosition();

  async function userId(email: string): Promise<string> {
    const response = await t.http
      .get('/api/rest/users')
      .query({ filter: JSON.stringify({ q: email }) })
      .set(as(admin))
      .expect(200);
    return response.body.find((u: { email: string }) => u.email === email).id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    [admin, reader] = (await fixtures(t).people('admin', 'learner')).map((p) => p.token);
    await fixtures(t).user('author');
    await fixtures(t).user('learner', { email: 'emma.bernard0@example.com', firstName: 'Emma', lastName: 'Bernard' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('PUT /api/v2/admin/users/update with an unknown custom field: 400 naming it, and no profile change', async () => {
    const id = await userId('emma.bernard0@example.com');
    const before = await head();
    const user = { id, firstName: 'Changed', email: 'emma.changed@example.com', customFieldValues: [{ customField: { id: 'no-such-field' }, value: 'x' }] };
    const response = await t.http
      .put('/api/v2/admin/users/update')
      .set(as(admin))
      .send({ user: JSON.stringify(user) })
      .expect(400);
    expect(response.body.errors[0].field).toBe('customFieldValues.no-such-field');
    expect(await head()).toBe(before);
    const after = await t.http.get(`/api/rest/users/${id}`).set(as(admin)).expect(200);
    expect(after.body).toEqual(expect.objectContaining({ firstName: 'Emma', email: 'emma.bernard0@example.com' }));
    // The e-mail it would have taken is still free.
    await t.http
      .put('/api/v2/admin/users/update')
      .set(as(admin))
      .send({ user: JSON.stringify({ id, email: 'emma.changed@example.com' }) })
      .expect(200);
    await t.http
      .put('/api/v2/admin/users/update')
      .set(as(reader))
      .send({ user: JSON.stringify({ id, firstName: 'x' }) })
      .expect(403);
  });

  it('PUT /api/v2/admin/users/update with a javascript: avatar: 400 naming img (issue #16 item 9)', async () => {
    const id = await userId('lucas.martin1@example.com').catch(() => null);
    const target =
      id ??
      (await t.http.post('/api/rest/users').set(as(admin)).send({ firstName: 'Img', lastName: 'Target', email: 'img.target@example.com' }).expect(201)).body.id;
    const before = await head();
    for (const img of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x.png', 'vbscript:x']) {
      const response = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id: target, img }) });
      expect({ img, status: response.status }).toEqual({ img, status: 400 });
      expect(response.body.errors[0].field).toBe('img');
    }
    expect(await head()).toBe(before);
    for (const img of ['https://cdn.example.com/a.png', '/blob/abc', 'http://example.com/b.jpg']) {
      const response = await t.http
        .put('/api/v2/admin/users/update')
        .set(as(admin))
        .send({ user: JSON.stringify({ id: target, img }) });
      expect({ img, status: response.status }).toEqual({ img, status: 200 });
    }
  });

  it('POST /api/rest/users with an unknown group: 400 naming it, and the e-mail stays free', async () => {
    const before = await head();
    const body = { firstName: 'Noa', lastName: 'Group', email: 'noa.group@example.com', groupIds: ['no-such-group'] };
    const response = await t.http.post('/api/rest/users').set(as(admin)).send(body).expect(400);
    expect(response.body.errors[0].field).toBe('groupIds');
    expect(await head()).toBe(before);
    const created = await t.http
      .post('/api/rest/users')
      .set(as(admin))
      .send({ ...body, groupIds: [] })
      .expect(201);
    expect(created.body.email).toBe('noa.group@example.com');
    await t.http
      .post('/api/rest/users')
      .set(as(reader))
      .send({ ...body, email: 'other@example.com' })
      .expect(403);
  });

  it('PUT /api/v2/admin/speach/update over the pin limit: 409 and the details unchanged', async () => {
    const author = await t.login('author@example.com');
    const publish = async (title: string) => {
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body;
      const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'One' }).expect(201)).body;
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>x</p>' }).expect(200);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
      return id as string;
    };
    const pinned = (
      await t.http
        .get('/api/rest/speaches')
        .query({ filter: JSON.stringify({ pinnedOnHome: true }) })
        .set(as(admin))
        .expect(200)
    ).body.length as number;
    for (let i = pinned; i < 10; i++) {
      const id = await publish(`Pinned ${i}`);
      await t.http
        .put('/api/v2/admin/speach/update')
        .set(as(admin))
        .send({ speach: JSON.stringify({ speachID: id, isPinnedOnHome: true }) })
        .expect(200);
    }
    const eleventh = await publish('Eleventh');
    const before = await head();
    await t.http
      .put('/api/v2/admin/speach/update')
      .set(as(admin))
      .send({ speach: JSON.stringify({ speachID: eleventh, title: 'Renamed', isPinnedOnHome: true }) })
      .expect(409);
    expect(await head()).toBe(before);
    const card = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: eleventh }).set(as(admin)).expect(200);
    expect(card.body).toEqual(expect.objectContaining({ title: 'Eleventh', isPinnedOnHome: false }));
    // A refused detail change leaves the pin list alone too.
    const bad = await t.http
      .put('/api/v2/admin/speach/update')
      .set(as(admin))
      .send({ speach: JSON.stringify({ speachID: eleventh, title: 'x'.repeat(300), isPinnedOnHome: false }) })
      .expect(400);
    expect(bad.body.errors[0].field).toBe('title');
    expect(await head()).toBe(before);
  });
});
