import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 23 item 3: GET /api/v2/speach/{id}/diff between versions or the draft (`current`). */
describe('Speach diff API (issue 23)', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const diff = (id: string, token: string, query: Record<string, string>) => t.http.get(`/api/v2/speach/${id}/diff`).query(query).set(as(token));

  beforeAll(async () => {
    t = await startTestApp();
    const [admin, author, reader, other] = await fixtures(t).people('admin', 'author', 'learner', 'learner');
    tokens = { admin: admin.token, author: author.token, reader: reader.token, other: other.token };
  });
  afterAll(async () => {
    await t.close();
  });

  async function publishedTwice() {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(tokens.author)).send({ title: 'Spill response', language: 'en-US' }).expect(201))
      .body as { id: string };
    const chapter = async (title: string, body: string) => {
      const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(tokens.author)).send({ title, parentId: null }).expect(201)).body
        .chapterId as string;
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(tokens.author)).send({ type: 'HTML', html: body }).expect(200);
      return chapterId;
    };
    const kit = await chapter('Kit', '<p>Absorbent pads</p><p>Gloves</p>');
    const old = await chapter('Old annex', '<p>Call 123</p>');
    // Version 1: published directly by an administrator (no workflow asked by the site).
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(tokens.admin)).send({}).expect(200);
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${kit}/content`)
      .set(as(tokens.author))
      .send({ type: 'HTML', html: '<p>Absorbent pads</p><p>Nitrile gloves</p>' })
      .expect(200);
    await t.http.delete(`/api/v2/recorder/speach/${id}/chapters/${old}`).set(as(tokens.author)).expect(200);
    await chapter('Report', '<p>Tell the supervisor</p>');
    return { id, kit };
  }

  it('shows the author what changed since the published version, side by side', async () => {
    const { id, kit } = await publishedTwice();
    const body = (await diff(id, tokens.author, { from: '1', to: 'current' }).expect(200)).body;
    expect(body).toEqual(expect.objectContaining({ speachId: id, from: 1, to: 'current', titleChanged: null }));
    expect(body.added.map((c: { title: string }) => c.title)).toEqual(['Report']);
    expect(body.removed.map((c: { title: string }) => c.title)).toEqual(['Old annex']);
    expect(body.changed).toEqual([
      expect.objectContaining({
        chapterId: kit,
        content: expect.objectContaining({
          lines: [
            { kind: 'same', left: 'Absorbent pads', right: 'Absorbent pads' },
            { kind: 'changed', left: 'Gloves', right: 'Nitrile gloves' },
          ],
        }),
      }),
    ]);
    // `to` defaults to the draft.
    expect((await diff(id, tokens.author, { from: '1' }).expect(200)).body.to).toBe('current');
  });

  it('answers 400 naming from or to, and 404 for an unknown speach or version', async () => {
    const { id } = await publishedTwice();
    expect((await diff(id, tokens.author, {}).expect(400)).body.errors[0].field).toBe('from');
    expect((await diff(id, tokens.author, { from: 'last' }).expect(400)).body.errors[0].field).toBe('from');
    expect((await diff(id, tokens.author, { from: '1', to: '-2' }).expect(400)).body.errors[0].field).toBe('to');
    await diff(id, tokens.author, { from: '7' }).expect(404);
    await diff('no-such-speach', tokens.author, { from: '1' }).expect(404);
  });

  it('lets a reader compare published versions only: the draft is hidden (404), a private speach needs its code (403)', async () => {
    const { id } = await publishedTwice();
    expect((await diff(id, tokens.reader, { from: '1', to: '1' }).expect(200)).body.changed).toEqual([]);
    await diff(id, tokens.reader, { from: '1', to: 'current' }).expect(404);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(tokens.author)).send({ visibility: 'PRIVE', accessCode: 'secret-code' }).expect(200);
    expect((await diff(id, tokens.other, { from: '1', to: '1' }).expect(403)).body.errors[0].field).toBe('accessCode');
  });
});
