import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Sequential paths (issue 18): the speach reading calls refuse a speach the learner's path still locks. */
describe('Learning paths: sequential locks on the speach reading calls', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let otherReader: string;
  let readerId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function publishedSpeach(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Part 1', parentId: null }).expect(201)).body
      .chapterId as string;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: `<p>${title}</p>` })
      .expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id, chapterId };
  }

  async function path(title: string, sequential: boolean, speachIds: string[], assignee?: string) {
    const { pathId } = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title, sequential }) })
        .expect(200)
    ).body as { pathId: string };
    for (const id of speachIds) await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    if (assignee) await t.http.put(`/api/v2/learningPath/${pathId}/changeUser`).query({ userId: assignee, add: true }).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);
    return pathId;
  }

  const readChapter = (token: string, s: { id: string; chapterId: string }) =>
    t.http.post(`/api/v2/speach/${s.id}/chapters/${s.chapterId}/read`).set(as(token)).send({});

  beforeAll(async () => {
    t = await startTestApp();
    const people = await fixtures(t).people('admin', 'author', 'learner', 'learner');
    [admin, author, reader, otherReader] = people.map((p) => p.token);
    readerId = people[2].id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses reading the second speach of a sequential path (403 naming the first), then opens it once the first is completed', async () => {
    const first = await publishedSpeach('Safety basics');
    const second = await publishedSpeach('Advanced safety');
    const pathId = await path('Safety track', true, [first.id, second.id], readerId);

    const refused = await readChapter(reader, second).expect(403);
    expect(refused.body.message).toBe('This speach is locked by the learning path "Safety track": complete "Safety basics" first.');
    expect(refused.body.errors).toEqual([{ field: 'speachId', reason: expect.stringContaining(first.id) }]);
    await t.http.get(`/api/v2/speach/${second.id}/read`).set(as(reader)).expect(403);
    await t.http.post(`/api/v2/speach/${second.id}/chapters/${second.chapterId}/answers`).set(as(reader)).send({ answers: {} }).expect(403);
    const page = (await t.http.get(`/api/v2/learningPath/${pathId}/progress`).set(as(reader)).expect(200)).body as {
      items: { speachId: string; locked: boolean; completed: boolean }[];
    };
    expect(page.items.map((i) => [i.speachId, i.locked, i.completed])).toEqual([
      [first.id, false, false],
      [second.id, true, false],
    ]);

    await readChapter(reader, first).expect(200);
    expect((await readChapter(reader, second).expect(200)).body.readChapterIds).toEqual([second.chapterId]);
    expect((await t.http.get(`/api/v2/learningPath/${pathId}/progress`).set(as(reader)).expect(200)).body.completed).toBe(true);
  });

  it('locks nothing for a learner not on the path, on a path that is not sequential, or on one not published', async () => {
    const first = await publishedSpeach('Hygiene 1');
    const second = await publishedSpeach('Hygiene 2');
    await path('Hygiene track', true, [first.id, second.id], readerId);
    // Not assigned nor enrolled: the path does not concern them.
    await readChapter(otherReader, second).expect(200);

    const third = await publishedSpeach('Free 1');
    const fourth = await publishedSpeach('Free 2');
    await path('Free order', false, [third.id, fourth.id], readerId);
    await readChapter(reader, fourth).expect(200);

    const fifth = await publishedSpeach('Draft 1');
    const sixth = await publishedSpeach('Draft 2');
    const { pathId } = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title: 'Unpublished track', sequential: true }) })
        .expect(200)
    ).body as { pathId: string };
    for (const id of [fifth.id, sixth.id]) await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/changeUser`).query({ userId: readerId, add: true }).set(as(author)).expect(200);
    await readChapter(reader, sixth).expect(200);
  });

  it('locks for a learner who enrolled in an open sequential path, from their enrolment on', async () => {
    const first = await publishedSpeach('Open 1');
    const second = await publishedSpeach('Open 2');
    const { pathId } = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title: 'Open track', sequential: true, openForSelfEnrolment: true }) })
        .expect(200)
    ).body as { pathId: string };
    for (const id of [first.id, second.id]) await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);
    // Merely able to enrol: nothing is locked yet.
    await t.http.get(`/api/v2/speach/${second.id}/read`).set(as(otherReader)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/enrol`).set(as(otherReader)).expect(200);
    expect((await readChapter(otherReader, second).expect(403)).body.message).toBe(
      'This speach is locked by the learning path "Open track": complete "Open 1" first.',
    );
  });

  it('lets the speach author read a speach their own sequential path locks for learners', async () => {
    const first = await publishedSpeach('Intro');
    const second = await publishedSpeach('Follow-up');
    await path('Author track', true, [first.id, second.id], readerId);
    await t.http.get(`/api/v2/speach/${second.id}/read`).set(as(author)).expect(200);
    await readChapter(reader, second).expect(403);
  });
});
