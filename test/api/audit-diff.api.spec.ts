import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

/** Issue 23 item 3 in the audit trail: the chapter-level diff between versions, for inspectors, whatever the speach's visibility. */
describe('Audit diff API: GET /api/v2/audit/speach/{id}/diff (issue 23)', () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;
  let auditor: Person;
  let learner: Person;
  let speachId: string;
  const diff = (token: Person, query: Record<string, string>, id = speachId) => t.http.get(`/api/v2/audit/speach/${id}/diff`).query(query).set(token.auth);

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, auditor, learner] = await fixtures(t).people('admin', 'author', 'auditor', 'learner');
    speachId = (await t.http.post('/api/v2/recorder/speach').set(author.auth).send({ title: 'Deviation handling', language: 'en-US' }).expect(201)).body.id;
    const chapter = async (title: string, html: string) => {
      const chapterId = (await t.http.post(`/api/v2/recorder/speach/${speachId}/chapters`).set(author.auth).send({ title, parentId: null }).expect(201)).body
        .chapterId as string;
      await t.http.put(`/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`).set(author.auth).send({ type: 'HTML', html }).expect(200);
      return chapterId;
    };
    const record = await chapter('Record', '<p>Open a deviation</p><p>Within 24 hours</p>');
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(admin.auth).send({}).expect(200);
    await t.http
      .put(`/api/v2/recorder/speach/${speachId}/chapters/${record}/content`)
      .set(author.auth)
      .send({ type: 'HTML', html: '<p>Open a deviation</p><p>Within 1 working day</p>' })
      .expect(200);
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(admin.auth).send({}).expect(200);
    await chapter('Investigate', '<p>Root cause</p>');
    // A private speach: an inspector reads it without its access code.
    await t.http.put(`/api/v2/recorder/speach/${speachId}/visibility`).set(author.auth).send({ visibility: 'PRIVE', accessCode: 'secret-code' }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows an auditor what changed between two published versions, side by side, and between the last one and the draft', async () => {
    const between = (await diff(auditor, { from: '1', to: '2' }).expect(200)).body;
    expect(between).toEqual(expect.objectContaining({ speachId, from: 1, to: 2, titleChanged: null, added: [], removed: [] }));
    expect(between.changed).toEqual([
      expect.objectContaining({
        title: 'Record',
        content: expect.objectContaining({
          lines: [
            { kind: 'same', left: 'Open a deviation', right: 'Open a deviation' },
            { kind: 'changed', left: 'Within 24 hours', right: 'Within 1 working day' },
          ],
        }),
      }),
    ]);
    const draft = (await diff(admin, { from: '2' }).expect(200)).body;
    expect(draft.to).toBe('current');
    expect(draft.added.map((c: { title: string }) => c.title)).toEqual(['Investigate']);
  });

  it('answers 400 naming from or to, 404 for an unknown speach or version', async () => {
    expect((await diff(auditor, {}).expect(400)).body.errors[0].field).toBe('from');
    expect((await diff(auditor, { from: 'v1' }).expect(400)).body.errors[0].field).toBe('from');
    expect((await diff(auditor, { from: '1', to: '0' }).expect(400)).body.errors[0].field).toBe('to');
    await diff(auditor, { from: '9' }).expect(404);
    await diff(auditor, { from: '1' }, 'no-such-speach').expect(404);
  });

  it('refuses the author and a learner (403), and anonymous callers (401)', async () => {
    await diff(author, { from: '1', to: '2' }).expect(403);
    await diff(learner, { from: '1', to: '2' }).expect(403);
    await t.http.get(`/api/v2/audit/speach/${speachId}/diff`).query({ from: '1' }).expect(401);
  });
});
