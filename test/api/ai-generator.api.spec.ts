import { AiJobWorker } from '../../backend/ai';
import { minimalPdf } from '../support/minimal-pdf';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';
import { zipOf } from '../support/ai-fixtures';

const PDF = minimalPdf([
  ['Forklift safety', 'The operator inspects the forklift before every shift.', 'A forklift must never carry a load above the rated capacity.'],
  [
    'Battery maintenance',
    'The battery is charged in a ventilated room away from sparks.',
    'Protective goggles are worn while the electrolyte level is checked.',
  ],
]);
const MARKDOWN =
  '# Emergency exits\n\nExits are marked in green and kept clear at all times.\n\n# First aid\n\nThe first aid kit hangs next to the main door of the warehouse.\n';

describe('AI speach generator API (spec §7 "AI generator")', () => {
  let t: TestApp;
  let author: string; // FORMATEUR + AI_EDITOR
  let admin: string; // ADMIN + FORMATEUR, no AI_EDITOR
  let reader: string;
  let worker: AiJobWorker;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    // The accounts this suite signs in with, made by the suite (the demo seed is off).
    const made = fixtures(t, { admin: { email: 'admin@example.com', roles: ['ADMIN', 'FORMATEUR'] } });
    await made.admin();
    await made.user('author', { email: 'author@example.com', roles: ['FORMATEUR', 'AI_EDITOR'] });
    await made.user('learner', { email: 'reader@example.com' });
    author = await t.login('author@example.com');
    admin = await t.login('admin@example.com');
    reader = await t.login('reader@example.com');
    worker = t.app.get(AiJobWorker);
  });
  afterAll(() => t.close());

  function upload(file: Buffer, name: string, token = author) {
    return t.http.post('/recorder/aiSpeachGenerator/uploadDocuments').set(as(token)).attach('file', file, name);
  }

  async function finished(jobID: string) {
    await worker.idle();
    return t.http.get(`/recorder/jobID/${jobID}`).set(as(author)).expect(200);
  }

  async function uploadedPlan() {
    const pdf = (await upload(PDF, 'forklift.pdf').expect(200)).body.jobID as string;
    const md = (await upload(Buffer.from(MARKDOWN), 'exits.md').expect(200)).body.jobID as string;
    await worker.idle();
    const steps = await t.http
      .post('/recorder/aiSpeachGenerator/generateSteps')
      .set(as(author))
      .field('jobIDs', pdf)
      .field('jobIDs', md)
      .field('language', 'en-US')
      .field('duration', 'medium')
      .expect(200);
    const plan = (await finished(steps.body.jobID)).body;
    return { pdf, md, planJob: steps.body.jobID as string, plan };
  }

  describe('GET /recorder/aiSpeachGenerator/generator', () => {
    it('says the local extractive generator answers when no provider is configured', async () => {
      const res = await t.http.get('/recorder/aiSpeachGenerator/generator').set(as(author)).expect(200);
      expect(res.body).toEqual({ kind: 'extractive', model: 'extractive-local' });
    });

    it('is for AI editors only: 403 to an admin without the role and to a reader, 401 anonymously', async () => {
      await t.http.get('/recorder/aiSpeachGenerator/generator').set(as(admin)).expect(403);
      await t.http.get('/recorder/aiSpeachGenerator/generator').set(as(reader)).expect(403);
      await t.http.get('/recorder/aiSpeachGenerator/generator').expect(401);
    });
  });

  describe('POST /recorder/aiSpeachGenerator/uploadDocuments', () => {
    it('answers a job whose result is the text and a PNG image of every page', async () => {
      const res = await upload(PDF, 'forklift.pdf').expect(200);
      expect(res.body).toEqual({ jobID: expect.any(String), budgetWarning: null });
      const file = (await finished(res.body.jobID)).body;
      expect(file).toMatchObject({ uid: res.body.jobID, jobID: res.body.jobID, name: 'forklift.pdf', progress: 100 });
      expect(file.data.pages).toHaveLength(2);
      expect(file.data.pages[1].text).toContain('The battery is charged in a ventilated room');
      expect(Buffer.from(file.data.pages[0].imageB64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      expect(file.data.sections.map((s: { title: string }) => s.title)).toEqual(['Forklift safety', 'Battery maintenance']);
    });

    it('answers ERROR (the reason in X-Job-Error) for a Keynote file without a preview', async () => {
      const res = await upload(zipOf({ 'Index/Document.iwa': 'iwa' }), 'deck.key').expect(200);
      const job = await finished(res.body.jobID);
      expect(job.text).toBe('ERROR');
      expect(decodeURIComponent(job.headers['x-job-error'])).toBe('Something wrong on your file: deck.key');
    });

    it('refuses a type not accepted, content not of its type, and a missing file, naming the field', async () => {
      expect((await upload(Buffer.from('MZ'), 'tool.exe').expect(400)).body.errors[0].field).toBe('file');
      expect((await upload(Buffer.from('just text'), 'fake.pdf').expect(400)).body.errors[0].field).toBe('file');
      const none = await t.http.post('/recorder/aiSpeachGenerator/uploadDocuments').set(as(author)).field('other', 'x').expect(400);
      expect(none.body.errors[0].field).toBe('file');
    });

    it('answers a retried upload with the same Idempotency-Key once (the stream is not read twice)', async () => {
      const first = await upload(PDF, 'forklift.pdf').set('Idempotency-Key', 'upload-1').expect(200);
      const retry = await upload(PDF, 'forklift.pdf').set('Idempotency-Key', 'upload-1').expect(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body.jobID).toBe(first.body.jobID);
    });

    it('is for AI editors only: 403 to an admin without the role and to a reader, 401 anonymously', async () => {
      await upload(PDF, 'a.pdf', admin).expect(403);
      await upload(PDF, 'a.pdf', reader).expect(403);
      await t.http.post('/recorder/aiSpeachGenerator/uploadDocuments').attach('file', PDF, 'a.pdf').expect(401);
    });
  });

  describe('POST /recorder/aiSpeachGenerator/generateSteps and GET /recorder/jobID/{id}', () => {
    it("makes a plan from the documents' own structure, saying it is extractive", async () => {
      const { pdf, md, plan } = await uploadedPlan();
      expect(plan.chapters.map((c: { title: string }) => c.title)).toEqual(['Forklift safety', 'Battery maintenance', 'Emergency exits', 'First aid']);
      const battery = plan.chapters[1].subchapters[0];
      expect(battery).toMatchObject({ number: 1, title: 'Battery maintenance', chapterID: plan.chapters[1].id, autoTranscriptStatus: 'NA' });
      expect(battery.documentPages).toEqual([{ documentName: 'forklift.pdf', documentNumber: 1, pageNumber: 2, jobID: pdf }]);
      expect(plan.chapters[2].subchapters[0].documentPages[0]).toMatchObject({ documentName: 'exits.md', documentNumber: 2, jobID: md });
      expect(plan.generationOptions).toEqual({ generationMode: 'ENHANCED', lang: 'en-US', customInstruction: '' });
      expect(plan.provenance).toMatchObject({
        provider: 'extractive-local',
        model: 'extractive-local',
        promptTemplateVersion: 'extractive-v1',
        outputHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(plan.provenance.documents[0]).toEqual({ jobID: pdf, name: 'forklift.pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), pages: [1, 2] });
    });

    it('takes the options as JSON too, and a short course merges parts', async () => {
      const pdf = (await upload(PDF, 'forklift.pdf').expect(200)).body.jobID;
      await worker.idle();
      const steps = await t.http
        .post('/recorder/aiSpeachGenerator/generateSteps')
        .set(as(author))
        .send({ jobIDs: [pdf], language: 'fr-FR', specificPrompt: 'For new staff', allowReorder: true, generationMode: 'STRICT' })
        .expect(200);
      const plan = (await finished(steps.body.jobID)).body;
      expect(plan.generationOptions).toEqual({ generationMode: 'STRICT', lang: 'fr-FR', customInstruction: 'For new staff' });
    });

    it('answers 400 naming the field, 403 to a non AI editor, 404 for an unknown job', async () => {
      const bad = (fields: Record<string, string>) => {
        let req = t.http.post('/recorder/aiSpeachGenerator/generateSteps').set(as(author));
        for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
        return req.expect(400);
      };
      const pdf = (await upload(PDF, 'forklift.pdf').expect(200)).body.jobID;
      await worker.idle();
      expect((await bad({ language: 'en-US' })).body.errors[0].field).toBe('jobIDs');
      expect((await bad({ jobIDs: pdf, language: 'klingon' })).body.errors[0].field).toBe('language');
      expect((await bad({ jobIDs: pdf, language: 'en-US', duration: 'forever' })).body.errors[0].field).toBe('duration');
      expect((await bad({ jobIDs: pdf, language: 'en-US', allowReorder: 'maybe' })).body.errors[0].field).toBe('allowReorder');
      expect((await bad({ jobIDs: 'nope', language: 'en-US' })).body.errors[0].field).toBe('jobIDs[0]');
      await t.http
        .post('/recorder/aiSpeachGenerator/generateSteps')
        .set(as(reader))
        .send({ jobIDs: [pdf], language: 'en-US' })
        .expect(403);
      await t.http.get(`/recorder/jobID/${pdf}`).set(as(reader)).expect(403);
      const otherAuthor = await t.login('admin@example.com');
      await t.http.get(`/recorder/jobID/${pdf}`).set(as(otherAuthor)).expect(200); // admins see every job
      await t.http.get('/recorder/jobID/00000000-0000-7000-8000-000000000000').set(as(author)).expect(404);
    });
  });

  describe('POST /recorder/jobID/{id}/cancel', () => {
    it('answers 409 for a finished job, 404 for an unknown one, 403 to an admin who is not its owner and to a reader', async () => {
      const jobID = (await upload(PDF, 'forklift.pdf').expect(200)).body.jobID;
      await worker.idle();
      await t.http.post(`/recorder/jobID/${jobID}/cancel`).set(as(admin)).expect(403);
      await t.http.post(`/recorder/jobID/${jobID}/cancel`).set(as(reader)).expect(403);
      const done = await t.http.post(`/recorder/jobID/${jobID}/cancel`).set(as(author)).expect(409);
      expect(done.body.message).toBe('This job is already finished');
      await t.http.post('/recorder/jobID/00000000-0000-7000-8000-000000000000/cancel').set(as(author)).expect(404);
      await t.http.post(`/recorder/jobID/${jobID}/cancel`).expect(401);
      // Still its parsed result: a refused cancellation changes nothing.
      expect((await finished(jobID)).body.name).toBe('forklift.pdf');
    });
  });

  describe('POST /recorder/aiSpeachGenerator/validateSteps, generateChapter and the restore calls', () => {
    it("creates a draft speach with the plan's chapters and answers the mapping; chapters then fill from their pages", async () => {
      const { planJob, plan } = await uploadedPlan();
      const validated = await t.http
        .post('/recorder/aiSpeachGenerator/validateSteps')
        .set(as(author))
        .send({ ...plan, jobID: planJob })
        .expect(200);
      const { speachID, mapping } = validated.body;
      expect(mapping.speachID).toBe(speachID);
      expect(mapping.lecons).toHaveLength(4);
      expect(mapping.lecons[1]).toMatchObject({
        id: plan.chapters[1].id,
        chapitreID: expect.any(String),
        chapitres: [{ id: plan.chapters[1].subchapters[0].id, chapitreID: expect.any(String) }],
      });
      const draft = await t.http.get('/api/v2/speach/draftSpeach').query({ speachID }).set(as(author)).expect(200);
      expect(draft.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Forklift safety', 'Battery maintenance', 'Emergency exits', 'First aid']);
      expect(draft.body.publication).toBe(false);

      const target = mapping.lecons[1].chapitres[0].chapitreID;
      const started = await t.http.post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/${target}`).set(as(author)).send({}).expect(200);
      const chapter = (await finished(started.body.jobID)).body;
      expect(chapter.html).toContain('The battery is charged in a ventilated room away from sparks.');
      expect(chapter.provenance).toMatchObject({ provider: 'extractive-local', documents: [{ name: 'forklift.pdf', pages: [2] }] });
      const filled = await t.http.get('/api/v2/speach/draftSpeach').query({ speachID }).set(as(author)).expect(200);
      expect(filled.body.chapters[1].children[0].content.type).toBe('HTML');
      expect(filled.body.chapters[1].children[0].content.html).toContain('Protective goggles are worn');

      const restored = await t.http.get(`/recorder/aiSpeachGenerator/restoreAISpeach/${speachID}`).set(as(author)).expect(200);
      expect(restored.body).toMatchObject({
        speachID,
        jobID: planJob,
        title: plan.title,
        chapters: plan.chapters.map((c: object) => expect.objectContaining({ id: (c as { id: string }).id })),
      });
      const toMap = await t.http.get(`/recorder/aiSpeachGenerator/restoreSpeachToMap/${speachID}`).set(as(author)).expect(200);
      expect(toMap.body.lecons[1].chapitres[0]).toMatchObject({ chapitreID: target, generated: true });
      expect(toMap.body.lecons[0].chapitres[0].generated).toBe(false);
      const file = await t.http.get(`/recorder/aiSpeachGenerator/restoreAIFile/${speachID}/${restored.body.jobIDs[0]}`).set(as(author)).expect(200);
      expect(file.body.data.pages.length).toBeGreaterThan(0);

      await t.http.get(`/recorder/aiSpeachGenerator/restoreAIFile/${speachID}/${planJob}`).set(as(author)).expect(404);
      await t.http.get('/recorder/aiSpeachGenerator/restoreAISpeach/00000000-0000-7000-8000-000000000000').set(as(author)).expect(404);
      await t.http.get(`/recorder/aiSpeachGenerator/restoreSpeachToMap/${speachID}`).set(as(reader)).expect(403);
      await t.http.post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/unknown-chapter`).set(as(author)).send({}).expect(404);
      const badMode = await t.http
        .post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/${target}`)
        .set(as(author))
        .send({ generationMode: 'WILD' })
        .expect(400);
      expect(badMode.body.errors[0].field).toBe('generationMode');
      await t.http.post(`/recorder/aiSpeachGenerator/generateChapter/${speachID}/${target}`).set(as(reader)).send({}).expect(403);

      // The provenance is in the speach's audit trail.
      const trail = await t.http.get(`/api/v2/audit/speach/${speachID}/events`).query({ size: 100 }).set(as(admin)).expect(200);
      const types = JSON.stringify(trail.body);
      expect(types).toContain('AiPlanValidated');
      expect(types).toContain('AiChapterGenerated');
    });

    it('answers 400 naming the field of a bad plan, and 403 to a non AI editor', async () => {
      const { plan } = await uploadedPlan();
      const post = (body: unknown, token = author) =>
        t.http
          .post('/recorder/aiSpeachGenerator/validateSteps')
          .set(as(token))
          .send(body as object);
      expect((await post({ ...plan, title: '' }).expect(400)).body.errors[0].field).toBe('title');
      expect((await post({ ...plan, chapters: [] }).expect(400)).body.errors[0].field).toBe('chapters');
      const foreign = structuredClone(plan);
      foreign.chapters[0].subchapters[0].documentPages[0].jobID = 'someone-elses';
      expect((await post(foreign).expect(400)).body.errors[0].field).toBe('chapters[0].subchapters[0].documentPages[0].jobID');
      expect((await post({ ...plan, generationOptions: { ...plan.generationOptions, lang: 'xx' } }).expect(400)).body.errors[0].field).toBe(
        'generationOptions.lang',
      );
      await post(plan, reader).expect(403);
      await post(plan, admin).expect(403);
    });
  });
});
