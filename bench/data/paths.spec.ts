import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { type TestApp, startTestApp } from '../../test/support/test-app';
import type { Result } from '../lib/report';
import { pathsScenario } from '../scenarios/paths';
import { BENCH_ADMIN, generateIdentity } from './identity';
import { type GeneratedPaths, generatePaths } from './paths';
import { generateSpeaches } from './speaches';

/**
 * The bench's path generator and scenario on a tiny data set (the bench itself is never run in tests):
 * the generated events replay into the product's read models, and the scenario's two calls answer.
 */
describe('bench: generated learning paths', () => {
  let t: TestApp;
  let paths: GeneratedPaths;
  let url: string;

  beforeAll(async () => {
    const store = new MemoryEventStore();
    const identity = await generateIdentity(store, 120, 4);
    const speaches = await generateSpeaches(store, 40, identity.userIds.filter((_, i) => i % 10 === 0));
    paths = await generatePaths(store, 50, identity, speaches);
    t = await startTestApp({ seed: false, eventStore: store });
    await t.app.get(ReadModels).settled();
    await t.app.listen(0, '127.0.0.1');
    url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('replays into the paths read model: every path, 80 % published, the sample assigned to a bench learner', async () => {
    expect(paths).toEqual(expect.objectContaining({ count: 50, published: 40 }));
    const admin = { authorization: `Bearer ${await t.login(BENCH_ADMIN.email, BENCH_ADMIN.password)}` };
    const listed = (await t.http.get('/api/v2/admin/learningPath').query({ state: 'NONE', size: 100 }).set(admin).expect(200)).body as { total: number };
    expect(listed.total).toBe(50);
    expect(((await t.http.get('/api/v2/admin/learningPath').query({ state: 'PUBLIE' }).set(admin).expect(200)).body as { total: number }).total).toBe(40);
    const learner = { authorization: `Bearer ${await t.login(paths.sample.learnerEmail, BENCH_ADMIN.password)}` };
    const page = (await t.http.get(`/api/v2/learningPath/${paths.sample.pathId}/progress`).set(learner).expect(200)).body as { sequential: boolean; assigned: boolean; items: { locked: boolean }[] };
    expect(page).toEqual(expect.objectContaining({ sequential: true, assigned: true }));
    expect(page.items).toHaveLength(8);
    expect(page.items.map((i) => i.locked)).toEqual([false, true, true, true, true, true, true, true]);
  });

  it('runs the scenario: both calls measured at a paced rate with no error', async () => {
    const adminAuth = { authorization: `Bearer ${await t.login(BENCH_ADMIN.email, BENCH_ADMIN.password)}` };
    const learnerAuth = { authorization: `Bearer ${await t.login(paths.sample.learnerEmail, BENCH_ADMIN.password)}` };
    const results: Result[] = [];
    await pathsScenario({ url, adminAuth, learnerAuth, paths, seconds: 1, rate: 10, serviceCalls: 3 }, results);
    expect(results.map((r) => r.scenario)).toEqual([
      'GET /api/v2/learningPath/{id}/progress (learner, sequential path of 8): p99 at 10 req/s',
      'GET /api/v2/learningPath/{id}/getSpeaches?selected=false (editor, catalogue): p99 at 10 req/s',
    ]);
    for (const result of results) {
      expect(result.figure).toEqual(expect.any(Number));
      expect(result.note).toMatch(/; 10 ok, 0 errors$/);
    }
  });
});
