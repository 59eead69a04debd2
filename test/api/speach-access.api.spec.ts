import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #16 item 1: every read of a speach's content goes through the access rule `/read` applies. */
describe('Speach access rule (issue #16 item 1)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function publishedPrivate(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US', description: 'Secret plans' }).expect(201))
      .body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Chapter one: the vault' }).expect(201))
      .body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Inside</p>' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'PRIVE', accessCode: 'open sesame' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id: id as string, chapterId: chapterId as string };
  }

  const contentReads = (id: string) => [
    { name: 'publishDetails', path: `/api/v2/cours/${id}/publishDetails`, query: {} },
    { name: 'comments', path: `/api/v2/speach/${id}/comments`, query: {} },
    { name: 'engagement', path: `/api/v2/speach/${id}/engagement`, query: {} },
    { name: 'speachWithMetadata', path: '/api/v2/speach/speachWithMetadata', query: { speachID: id } },
    { name: 'read', path: `/api/v2/speach/${id}/read`, query: {} },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every content read of a private speach to a reader without its code (403 naming accessCode)', async () => {
    const { id } = await publishedPrivate('Vault procedures');
    for (const read of contentReads(id)) {
      const response = await t.http.get(read.path).query(read.query).set(as(reader));
      expect({ read: read.name, status: response.status }).toEqual({ read: read.name, status: 403 });
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'accessCode' })]);
      expect(JSON.stringify(response.body)).not.toMatch(/vault|Secret plans/i);
      const wrong = await t.http
        .get(read.path)
        .query({ ...read.query, accessCode: 'guess' })
        .set(as(reader));
      expect({ read: read.name, status: wrong.status }).toEqual({ read: read.name, status: 403 });
    }
  });

  it('answers every content read with the code, and without it once the reader started the speach', async () => {
    const { id, chapterId } = await publishedPrivate('Vault procedures 2');
    for (const read of contentReads(id)) {
      const response = await t.http
        .get(read.path)
        .query({ ...read.query, accessCode: 'open sesame' })
        .set(as(reader));
      expect({ read: read.name, status: response.status }).toEqual({ read: read.name, status: 200 });
    }
    const details = await t.http.get(`/api/v2/cours/${id}/publishDetails`).query({ accessCode: 'open sesame' }).set(as(reader)).expect(200);
    expect(details.body.lecons[0].title).toBe('Chapter one: the vault');
    await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).query({ accessCode: 'open sesame' }).set(as(reader)).expect(200);
    for (const read of contentReads(id)) {
      const response = await t.http.get(read.path).query(read.query).set(as(reader));
      expect({ read: read.name, status: response.status }).toEqual({ read: read.name, status: 200 });
    }
  });

  it('lets the author and an administrator read without the code', async () => {
    const { id } = await publishedPrivate('Vault procedures 3');
    for (const token of [author, admin]) {
      for (const read of contentReads(id)) {
        const response = await t.http.get(read.path).query(read.query).set(as(token));
        expect({ read: read.name, status: response.status }).toEqual({ read: read.name, status: 200 });
      }
    }
  });

  it('answers 404 for a restricted speach the reader is not assigned to, and 400 on a malformed code', async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Board only', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Minutes' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>x</p>' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    for (const read of contentReads(id)) {
      const response = await t.http.get(read.path).query(read.query).set(as(reader));
      expect({ read: read.name, status: response.status }).toEqual({ read: read.name, status: 404 });
    }
    const bad = await t.http
      .get(`/api/v2/speach/${id}/comments`)
      .query({ accessCode: 'x'.repeat(231) })
      .set(as(reader))
      .expect(400);
    expect(bad.body.errors[0].field).toBe('accessCode');
    const badCard = await t.http
      .get('/api/v2/speach/speachWithMetadata')
      .query({ speachID: id, accessCode: 'x'.repeat(231) })
      .set(as(reader))
      .expect(400);
    expect(badCard.body.errors[0].field).toBe('accessCode');
  });
});
