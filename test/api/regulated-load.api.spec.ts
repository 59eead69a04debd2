import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 23 item 6, spec §2: `/s/{speachID}_REGULATED/{slug}` reads the version in force while a newer one is scheduled. */
describe('Regulated load (_REGULATED)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  /** v1 live with "Procedure v1"; v2 ("Procedure v2") scheduled for tomorrow. */
  async function scheduledUpdate(title: string, visibility?: { visibility: string; accessCode: string }) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Procedure v1' }).expect(201)).body;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Old gowning steps</p>' })
      .expect(200);
    if (visibility) await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send(visibility).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}`).set(as(author)).send({ title: 'Procedure v2' }).expect(200);
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>New gowning steps</p>' })
      .expect(200);
    const at = tomorrow();
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({ at }).expect(200);
    return { id: id as string, chapterId: chapterId as string, at };
  }

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ workflowEnabled: false }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the version in force (v1) while v2 is scheduled, and says until when', async () => {
    const { id, chapterId, at } = await scheduledUpdate('Gowning SOP');
    const read = await t.http.get(`/api/v2/speach/${id}_REGULATED/read`).set(as(reader)).expect(200);
    expect(read.body.chapters[0].title).toBe('Procedure v1');
    expect(read.body.chapters[0].content.html).toBe('<p>Old gowning steps</p>');
    expect(read.body.regulated).toEqual({ version: 1, inForceUntil: at });
    expect(read.body.speach.id).toBe(id);
    // An editor gets the version in force too, not the draft.
    const editor = await t.http.get(`/api/v2/speach/${id}_REGULATED/read`).set(as(author)).expect(200);
    expect(editor.body.chapters[0].title).toBe('Procedure v1');
    // Progress is recorded on the speach itself, pinned to the version read.
    const marked = await t.http.post(`/api/v2/speach/${id}_REGULATED/chapters/${chapterId}/read`).set(as(reader)).expect(200);
    expect(marked.body.readChapterIds).toEqual([chapterId]);
    const plain = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
    expect(plain.body.progress.readChapterIds).toEqual([chapterId]);
    expect(plain.body.regulated).toBeUndefined();
  });

  it('answers the live version with no end date when nothing is scheduled', async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Plain SOP', language: 'en-US' }).expect(201)).body;
    await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Only chapter' }).expect(201);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
    const read = await t.http.get(`/api/v2/speach/${id}_REGULATED/read`).set(as(reader)).expect(200);
    expect(read.body.regulated).toEqual({ version: 1, inForceUntil: null });
  });

  it('refuses the draft mode on a regulated load (400 naming mode)', async () => {
    const { id } = await scheduledUpdate('Gowning SOP draft');
    const response = await t.http.get(`/api/v2/speach/${id}_REGULATED/read`).query({ mode: 'draft' }).set(as(author)).expect(400);
    expect(JSON.stringify(response.body)).toContain('mode');
  });

  it('answers 404 for an unknown speach', async () => {
    await t.http.get('/api/v2/speach/no-such-speach_REGULATED/read').set(as(reader)).expect(404);
    await t.http.get('/api/v2/speach/_REGULATED/read').set(as(reader)).expect(404);
  });

  it('keeps the access rule: a private speach without its code is 403 naming accessCode', async () => {
    const { id } = await scheduledUpdate('Private SOP', { visibility: 'PRIVE', accessCode: 'clean room' });
    const refused = await t.http.get(`/api/v2/speach/${id}_REGULATED/read`).set(as(reader)).expect(403);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'accessCode' })]);
    expect(JSON.stringify(refused.body)).not.toMatch(/gowning/i);
    await t.http.get(`/api/v2/speach/${id}_REGULATED/read`).query({ accessCode: 'clean room' }).set(as(reader)).expect(200);
  });
});
