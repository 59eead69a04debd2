import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 20: embed access tokens, scoped to one speach and one purpose, expiring, revocable, never a session. */
describe('Embed access tokens (issue 20)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function published(title: string, by = () => author) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(by())).send({ title, language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(by())).send({ title: 'Basics' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(by())).send({ type: 'HTML', html: '<p>Read me</p>' }).expect(200);
    const { chapterId: quiz } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(by())).send({ title: 'Check' }).expect(201)).body;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${quiz}/content`)
      .set(as(by()))
      .send({
        type: 'QUIZZ',
        passingScore: 50,
        questions: [
          {
            questionId: 'q1',
            text: 'Two plus two?',
            multiple: false,
            points: 1,
            options: [
              { optionId: 'a', text: 'Four', correct: true },
              { optionId: 'b', text: 'Five' },
            ],
          },
        ],
      })
      .expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id: id as string, chapterId: chapterId as string, quiz: quiz as string };
  }

  const issue = async (speachId: string, purpose: 'read' | 'edit', by = author) =>
    (await t.http.post('/api/v2/embed/tokens').set(as(by)).send({ speachId, purpose }).expect(201)).body as {
      token: string;
      tokenId: string;
      expiresAt: string;
    };

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('issues a token to the speach editors (201), shown once and stored only as its hash', async () => {
    const { id } = await published('Token basics');
    const token = await issue(id, 'read');
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.tokenId).toMatch(/^[0-9a-f]{64}$/);
    const list = await t.http.get('/api/v2/embed/tokens').query({ speachId: id }).set(as(admin)).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ _id: token.tokenId, purpose: 'read', speachId: id, revokedAt: null })]);
    expect(JSON.stringify(list.body)).not.toContain(token.token);
    const events = await t.adapters.eventStore.readStream(`embed-token-${token.tokenId}`);
    expect(JSON.stringify(events)).not.toContain(token.token);
  });

  it('answers 400 naming the field, 403 to readers and to authors who do not edit the speach, 404 for an unknown speach', async () => {
    const { id } = await published('Token inputs');
    const missing = await t.http.post('/api/v2/embed/tokens').set(as(author)).send({ speachId: id }).expect(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'purpose' })]));
    const late = await t.http
      .post('/api/v2/embed/tokens')
      .set(as(author))
      .send({ speachId: id, purpose: 'read', expiresAt: '2001-01-01T00:00:00Z' })
      .expect(400);
    expect(late.body.errors).toEqual([expect.objectContaining({ field: 'expiresAt' })]);
    await t.http.post('/api/v2/embed/tokens').set(as(reader)).send({ speachId: id, purpose: 'read' }).expect(403);
    const { id: adminOwn } = await published('Admin own', () => admin);
    await t.http.post('/api/v2/embed/tokens').set(as(author)).send({ speachId: adminOwn, purpose: 'read' }).expect(403);
    await t.http.post('/api/v2/embed/tokens').set(as(author)).send({ speachId: 'unknown', purpose: 'read' }).expect(404);
    const noToken = await t.http.get(`/api/v2/embed/speach/${id}`).expect(400);
    expect(noToken.body.errors).toEqual([expect.objectContaining({ field: 'access_token' })]);
    await t.http.delete('/api/v2/embed/tokens/not-an-id').set(as(author)).expect(400);
    await t.http
      .delete(`/api/v2/embed/tokens/${'0'.repeat(64)}`)
      .set(as(author))
      .expect(404);
  });

  it('reads, marks read and scores a quiz through a read token, without any session, into the learner records', async () => {
    const { id, chapterId, quiz } = await published('Token reading');
    const { token } = await issue(id, 'read');
    const q = { access_token: token, tool: 'SPEACH', dedicatedTenant: 'learn.example', learner: 'lms-learner-42' };
    const read = await t.http.get(`/api/v2/embed/speach/${id}`).query(q).expect(200);
    expect(read.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Basics', 'Check']);
    expect(JSON.stringify(read.body)).not.toContain('"correct"');
    await t.http.post(`/api/v2/embed/speach/${id}/chapters/${chapterId}/read`).query(q).send({}).expect(200);
    const score = await t.http
      .post(`/api/v2/embed/speach/${id}/chapters/${quiz}/answers`)
      .query(q)
      .send({ answers: { q1: ['a'] } })
      .expect(200);
    expect(score.body).toEqual(expect.objectContaining({ score: 1, max: 1, percent: 100, passed: true }));
    const again = await t.http.get(`/api/v2/embed/speach/${id}`).query(q).expect(200);
    expect(again.body.progress.readChapterIds).toEqual(expect.arrayContaining([chapterId]));
    expect(again.body.progress.quizResults[quiz]).toEqual(expect.objectContaining({ passed: true }));
    // Another LMS learner on the same token has their own record.
    const other = await t.http
      .get(`/api/v2/embed/speach/${id}`)
      .query({ ...q, learner: 'someone-else' })
      .expect(200);
    expect(other.body.progress.readChapterIds).toEqual([]);
    const bad = await t.http
      .post(`/api/v2/embed/speach/${id}/chapters/${quiz}/answers`)
      .query(q)
      .send({ answers: { q1: 'a' } })
      .expect(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'answers' })]);
    await t.http.post(`/api/v2/embed/speach/${id}/chapters/unknown/read`).query(q).send({}).expect(404);
  });

  it('refuses an expired token, a revoked one, one for another speach and one for another purpose (403)', async () => {
    const first = await published('Token one');
    const second = await published('Token two');
    const read = await issue(first.id, 'read');
    const edit = await issue(first.id, 'edit');
    await t.http.get(`/api/v2/embed/speach/${second.id}`).query({ access_token: read.token }).expect(403);
    await t.http.get(`/api/v2/embed/speach/${first.id}`).query({ access_token: edit.token }).expect(403);
    await t.http.get(`/api/v2/embed/edit/${first.id}`).query({ access_token: read.token }).expect(403);
    const draft = await t.http.get(`/api/v2/embed/edit/${first.id}`).query({ access_token: edit.token }).expect(200);
    expect(draft.body.chapters[1].content.questions[0].options[0].correct).toBe(true);
    await t.http
      .get(`/api/v2/embed/speach/${first.id}`)
      .query({ access_token: 'A'.repeat(43) })
      .expect(403);
    // Revocation: only the issuer or an administrator; then the token stops at once.
    await t.http.delete(`/api/v2/embed/tokens/${read.tokenId}`).set(as(reader)).expect(403);
    await t.http.delete(`/api/v2/embed/tokens/${read.tokenId}`).set(as(author)).expect(204);
    const revoked = await t.http.get(`/api/v2/embed/speach/${first.id}`).query({ access_token: read.token }).expect(403);
    expect(revoked.body.message).toMatch(/revoked/);
    // Expiry: the default life is 30 days.
    const fresh = await issue(first.id, 'read');
    await t.http.get(`/api/v2/embed/speach/${first.id}`).query({ access_token: fresh.token }).expect(200);
    t.clock.advance(31 * 86_400_000);
    try {
      const expired = await t.http.get(`/api/v2/embed/speach/${first.id}`).query({ access_token: fresh.token }).expect(403);
      expect(expired.body.message).toMatch(/expired/);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('lets an edit token change the title, chapter titles and HTML of the draft, acting as its issuer (200)', async () => {
    const { id, chapterId } = await published('Embed editing');
    const { token } = await issue(id, 'edit');
    const before = (await t.http.get(`/api/v2/embed/edit/${id}`).query({ access_token: token }).expect(200)).body;
    const saved = await t.http
      .put(`/api/v2/embed/edit/${id}`)
      .query({ access_token: token })
      .send({
        version: before.speach.revision,
        title: 'Edited in the LMS',
        chapters: [{ chapterId, title: 'Basics, revised', html: '<p>New text</p><script>x()</script>' }],
      })
      .expect(200);
    expect(saved.body.speach.title).toBe('Edited in the LMS');
    expect(saved.body.chapters[0]).toEqual(expect.objectContaining({ title: 'Basics, revised', content: { type: 'HTML', html: '<p>New text</p>' } }));
    // The normal editor sees the same draft; the events name the token's issuer as the actor.
    const authorId = (await t.http.get('/api/auth/me').set(as(author)).expect(200)).body.id;
    const events = await t.adapters.eventStore.readStream(`speach-${id}`);
    const edits = events.filter((e) => ['SpeachDetailsChanged', 'ChapterRenamed', 'ChapterContentSet'].includes(e.type)).slice(-3);
    expect(edits.map((e) => e.type)).toEqual(['SpeachDetailsChanged', 'ChapterRenamed', 'ChapterContentSet']);
    expect(edits.map((e) => e.metadata.userId)).toEqual([authorId, authorId, authorId]);
    expect(JSON.stringify(events)).not.toContain(token);
    // A stale version is refused and nothing is written.
    await t.http.put(`/api/v2/embed/edit/${id}`).query({ access_token: token }).send({ version: before.speach.revision, title: 'Stale' }).expect(409);
    expect((await t.http.get(`/api/v2/embed/edit/${id}`).query({ access_token: token }).expect(200)).body.speach.title).toBe('Edited in the LMS');
  });

  it('answers 400 naming the field, 403 to a read, other-speach, revoked or expired token and a former editor, 404 for an unknown speach when editing', async () => {
    const { id, chapterId, quiz } = await published('Embed editing inputs');
    const other = await published('Embed editing other');
    const { token } = await issue(id, 'edit');
    const put = (speachId: string, body: object, accessToken = token) =>
      t.http.put(`/api/v2/embed/edit/${speachId}`).query({ access_token: accessToken }).send(body);
    const field = async (body: object, name: string) =>
      expect((await put(id, body).expect(400)).body.errors).toEqual([expect.objectContaining({ field: name })]);
    await field({ title: '  ' }, 'title');
    await field(
      {
        chapters: [
          { chapterId, title: 'ok' },
          { chapterId: 'nope', title: 'x' },
        ],
      },
      'chapters[1].chapterId',
    );
    await field({ chapters: [{ chapterId, title: 'x'.repeat(300) }] }, 'chapters[0].title');
    await field({ chapters: [{ chapterId: quiz, html: '<p>no</p>' }] }, 'chapters[0].html');
    await field({ chapters: 'all' }, 'chapters');
    await field({ version: 'latest' }, 'version');
    // One decision: the valid first edit was not written either.
    expect((await t.http.get(`/api/v2/embed/edit/${id}`).query({ access_token: token }).expect(200)).body.chapters[0].title).toBe('Basics');
    const missing = await put(id, { title: 'x' }, '').expect(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'access_token' })]);
    const read = await issue(id, 'read');
    await put(id, { title: 'By a reader' }, read.token).expect(403);
    await put(other.id, { title: 'Other speach' }).expect(403);
    await put('unknown-speach', { title: 'x' }).expect(404);
    const unknown = await issue(id, 'edit');
    await t.http.delete(`/api/v2/embed/tokens/${unknown.tokenId}`).set(as(author)).expect(204);
    await put(id, { title: 'Revoked' }, unknown.token).expect(403);
    const later = await issue(id, 'edit');
    t.clock.advance(31 * 86_400_000);
    try {
      expect((await put(id, { title: 'Expired' }, later.token).expect(403)).body.message).toMatch(/expired/);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
    // An issuer who is no longer an editor (the speach went to another author) stops their tokens.
    const adminId = (await t.http.get('/api/auth/me').set(as(admin)).expect(200)).body.id;
    await t.http
      .put('/api/v2/admin/speach/update')
      .set(as(admin))
      .send({ speach: { id, authorId: adminId } })
      .expect(200);
    expect((await put(id, { title: 'Not mine any more' }).expect(403)).body.message).toMatch(/no longer edit/);
    expect((await t.http.get(`/api/v2/embed/edit/${id}`).query({ access_token: token }).expect(403)).body.errors).toEqual([
      expect.objectContaining({ field: 'access_token' }),
    ]);
  });

  it('is never a session: a token opens no other call', async () => {
    const { id } = await published('Token is not a session');
    const { token } = await issue(id, 'read');
    await t.http.get(`/api/v2/speach/${id}/read`).set(as(token)).expect(401);
    await t.http.get('/api/auth/me').set(as(token)).expect(401);
  });

  it('stops reading once the speach is unpublished', async () => {
    const { id } = await published('Token unpublished');
    const { token } = await issue(id, 'read');
    await t.http.post(`/api/v2/recorder/speach/${id}/unpublish`).set(as(admin)).send({}).expect(200);
    await t.http.get(`/api/v2/embed/speach/${id}`).query({ access_token: token }).expect(404);
  });
});

describe('Embed pages headers (issue 20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets any site frame the embed player and editor (the token is the guard), and nothing else', async () => {
    for (const path of ['/embed/abc?access_token=x&tool=SPEACH', '/editEmbed', '/editEmbed/abc?mode=edit']) {
      const response = await t.http.get(path);
      expect({ path, csp: String(response.headers['content-security-policy']).match(/frame-ancestors [^;]+/)?.[0] }).toEqual({
        path,
        csp: 'frame-ancestors *',
      });
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
    for (const path of ['/embedx/abc', '/embed/abc/def', '/s/abc', '/editEmbedded/abc']) {
      const response = await t.http.get(path);
      expect({ path, csp: String(response.headers['content-security-policy']).match(/frame-ancestors [^;]+/)?.[0] }).toEqual({
        path,
        csp: "frame-ancestors 'none'",
      });
    }
  });
});
