import { AiJobWorker } from '../../backend/ai';
import { minimalPdf } from '../support/minimal-pdf';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const MARKDOWN = [
  '# Forklift safety',
  'The operator inspects the forklift before every shift. A forklift must never carry a load above the rated capacity. The parking brake is applied whenever the operator leaves the seat.',
  '# Battery maintenance',
  'The battery is charged in a ventilated room away from sparks. Protective goggles are worn while the electrolyte level is checked. Spilled electrolyte is neutralised with baking soda.',
].join('\n\n');

describe('AI quiz API (spec §7 "AI quiz", §5 limits)', () => {
  let t: TestApp;
  let author: string;
  let reader: string;
  let admin: string;
  let worker: AiJobWorker;
  let speachID: string;
  let quizChapter: string;
  let textChapters: string[];
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function job(jobID: string) {
    await worker.idle();
    return (await t.http.get(`/recorder/jobID/${jobID}`).set(as(author)).expect(200)).body;
  }

  beforeAll(async () => {
    t = await startTestApp();
    // The accounts this suite signs in with, made by the suite (the demo seed is off).
    const made = fixtures(t, { admin: { email: 'admin@example.com', roles: ['ADMIN', 'FORMATEUR'] } });
    await made.admin();
    await made.user('author', { email: 'author@example.com', roles: ['FORMATEUR', 'AI_EDITOR'] });
    await made.user('learner', { email: 'reader@example.com' });
    author = await t.login('author@example.com');
    reader = await t.login('reader@example.com');
    admin = await t.login('admin@example.com');
    worker = t.app.get(AiJobWorker);
    const upload = await t.http
      .post('/recorder/aiSpeachGenerator/uploadDocuments')
      .set(as(author))
      .attach('file', Buffer.from(MARKDOWN), 'safety.md')
      .expect(200);
    await worker.idle();
    const steps = await t.http
      .post('/recorder/aiSpeachGenerator/generateSteps')
      .set(as(author))
      .send({ jobIDs: [upload.body.jobID], language: 'en-US' })
      .expect(200);
    const plan = await job(steps.body.jobID);
    const validated = await t.http.post('/recorder/aiSpeachGenerator/validateSteps').set(as(author)).send(plan).expect(200);
    speachID = validated.body.speachID;
    textChapters = validated.body.mapping.lecons.map((l: { chapitres: { chapitreID: string }[] }) => l.chapitres[0].chapitreID);
    for (const chapterId of textChapters) {
      const started = await t.http.post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/${chapterId}`).set(as(author)).send({}).expect(200);
      await job(started.body.jobID);
    }
    const added = await t.http.post(`/api/v2/recorder/speach/${speachID}/chapters`).set(as(author)).send({ title: 'Quiz' }).expect(201);
    quizChapter = added.body.chapterId;
  });
  afterAll(() => t.close());

  it('GET questions/{chapterId}: what the quiz holds and how many more are allowed', async () => {
    const res = await t.http.get(`/recorder/aiQuizGenerator/questions/${quizChapter}`).set(as(author)).expect(200);
    expect(res.body).toEqual({ speachID, chapterId: quizChapter, typeQuiz: 'QUIZZ', questions: [], allowed: 20, max: 50 });
    await t.http.get(`/recorder/aiQuizGenerator/questions/${quizChapter}`).set(as(reader)).expect(403);
    await t.http.get('/recorder/aiQuizGenerator/questions/unknown').set(as(author)).expect(404);
  });

  it('GET speachFromChapter/{chapterId}: the chapters and their transcript status', async () => {
    const res = await t.http.get(`/recorder/aiQuizGenerator/speachFromChapter/${quizChapter}`).set(as(author)).expect(200);
    expect(res.body.speachID).toBe(speachID);
    expect(res.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Forklift safety', 'Battery maintenance', 'Quiz']);
    expect(res.body.chapters[0].subchapters[0]).toMatchObject({ id: textChapters[0], type: 'HTML', autoTranscriptStatus: 'NA' });
    await t.http.get(`/recorder/aiQuizGenerator/speachFromChapter/${quizChapter}`).set(as(admin)).expect(403);
    await t.http.get('/recorder/aiQuizGenerator/speachFromChapter/unknown').set(as(author)).expect(404);
  });

  it('POST forceTranscript/{subchapterId}: a text sub-chapter has nothing to transcribe', async () => {
    const res = await t.http.post(`/recorder/aiQuizGenerator/forceTranscript/${textChapters[0]}`).set(as(author)).expect(400);
    expect(res.body.errors[0].field).toBe('subchapterId');
    await t.http.post(`/recorder/aiQuizGenerator/forceTranscript/${textChapters[0]}`).set(as(reader)).expect(403);
    await t.http.post('/recorder/aiQuizGenerator/forceTranscript/unknown').set(as(author)).expect(404);
  });

  it('POST generate/{chapterId}: questions from the selected chapters, each citing a passage its answer key matches', async () => {
    const started = await t.http
      .post(`/recorder/aiQuizGenerator/generate/${quizChapter}`)
      .set(as(author))
      .field('existingQuestions', '[]')
      .field('nbQuestionsToGenerate', '4')
      .field('selectedChapters', JSON.stringify(textChapters))
      .field('selectedLang', 'en-US')
      .expect(200);
    const quiz = await job(started.body.jobID);
    expect(quiz.typeQuiz).toBe('QUIZZ');
    expect(quiz.questions).toHaveLength(4);
    expect(quiz.provenance.provider).toBe('extractive-local');
    for (const question of quiz.questions) {
      expect(MARKDOWN).toContain(question.source.passage);
      expect(textChapters).toContain(question.source.chapterId);
      const correct = question.options.filter((o: { correct: boolean }) => o.correct);
      expect(correct).toHaveLength(1);
      if (question.kind === 'CLOZE') expect(question.source.passage).toBe(question.text.replace('_____', correct[0].text));
      else expect(correct[0].text).toBe(question.source.passage);
    }

    const recorded = await t.http
      .post(`/recorder/aiQuizGenerator/record/${quizChapter}`)
      .set(as(author))
      .send({ questions: quiz.questions, typeQuiz: 'QUIZZ' })
      .expect(200);
    expect(recorded.body).toMatchObject({ allowed: 20, typeQuiz: 'QUIZZ' });
    expect(recorded.body.questions).toHaveLength(4);
    const draft = await t.http.get('/api/v2/speach/draftSpeach').query({ speachID }).set(as(author)).expect(200);
    expect(draft.body.chapters[2].content.questions.map((q: { questionId: string }) => q.questionId)).toEqual(
      quiz.questions.map((q: { questionId: string }) => q.questionId),
    );
    // The cited passages stay with the saved questions, so the editor can show what each one tests.
    const cited = quiz.questions.map((q: { source: unknown }) => q.source);
    expect(recorded.body.questions.map((q: { source: unknown }) => q.source)).toEqual(cited);
    expect(draft.body.chapters[2].content.questions.map((q: { source: unknown }) => q.source)).toEqual(cited);
  });

  it('POST generate/{chapterId}: 0 is auto; full course without a selection', async () => {
    const started = await t.http.post(`/recorder/aiQuizGenerator/generate/${quizChapter}`).set(as(author)).send({ nbQuestionsToGenerate: 0 }).expect(200);
    const quiz = await job(started.body.jobID);
    expect(quiz.questions.length).toBeGreaterThan(0);
    expect(quiz.questions.length).toBeLessThanOrEqual(10);
  });

  it('POST generate/{chapterId}: an urlencoded body (what a plain HTML form sends) is refused, nothing generated', async () => {
    const res = await t.http.post(`/recorder/aiQuizGenerator/generate/${quizChapter}`).set(as(author)).type('form').send('nbQuestionsToGenerate=2');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('content-type');
  });

  it("POST generate/{chapterId}: the limits and the spec's error keys, naming the field", async () => {
    const generate = (fields: Record<string, unknown>) => t.http.post(`/recorder/aiQuizGenerator/generate/${quizChapter}`).set(as(author)).send(fields);
    expect((await generate({ selectedChapters: [] }).expect(400)).body.errors[0]).toEqual({
      field: 'selectedChapters',
      reason: 'aiQuizGeneration.impossibleToGenerateWithChapters',
    });
    expect((await generate({ nbQuestionsToGenerate: 21 }).expect(400)).body.errors[0].field).toBe('nbQuestionsToGenerate');
    expect((await generate({ nbQuestionsToGenerate: 'many' }).expect(400)).body.errors[0].field).toBe('nbQuestionsToGenerate');
    expect((await generate({ selectedChapters: ['nope'] }).expect(400)).body.errors[0].field).toBe('selectedChapters[0]');
    expect((await generate({ existingQuestions: '{oops' }).expect(400)).body.errors[0].field).toBe('existingQuestions');
    expect((await generate({ selectedLang: 'tlh' }).expect(400)).body.errors[0].field).toBe('selectedLang');
    const full = Array.from({ length: 50 }, (_, i) => `Question ${i}`);
    const reached = await generate({ existingQuestions: full }).expect(400);
    expect(reached.body.errors[0]).toEqual({ field: 'nbQuestionsToGenerate', reason: 'You have reached 50 questions.' });
    // 45 existing: 5 more at most.
    expect((await generate({ existingQuestions: full.slice(0, 45), nbQuestionsToGenerate: 6 }).expect(400)).body.errors[0].field).toBe('nbQuestionsToGenerate');
    await t.http.post(`/recorder/aiQuizGenerator/generate/${quizChapter}`).set(as(reader)).send({}).expect(403);
    await t.http.post('/recorder/aiQuizGenerator/generate/unknown').set(as(author)).send({}).expect(404);
  });

  it("POST generate/{chapterId}: a PDF chapter's text feeds the quiz too", async () => {
    const added = await t.http.post(`/api/v2/recorder/speach/${speachID}/chapters`).set(as(author)).send({ title: 'Handbook' }).expect(201);
    const pdf = minimalPdf([
      ['Loading dock', 'Trucks reverse to the dock only when the green light is on.', 'Wheel chocks are placed before the trailer is loaded.'],
    ]);
    await t.http
      .post(`/api/v2/recorder/speach/${speachID}/chapters/${added.body.chapterId}/file`)
      .query({ type: 'PDF_UPLOAD', name: 'handbook.pdf' })
      .set(as(author))
      .set('content-type', 'application/pdf')
      .send(pdf)
      .expect(201);
    const started = await t.http
      .post(`/recorder/aiQuizGenerator/generate/${quizChapter}`)
      .set(as(author))
      .send({ nbQuestionsToGenerate: 2, selectedChapters: [added.body.chapterId] })
      .expect(200);
    const quiz = await job(started.body.jobID);
    expect(quiz.questions).toHaveLength(2);
    for (const question of quiz.questions) {
      expect(question.source.chapterId).toBe(added.body.chapterId);
      expect(['Trucks reverse to the dock only when the green light is on.', 'Wheel chocks are placed before the trailer is loaded.']).toContain(
        question.source.passage,
      );
    }
  });

  it("counts the quiz calls in the author's AI usage", async () => {
    const usage = await t.http.get('/api/v2/administration/ai/usage').set(as(admin)).expect(200);
    // One plan, two chapters, three quiz generations.
    expect(usage.body.authors[0]).toMatchObject({ calls: 6, models: { 'extractive-local': 6 } });
  });

  it('POST record/{chapterId}: 400 naming the field, 403, 404', async () => {
    expect(
      (await t.http.post(`/recorder/aiQuizGenerator/record/${quizChapter}`).set(as(author)).send({ questions: 'x' }).expect(400)).body.errors[0].field,
    ).toBe('questions');
    expect(
      (await t.http.post(`/recorder/aiQuizGenerator/record/${quizChapter}`).set(as(author)).send({ questions: [], typeQuiz: 'POLL' }).expect(400)).body
        .errors[0].field,
    ).toBe('typeQuiz');
    const question = (source: unknown) => ({
      questionId: 'q1',
      text: 'Where is the battery charged?',
      multiple: false,
      points: 1,
      options: [
        { optionId: 'a', text: 'In a ventilated room', correct: true },
        { optionId: 'b', text: 'Outside', correct: false },
      ],
      source,
    });
    const badSource = (source: unknown) =>
      t.http
        .post(`/recorder/aiQuizGenerator/record/${quizChapter}`)
        .set(as(author))
        .send({ questions: [question(source)] })
        .expect(400);
    expect((await badSource({ chapterId: textChapters[0], passage: 'x'.repeat(2001) })).body.errors[0].field).toBe('questions[0].source.passage');
    expect((await badSource({ chapterId: textChapters[0], passage: '' })).body.errors[0].field).toBe('questions[0].source.passage');
    expect((await badSource(['not', 'an', 'object'])).body.errors[0].field).toBe('questions[0].source');
    await t.http.post(`/recorder/aiQuizGenerator/record/${quizChapter}`).set(as(reader)).send({ questions: [] }).expect(403);
    await t.http.post('/recorder/aiQuizGenerator/record/unknown').set(as(author)).send({ questions: [] }).expect(404);
  });
});
