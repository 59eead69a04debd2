import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { type TestApp, startTestApp } from '../../test/support/test-app';
import type { Result } from '../lib/report';
import { notificationsScenario } from '../scenarios/notifications';
import { BENCH_ADMIN, generateIdentity } from './identity';
import { type GeneratedNotifications, generateNotifications } from './notifications';
import { generateSpeaches } from './speaches';

/**
 * The bench's notification generator and scenario on a tiny data set (the bench itself is never run in
 * tests): the generated events replay into the notifications, and the three measures answer.
 */
describe('bench: generated notifications and digests', () => {
  let t: TestApp;
  let generated: GeneratedNotifications;
  let url: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    const store = new MemoryEventStore();
    const identity = await generateIdentity(store, 120, 4);
    const speaches = await generateSpeaches(store, 40, identity.userIds.filter((_, i) => i % 10 === 0));
    generated = await generateNotifications(store, identity, speaches, { busy: 300, digestUsers: 50 });
    t = await startTestApp({ seed: false, eventStore: store });
    await t.app.get(ReadModels).settled();
    await t.app.listen(0, '127.0.0.1');
    url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    auth = { authorization: `Bearer ${await t.login(BENCH_ADMIN.email, BENCH_ADMIN.password)}` };
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('gives the busy user every generated notification, unread', async () => {
    const count = (await t.http.get('/api/v2/notifications/countUnread').set(auth).expect(200)).body.size as number;
    expect(count).toBeGreaterThanOrEqual(300);
  });

  it('runs the scenario: the bell and the page measured with no error, then one daily digest per digest reader', async () => {
    const results: Result[] = [];
    await notificationsScenario({ url, busyAuth: auth, notifications: generated, seconds: 1, rate: 10, serviceCalls: 3 }, results);
    expect(results.map((r) => r.scenario)).toEqual([
      'GET /api/v2/notifications/countUnread (bell), 300 notifications: p99 at 10 req/s',
      'GET /api/v2/notifications?page=0 (notification page), 300 notifications: p99 at 10 req/s',
      'POST /api/v2/admin/mail/run-digests: daily digests of 50 users',
    ]);
    for (const result of results.slice(0, 2)) expect(result.note).toMatch(/; 10 ok, 0 errors$/);
    expect(results[2].figure).toEqual(expect.any(Number));
    const daily = (await t.adapters.eventStore.readAll()).filter((e) => e.type === 'MailDigestSent' && (e.data as { frequency: string }).frequency === 'JOURNALIER');
    expect(daily).toHaveLength(50);
  });
});
