import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #16 item 2: a chapter's file only for those who may read its speach, never cached publicly. */
describe('Speach files (issue #16 item 2)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const pdf = Buffer.from('%PDF-1.4\n% the vault plans\n');

  /** A published speach holding one uploaded PDF; answers the URL the author's draft carries. */
  async function withFile(title: string, visibility: 'PUBLIC' | 'PRIVE' | 'RESTREINT', bytes = pdf) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Plans' }).expect(201)).body;
    const draft = await t.http
      .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
      .query({ type: 'PDF_UPLOAD', name: 'plans.pdf' })
      .set({ ...as(author), 'content-type': 'application/pdf' })
      .send(bytes)
      .expect(201);
    await t.http
      .put(`/api/v2/recorder/speach/${id}/visibility`)
      .set(as(author))
      .send({ visibility, ...(visibility === 'PRIVE' ? { accessCode: 'open sesame' } : {}) })
      .expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    const file = draft.body.chapters[0].content.file as { blobId: string; url: string };
    return { id: id as string, chapterId: chapterId as string, blobId: file.blobId, url: file.url };
  }

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the signed URL handed out with the chapters (a media element sends no token), privately cached', async () => {
    const { id, url } = await withFile('Public plans', 'PUBLIC');
    const read = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
    const readerUrl = read.body.chapters[0].content.file.url as string;
    expect(readerUrl).toMatch(/sig=[0-9a-f]{64}/);
    const served = await t.http.get(readerUrl).expect(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers['cache-control']).not.toMatch(/immutable|public/);
    await t.http.get(url).set('range', 'bytes=0-3').expect(206);
  });

  it('refuses an anonymous caller without a valid signature: bare id, forged, another speach, expired', async () => {
    const { id, blobId, url } = await withFile('Restricted plans', 'RESTREINT', Buffer.from('%PDF-1.4\n% restricted\n'));
    const other = await withFile('Other plans', 'PUBLIC', Buffer.from('%PDF-1.4\n% other\n'));
    const bare = await t.http.get(`/blob/${blobId}`).query({ type: 'application/pdf' }).expect(400);
    expect(bare.body.errors[0].field).toBe('speach');
    await t.http.get(`/blob/${blobId}`).query({ speach: id }).expect(401);
    const signed = new URL(url, 'http://x');
    await t.http
      .get(`/blob/${blobId}`)
      .query({ speach: id, expires: signed.searchParams.get('expires'), sig: '0'.repeat(64) })
      .expect(401);
    await t.http
      .get(`/blob/${blobId}`)
      .query({ speach: other.id, expires: signed.searchParams.get('expires'), sig: signed.searchParams.get('sig') })
      .expect(401);
    await t.http.get(url).expect(200);
    t.clock.advance(5 * 3600 * 1000);
    try {
      await t.http.get(url).expect(401);
      // The author's session still opens it, from a fresh read or the old link alike.
      await t.http.get(url).set(as(author)).expect(200);
    } finally {
      t.clock.advance(-5 * 3600 * 1000);
    }
  });

  it('with a session, applies the speach access rule: not assigned 404, private without code 403, a file of another speach 404', async () => {
    const restricted = await withFile('Restricted plans 2', 'RESTREINT', Buffer.from('%PDF-1.4\n% restricted 2\n'));
    await t.http.get(`/blob/${restricted.blobId}`).query({ speach: restricted.id }).set(as(reader)).expect(404);
    const prive = await withFile('Private plans', 'PRIVE', Buffer.from('%PDF-1.4\n% private\n'));
    const refused = await t.http.get(`/blob/${prive.blobId}`).query({ speach: prive.id }).set(as(reader)).expect(403);
    expect(refused.body.errors[0].field).toBe('accessCode');
    const open = await withFile('Open plans', 'PUBLIC', Buffer.from('%PDF-1.4\n% open\n'));
    await t.http.get(`/blob/${open.blobId}`).query({ speach: open.id }).set(as(reader)).expect(200);
    await t.http.get(`/blob/${prive.blobId}`).query({ speach: open.id }).set(as(reader)).expect(404);
  });
});
