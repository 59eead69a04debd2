import type { RecordedEvent } from '../../events';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

/** Issue 23 item 4: a quiz attempt records the version the learner answered and its content hash, like a chapter read. */
describe('Quiz attempts pinned to the version answered (issue 23)', () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;
  let learner: Person;
  const quiz = (text: string) => ({
    type: 'QUIZZ',
    passingScore: 60,
    questions: [
      {
        questionId: 'q1',
        text,
        multiple: false,
        points: 1,
        options: [
          { optionId: 'a', text: 'Stop the line', correct: true },
          { optionId: 'b', text: 'Carry on' },
        ],
      },
    ],
  });
  const answersOf = async (speachId: string) =>
    (await t.adapters.eventStore.readStream(`learner-${learner.id}`)).filter(
      (e: RecordedEvent) => e.type === 'ChapterAnswered' && (e.data as { speachId: string }).speachId === speachId,
    );

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, learner] = await fixtures(t).people('admin', 'author', 'learner');
  });
  afterAll(async () => {
    await t.close();
  });

  it('records version 1 and its hash, then version 2 and its own hash once the quiz changed', async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(author.auth).send({ title: 'Line stops', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(author.auth).send({ title: 'Check' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(author.auth).send(quiz('A guard is open?')).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(admin.auth).send({}).expect(200);
    const answer = () =>
      t.http
        .post(`/api/v2/speach/${id}/chapters/${chapterId}/answers`)
        .set(learner.auth)
        .send({ answers: { q1: ['a'] } })
        .expect(200);
    await answer();
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(author.auth).send(quiz('A guard is open or missing?')).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(admin.auth).send({}).expect(200);
    await answer();
    const [first, second] = await answersOf(id);
    expect(first.schemaVersion).toBe(2);
    expect(first.data).toEqual(expect.objectContaining({ version: 1, contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), passed: true }));
    expect(second.data).toEqual(expect.objectContaining({ version: 2, contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }));
    expect((second.data as { contentHash: string }).contentHash).not.toBe((first.data as { contentHash: string }).contentHash);
  });
});
