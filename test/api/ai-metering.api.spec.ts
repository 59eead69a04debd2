import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiJobWorker } from '../../backend/ai';
import { aiJobStream, uuidv7 } from '../../events';
import { aiJobDecider } from '../../backend/ai/jobs/ai-job.decider';
import { MemoryBlobStore } from '../../backend/infrastructure/blobs/blob-store';
import { CommandRunner } from '../../backend/infrastructure/decider/command-runner';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { minimalPdf } from '../support/minimal-pdf';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const PDF = minimalPdf([
  ['Forklift safety', 'The operator inspects the forklift before every shift.'],
  ['Battery maintenance', 'The battery is charged in a ventilated room away from sparks.'],
]);
const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploaded(t: TestApp, token: string): Promise<string> {
  const res = await t.http.post('/recorder/aiSpeachGenerator/uploadDocuments').set(as(token)).attach('file', PDF, 'forklift.pdf').expect(200);
  await t.app.get(AiJobWorker).idle();
  return res.body.jobID;
}

describe('AI metering and budgets', () => {
  let t: TestApp;
  let author: string;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    // The extractive generator priced at one unit per character read and written.
    t = await startTestApp({
      env: { AI_COST_PER_1K_CHARS_LOCAL: '1000', AI_BUDGET_PER_AUTHOR: '100000', AI_BUDGET_PER_ORGANISATION: '100000', AI_LICENSES: '1' },
    });
    const fx = fixtures(t);
    admin = (await fx.admin()).token;
    // The AI editor holds the one licence.
    author = (await fx.user('author', { roles: ['FORMATEUR', 'AI_EDITOR'] })).token;
    reader = (await fx.user('learner')).token;
  });
  afterAll(() => t.close());

  it('records every call, warns past 80 %, refuses past 100 %, and shows the admin the spend', async () => {
    const pdf = await uploaded(t, author);
    const plan = () =>
      t.http
        .post('/recorder/aiSpeachGenerator/generateSteps')
        .set(as(author))
        .send({ jobIDs: [pdf], language: 'en-US' });
    expect((await plan().expect(200)).body.budgetWarning).toBeNull();
    await t.app.get(AiJobWorker).idle();
    const spent = (await t.http.get('/api/v2/administration/ai/budget').set(as(author)).expect(200)).body.author.used as number;
    expect(spent).toBeGreaterThan(0);
    // The budget set so that this spend is 90 % of it.
    t.config.ai.budgetPerAuthor = spent / 0.9;
    const budget = await t.http.get('/api/v2/administration/ai/budget').set(as(author)).expect(200);
    expect(budget.body.author.percent).toBe(90);
    expect(budget.body.warning).toBe(80);
    expect((await plan().expect(200)).body.budgetWarning).toBe(80);
    await t.app.get(AiJobWorker).idle();
    const refused = await plan().expect(403);
    expect(refused.body.errors[0].field).toBe('budget');

    const usage = await t.http.get('/api/v2/administration/ai/usage').set(as(admin)).expect(200);
    expect(usage.body.organisation).toMatchObject({ calls: 2, limit: 100000 });
    expect(usage.body.authors).toHaveLength(1);
    expect(usage.body.authors[0]).toMatchObject({ calls: 2, percent: 180, models: { 'extractive-local': 2 } });
    expect(usage.body.authors[0].costUnits).toBeCloseTo(spent * 2, 2);
    expect(usage.body.authors[0].characters).toBeGreaterThan(0);
    expect((await t.http.get('/api/v2/administration/ai/usage').query({ month: '2026-13' }).set(as(admin)).expect(400)).body.errors[0].field).toBe('month');
    await t.http.get('/api/v2/administration/ai/usage').set(as(author)).expect(403);
    await t.http.get('/api/v2/administration/ai/budget').set(as(reader)).expect(403);
  });

  it('GET /api/v2/administration/ai/isAILicenseAvailable: author role plus a free licence, unless held already', async () => {
    // One licence, held by the author (an AI editor).
    expect((await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').set(as(author)).expect(200)).body).toBe(true);
    expect((await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').set(as(admin)).expect(200)).body).toBe(false);
    const users = await t.http.get('/api/v2/admin/users').query({ search: 'reader@example.com' }).set(as(admin)).expect(200);
    const readerId = users.body.result[0].id;
    expect((await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').query({ userID: readerId }).set(as(admin)).expect(200)).body).toBe(false);
    await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').query({ userID: readerId }).set(as(author)).expect(403);
    await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').query({ userID: 'nobody' }).set(as(admin)).expect(404);
    expect(
      (await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').query('userID=a&userID=b').set(as(admin)).expect(400)).body.errors[0].field,
    ).toBe('userID');
    await t.http.get('/api/v2/administration/ai/isAILicenseAvailable').set(as(reader)).expect(403);
  });
});

describe('AI jobs survive a restart', () => {
  it('a job requested before the process stopped runs when the next one starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-restart-'));
    const blobs = new MemoryBlobStore();
    try {
      const first = await startTestApp({ eventStore: new SqliteEventStore(join(dir, 'events.sqlite')), blobs });
      const made = await fixtures(first).user('author', { roles: ['FORMATEUR', 'AI_EDITOR'] });
      const author = made.token;
      const pdf = await uploaded(first, author);
      const me = await first.http.get('/api/auth/me').set(as(author)).expect(200);
      // The request is recorded, then the process stops before any worker took it.
      const jobId = uuidv7();
      await first.app.get(CommandRunner).run(aiJobDecider, aiJobStream(jobId), {
        type: 'RequestJob',
        event: {
          type: 'AiPlanRequested',
          data: {
            jobId,
            ownerId: me.body.id,
            documentJobIds: [pdf],
            language: 'en-US',
            duration: 'short',
            instruction: '',
            allowReorder: false,
            generationMode: 'STRICT',
          },
        },
      });
      expect((await first.http.get(`/recorder/jobID/${jobId}`).set(as(author)).expect(200)).text).toBe('');
      await first.close();

      // The second process reads the users the first one made from the same event log.
      const second = await startTestApp({ eventStore: new SqliteEventStore(join(dir, 'events.sqlite')), blobs });
      try {
        await second.app.get(AiJobWorker).idle();
        const again = await second.login(made.email);
        const plan = await second.http.get(`/recorder/jobID/${jobId}`).set(as(again)).expect(200);
        expect(plan.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Forklift safety', 'Battery maintenance']);
        expect(plan.body.generationOptions.generationMode).toBe('STRICT');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
