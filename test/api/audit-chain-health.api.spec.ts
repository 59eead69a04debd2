import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { newEvent, uniqueStream } from '../support/events';
import { type TestApp, startTestApp } from '../support/test-app';

/** Issue #16 item 10: the server does not run on a broken chain without a word. */
describe('Audit chain in /api/health (issue #16 item 10)', () => {
  let dir: string;
  let file: string;
  let t: TestApp;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chain-health-'));
    file = join(dir, 'events.sqlite');
    // The key the app resolves from AUDIT_KEY (test-app's default) signs the head at every commit.
    const store = new SqliteEventStore(file, { headKey: Buffer.from('test-audit-key') });
    t = await startTestApp({ seed: false, eventStore: store });
    // Events no projection reads: only the chain is under test.
    const stream = uniqueStream('probe');
    for (let i = 0; i < 5; i++) await store.appendToStream(stream, [newEvent('ProbeRecorded', { n: i })], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports an intact chain with its head', async () => {
    const health = await t.http.get('/api/health').expect(200);
    expect(health.body.audit).toEqual({ ok: true, head: { position: 5, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it('degrades (503) when the newest events were deleted, naming the break', async () => {
    await t.http.get('/api/health').expect(200);
    const db = new Database(file);
    db.prepare('DELETE FROM messages WHERE global_position > 3').run();
    db.close();
    const health = await t.http.get('/api/health').expect(503);
    expect(health.body.status).toBe('degraded');
    expect(health.body.audit).toEqual(expect.objectContaining({ ok: false, error: expect.stringMatching(/events were removed/) }));
  });

  it('degrades when an event was edited and unhashed, and the audit screen reports it too', async () => {
    const db = new Database(file);
    db.prepare('UPDATE messages SET data = ?, hash = NULL WHERE global_position = 2').run(JSON.stringify({ n: 99 }));
    db.close();
    const health = await t.http.get('/api/health').expect(503);
    expect(health.body.audit).toEqual(
      expect.objectContaining({ ok: false, head: { position: 1, hash: expect.any(String) }, error: 'event 2 carries no hash' }),
    );
  });
});
