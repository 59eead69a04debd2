import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 22 / spec §7: `GET /api/v2/quizz/do-convert-to-quizz-exam?chapterId` turns an assessment into the final exam. */
describe('Convert an assessment into the final exam (issue 22)', () => {
  let t: TestApp;
  let author: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const quiz = {
    type: 'QUIZZ',
    passingScore: 60,
    questions: [
      {
        questionId: 'q1',
        text: 'Two and two?',
        multiple: false,
        points: 1,
        options: [
          { optionId: 'a', text: 'Four', correct: true },
          { optionId: 'b', text: 'Five' },
        ],
      },
    ],
  };

  async function quizChapter(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Check' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send(quiz).expect(200);
    return { id: id as string, chapterId: chapterId as string };
  }
  const content = async (id: string, chapterId: string) => {
    const draft = (await t.http.get('/api/v2/speach/draftSpeach').query({ speachID: id }).set(as(author)).expect(200)).body;
    return (draft.chapters as { chapterId: string; content: { type: string } }[]).find((c) => c.chapterId === chapterId)!.content;
  };

  beforeAll(async () => {
    t = await startTestApp();
    [author, reader] = (await fixtures(t).people('author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('converts the quiz, keeping its questions and passing score; a second time is a 400', async () => {
    const { id, chapterId } = await quizChapter('Final check');
    const res = await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').query({ chapterId }).set(as(author)).expect(200);
    expect(res.body).toEqual({ chapterId, type: 'QUIZZ_EXAMEN' });
    expect(await content(id, chapterId)).toMatchObject({ type: 'QUIZZ_EXAMEN', passingScore: 60, questions: [{ questionId: 'q1' }] });
    const again = await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').query({ chapterId }).set(as(author)).expect(400);
    expect(again.body.errors[0]).toEqual({ field: 'chapterId', reason: 'This chapter is already a final exam' });
  });

  it('answers 400 naming chapterId when missing, 404 for an unknown chapter, 403 for a reader and from a foreign site', async () => {
    const { id, chapterId } = await quizChapter('Guarded check');
    const missing = await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').set(as(author)).expect(400);
    expect(missing.body.errors[0].field).toBe('chapterId');
    await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').query({ chapterId: 'nope' }).set(as(author)).expect(404);
    await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').query({ chapterId }).set(as(reader)).expect(403);
    await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').query({ chapterId }).set(as(author)).set('origin', 'https://evil.example').expect(403);
    await t.http.get('/api/v2/quizz/do-convert-to-quizz-exam').query({ chapterId }).set(as(author)).set('sec-fetch-site', 'cross-site').expect(403);
    expect((await content(id, chapterId)).type).toBe('QUIZZ');
  });
});
