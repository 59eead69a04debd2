import { AiJobWorker } from '../../../backend/ai';
import { PROJECTION_RUNNER } from '../../../backend/infrastructure/tokens';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import type { Fixtures } from '../support/fixtures';
import { HIDDEN, type RouteExpectation, admins, json, only, unique } from '../route-answers';

/** The demo author is the one AI editor of the demo (the admin is not one: AI_EDITOR routes refuse them). */
const aiEditors = () => only(['author']);
/** Jobs and the licence rule are open to authors and administrators. */
const authorsAndAdmins = () => only(['author', 'admin']);

const MARKDOWN = [
  '# Forklift safety',
  'The operator inspects the forklift before every shift. A forklift must never carry a load above the rated capacity.',
  '# Battery maintenance',
  'The battery is charged in a ventilated room away from sparks. Protective goggles are worn while the electrolyte level is checked.',
].join('\n\n');

const author = (fx: Fixtures) => fx.auth('author');

/**
 * The AI jobs run outside their request and append on their own: a call's job is finished (and read
 * models caught up) before the next caller's call, so its events never count against a refusal.
 */
async function jobsDone(fx: Fixtures): Promise<void> {
  await fx.t.app.get(AiJobWorker).idle();
  await fx.t.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitFor(await fx.t.adapters.eventStore.headPosition(), 5000);
}

async function jobResult(fx: Fixtures, jobID: string): Promise<Record<string, unknown>> {
  await jobsDone(fx);
  const res = await fx.t.http.get(`/recorder/jobID/${jobID}`).set(author(fx)).expect(200);
  if (res.text === 'ERROR' || res.text === '') throw new Error(`AI job ${jobID} did not finish: ${res.headers['x-job-error'] ?? 'pending'}`);
  return res.body;
}

/** A multipart upload of one document in the field "file", as a browser's FormData sends it. */
function multipart(fileName: string, content: string): { contentType: string; data: Buffer } {
  const boundary = `----matrix${unique()}`;
  const data = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/markdown\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, data };
}

async function uploaded(fx: Fixtures): Promise<string> {
  const upload = multipart('safety.md', MARKDOWN);
  const res = await fx.t.http
    .post('/recorder/aiSpeachGenerator/uploadDocuments')
    .set(author(fx))
    .set('content-type', upload.contentType)
    .send(upload.data)
    .expect(200);
  await jobsDone(fx);
  return res.body.jobID as string;
}

/** A fresh plan of the demo author from one uploaded document (not validated yet). */
async function plan(fx: Fixtures): Promise<{ documentJob: string; planJob: string; plan: Record<string, unknown> }> {
  const documentJob = await uploaded(fx);
  const steps = await fx.t.http
    .post('/recorder/aiSpeachGenerator/generateSteps')
    .set(author(fx))
    .send({ jobIDs: [documentJob], language: 'en-US' })
    .expect(200);
  const planJob = steps.body.jobID as string;
  return { documentJob, planJob, plan: await jobResult(fx, planJob) };
}

interface AiSpeach {
  speachID: string;
  documentJob: string;
  /** The generated text sub-chapters, filled from their pages. */
  textChapters: string[];
  /** An empty chapter for the quiz calls. */
  quizChapter: string;
  /** Questions the quiz generator made for it (not recorded). */
  questions: unknown[];
}

/** One generated draft of the demo author per fixture set, made on first use (reads share it). */
const made = new WeakMap<Fixtures, Promise<AiSpeach>>();

