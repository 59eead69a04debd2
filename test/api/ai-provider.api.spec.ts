import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AiJobWorker } from '../../backend/ai';
import { minimalPdf } from '../support/minimal-pdf';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const PDF = minimalPdf([
  ['Forklift safety', 'The operator inspects the forklift before every shift.'],
  ['Battery maintenance', 'The battery is charged in a ventilated room away from sparks.'],
]);
const as = (token: string) => ({ authorization: `Bearer ${token}` });

/** With AI_BASE_URL set, the jobs go to the chat model: here a local OpenAI-compatible server. */
describe('AI generator with a configured provider (AI_BASE_URL)', () => {
  let server: Server;
  let t: TestApp;
  let author: string;
  const prompts: { model: string; messages: { role: string; content: string }[]; response_format: { json_schema: { name: string } } }[] = [];
  // A chapter call never answers: it stays in flight until the worker aborts it (the cancel test).
  let chapterCallArrived!: () => void;
  let chapterCallClosed!: () => void;
  const chapterArrived = new Promise<void>((resolve) => (chapterCallArrived = resolve));
  const chapterClosed = new Promise<void>((resolve) => (chapterCallClosed = resolve));

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        prompts.push(body);
        if (body.response_format.json_schema.name === 'chapter_content') {
          res.on('close', chapterCallClosed);
          chapterCallArrived();
          return;
        }
        const plan = {
          title: 'Forklift course',
          description: 'Everything about forklifts.',
          chapters: [
            {
              title: 'Working safely',
              subchapters: [
                { title: 'Daily checks', documentNumber: 1, firstPage: 1, lastPage: 1 },
                { title: 'Charging', documentNumber: 1, firstPage: 2, lastPage: 2 },
              ],
            },
          ],
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: JSON.stringify(plan) } }],
            usage: { prompt_tokens: 1200, completion_tokens: 300 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp({
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'sk-local', AI_MODEL: 'local-model', AI_MODEL_PLAN: 'plan-model' },
    });
    // The accounts this suite signs in with, made by the suite (the demo seed is off).
    const made = fixtures(t, { admin: { email: 'admin@example.com', roles: ['ADMIN', 'FORMATEUR'] } });
    await made.admin();
    await made.user('author', { email: 'author@example.com', roles: ['FORMATEUR', 'AI_EDITOR'] });
    author = await t.login('author@example.com');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('says a provider answers, with its model, and nothing of its address or key', async () => {
    const res = await t.http.get('/recorder/aiSpeachGenerator/generator').set(as(author)).expect(200);
    expect(res.body).toEqual({ kind: 'provider', model: 'local-model' });
  });

  it('plans through the provider: the pages go in the prompt, its answer maps onto them, the call is metered', async () => {
    const upload = await t.http.post('/recorder/aiSpeachGenerator/uploadDocuments').set(as(author)).attach('file', PDF, 'forklift.pdf').expect(200);
    await t.app.get(AiJobWorker).idle();
    const steps = await t.http
      .post('/recorder/aiSpeachGenerator/generateSteps')
      .set(as(author))
      .send({ jobIDs: [upload.body.jobID], language: 'de-DE', specificPrompt: 'Für Lagerpersonal' })
      .expect(200);
    await t.app.get(AiJobWorker).idle();
    const plan = (await t.http.get(`/recorder/jobID/${steps.body.jobID}`).set(as(author)).expect(200)).body;

    expect(prompts).toHaveLength(1);
    expect(prompts[0].model).toBe('plan-model');
    expect(prompts[0].response_format.json_schema.name).toBe('speach_plan');
    expect(prompts[0].messages[0].content).toContain('Write the titles and description in de-DE');
    expect(prompts[0].messages[1].content).toContain('Instruction from the author: Für Lagerpersonal');
    expect(prompts[0].messages[1].content).toContain('The battery is charged in a ventilated room away from sparks.');

    expect(plan.title).toBe('Forklift course');
    expect(
      plan.chapters[0].subchapters.map((s: { title: string; documentPages: { pageNumber: number }[] }) => [s.title, s.documentPages.map((p) => p.pageNumber)]),
    ).toEqual([
      ['Daily checks', [1]],
      ['Charging', [2]],
    ]);
    expect(plan.provenance).toMatchObject({
      provider: 'openai-compatible',
      model: 'plan-model',
      promptTemplateVersion: 'plan-v1',
      instruction: 'Für Lagerpersonal',
    });

    const admin = await t.login('admin@example.com');
    const usage = await t.http.get('/api/v2/administration/ai/usage').set(as(admin)).expect(200);
    expect(usage.body.authors[0]).toMatchObject({ calls: 1, promptTokens: 1200, completionTokens: 300, costUnits: 2.1, models: { 'plan-model': 1 } });
  });

  it('cancels a running chapter job: the provider call is aborted, no outcome is recorded, the chapter stays empty', async () => {
    const worker = t.app.get(AiJobWorker);
    const upload = await t.http.post('/recorder/aiSpeachGenerator/uploadDocuments').set(as(author)).attach('file', PDF, 'forklift.pdf').expect(200);
    await worker.idle();
    const steps = await t.http
      .post('/recorder/aiSpeachGenerator/generateSteps')
      .set(as(author))
      .send({ jobIDs: [upload.body.jobID], language: 'en-US' })
      .expect(200);
    await worker.idle();
    const plan = (await t.http.get(`/recorder/jobID/${steps.body.jobID}`).set(as(author)).expect(200)).body;
    const { speachID, mapping } = (await t.http.post('/recorder/aiSpeachGenerator/validateSteps').set(as(author)).send(plan).expect(200)).body;
    const target = mapping.lecons[0].chapitres[0].chapitreID;
    const started = await t.http.post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/${target}`).set(as(author)).send({}).expect(200);
    await chapterArrived;
    const jobID = started.body.jobID as string;

    await t.http
      .post(`/recorder/jobID/${jobID}/cancel`)
      .set(as(await t.login('admin@example.com')))
      .expect(403);
    const cancelled = await t.http.post(`/recorder/jobID/${jobID}/cancel`).set(as(author)).expect(200);
    expect(cancelled.body).toEqual({ jobID, status: 'cancelled' });
    await chapterClosed;
    await worker.idle();

    const job = await t.http.get(`/recorder/jobID/${jobID}`).set(as(author)).expect(200);
    expect(job.text).toBe('ERROR');
    expect(decodeURIComponent(job.headers['x-job-error'])).toBe('This generation was cancelled.');
    const draft = await t.http.get('/api/v2/speach/draftSpeach').query({ speachID }).set(as(author)).expect(200);
    expect(draft.body.chapters[0].children[0].content?.type ?? 'NONE').toBe('NONE');
    const stream = (await t.adapters.eventStore.readStream(`ai-job-${jobID}`)).map((e) => e.type);
    expect(stream).toEqual(['AiChapterGenerationRequested', 'AiJobCancelled']);
    await t.http.post(`/recorder/jobID/${jobID}/cancel`).set(as(author)).expect(409);
  });
});