function aiSpeach(fx: Fixtures): Promise<AiSpeach> {
  let speach = made.get(fx);
  if (!speach) {
    speach = (async () => {
      const { documentJob, planJob, plan: steps } = await plan(fx);
      const validated = await fx.t.http
        .post('/recorder/aiSpeachGenerator/validateSteps')
        .set(author(fx))
        .send({ ...steps, jobID: planJob })
        .expect(200);
      const speachID = validated.body.speachID as string;
      const textChapters = (validated.body.mapping.lecons as { chapitres: { chapitreID: string }[] }[]).map((l) => l.chapitres[0].chapitreID);
      for (const chapterId of textChapters) {
        const started = await fx.t.http.post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/${chapterId}`).set(author(fx)).send({}).expect(200);
        await jobResult(fx, started.body.jobID);
      }
      const added = await fx.t.http.post(`/api/v2/recorder/speach/${speachID}/chapters`).set(author(fx)).send({ title: 'Quiz' }).expect(201);
      const quizChapter = added.body.chapterId as string;
      const quiz = await fx.t.http.post(`/recorder/aiQuizGenerator/generate/${quizChapter}`).set(author(fx)).send({ nbQuestionsToGenerate: 2 }).expect(200);
      const { questions } = (await jobResult(fx, quiz.body.jobID)) as { questions: unknown[] };
      return { speachID, documentJob, textChapters, quizChapter, questions };
    })();
    made.set(fx, speach);
  }
  return speach;
}

/** Refused callers get the demo author's ids too: a 403 then says the role, not the data, turned them away. */
const afterJobs = (fx: Fixtures) => jobsDone(fx);

/** Who may call the routes of AI authoring (backend/ai/): see route-expectations.ts for the vocabulary. */
export const AI_ROUTES: Record<string, RouteExpectation> = {
  'POST /recorder/aiSpeachGenerator/uploadDocuments': {
    call: () => ({
      path: '/recorder/aiSpeachGenerator/uploadDocuments',
      raw: multipart('exits.md', '# Emergency exits\n\nExits are marked in green and kept clear.\n'),
    }),
    answers: aiEditors(),
    writes: true,
    after: afterJobs,
  },
  'POST /recorder/aiSpeachGenerator/generateSteps': {
    call: async (fx) => ({
      path: '/recorder/aiSpeachGenerator/generateSteps',
      body: { jobIDs: [(await aiSpeach(fx)).documentJob], language: 'en-US', duration: 'short' },
    }),
    answers: aiEditors(),
    writes: true,
    after: afterJobs,
  },
  'GET /recorder/aiSpeachGenerator/generator': { call: () => ({ path: '/recorder/aiSpeachGenerator/generator' }), answers: aiEditors() },
  // Only a job's owner may cancel it; another admin is refused, anyone else is told nothing. The matrix's jobs are
  // finished by the time it calls (a document parses in milliseconds), so the owner gets 409 "already done": the
  // cancellation of a running job is tested in test/api/ai-provider.api.spec.ts against a held provider call.
  'POST /recorder/jobID/{id}/cancel': {
    call: async (fx) => ({ path: `/recorder/jobID/${await uploaded(fx)}/cancel`, body: {} }),
    answers: only(['author'], 409, HIDDEN),
    after: afterJobs,
  },
  'GET /recorder/jobID/{id}': {
    call: async (fx) => ({ path: `/recorder/jobID/${(await aiSpeach(fx)).documentJob}` }),
    // Admins see every job (the support desk); an author their own.
    answers: authorsAndAdmins(),
  },
  'POST /recorder/aiSpeachGenerator/validateSteps': {
    // A fresh plan per call: a validated plan makes a speach.
    call: async (fx) => {
      const fresh = await plan(fx);
      return { path: '/recorder/aiSpeachGenerator/validateSteps', body: { ...fresh.plan, jobID: fresh.planJob } };
    },
    answers: aiEditors(),
    writes: true,
    after: afterJobs,
  },
  'POST /recorder/aiSpeachGenerator/generateChapter/{speachId}/{chapterId}': {
    call: async (fx) => {
      const speach = await aiSpeach(fx);
      return { path: `/recorder/aiSpeachGenerator/generateChapter/${speach.speachID}/${speach.textChapters[0]}`, body: { generationMode: 'ENHANCED' } };
    },
    answers: aiEditors(),
    writes: true,
    after: afterJobs,
  },
  'GET /recorder/aiSpeachGenerator/restoreAISpeach/{speachId}': {
    call: async (fx) => ({ path: `/recorder/aiSpeachGenerator/restoreAISpeach/${(await aiSpeach(fx)).speachID}` }),
    answers: aiEditors(),
  },
  'GET /recorder/aiSpeachGenerator/restoreSpeachToMap/{speachId}': {
    call: async (fx) => ({ path: `/recorder/aiSpeachGenerator/restoreSpeachToMap/${(await aiSpeach(fx)).speachID}` }),
    answers: aiEditors(),
  },
  'GET /recorder/aiSpeachGenerator/restoreAIFile/{speachId}/{jobId}': {
    call: async (fx) => {
      const speach = await aiSpeach(fx);
      return { path: `/recorder/aiSpeachGenerator/restoreAIFile/${speach.speachID}/${speach.documentJob}` };
    },
    answers: aiEditors(),
  },
  'GET /recorder/aiQuizGenerator/questions/{chapterId}': {
    call: async (fx) => ({ path: `/recorder/aiQuizGenerator/questions/${(await aiSpeach(fx)).quizChapter}` }),
    answers: aiEditors(),
  },
  'GET /recorder/aiQuizGenerator/speachFromChapter/{chapterId}': {
    call: async (fx) => ({ path: `/recorder/aiQuizGenerator/speachFromChapter/${(await aiSpeach(fx)).quizChapter}` }),
    answers: aiEditors(),
  },
  'POST /recorder/aiQuizGenerator/forceTranscript/{subchapterId}': {
    // Never a success today (docs/ai-authoring.md: no speech-to-text provider, so it changes nothing): a text
    // sub-chapter has nothing to transcribe, so the AI editor's call is answered 400; the others never reach it.
    call: async (fx) => ({ path: `/recorder/aiQuizGenerator/forceTranscript/${(await aiSpeach(fx)).textChapters[0]}` }),
    answers: only(['author'], 400),
  },
  'POST /recorder/aiQuizGenerator/generate/{chapterId}': {
    call: async (fx) => {
      const speach = await aiSpeach(fx);
      return {
        path: `/recorder/aiQuizGenerator/generate/${speach.quizChapter}`,
        body: { existingQuestions: json([]), nbQuestionsToGenerate: '2', selectedChapters: json(speach.textChapters), selectedLang: 'en-US' },
      };
    },
    answers: aiEditors(),
    writes: true,
    after: afterJobs,
  },
  'POST /recorder/aiQuizGenerator/record/{chapterId}': {
    call: async (fx) => {
      const speach = await aiSpeach(fx);
      return { path: `/recorder/aiQuizGenerator/record/${speach.quizChapter}`, body: { questions: speach.questions, typeQuiz: 'QUIZZ' } };
    },
    answers: aiEditors(),
    writes: true,
  },
  'GET /api/v2/administration/ai/isAILicenseAvailable': {
    call: () => ({ path: '/api/v2/administration/ai/isAILicenseAvailable' }),
    answers: authorsAndAdmins(),
  },
  'GET /api/v2/administration/ai/usage': {
    call: () => ({ path: '/api/v2/administration/ai/usage', query: { month: new Date().toISOString().slice(0, 7) } }),
    answers: admins(),
  },
  'GET /api/v2/administration/ai/budget': {
    call: () => ({ path: '/api/v2/administration/ai/budget' }),
    answers: aiEditors(),
  },
};
