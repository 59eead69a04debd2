import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent } from '../../../test/support/events';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from './sqlite-read-store';

/** Waits for another thread's work; bounded by the test's own time-out, never asserted on time. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const size = (file: string) => statSync(file).size;

describe('WalCheckpointer: WAL checkpoints in a worker thread, not inside a commit', () => {
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("copies the read models' committed pages into the database file while the writer checkpoints no more by itself", async () => {
    const file = join(dir, 'read-models.sqlite');
    const store = new SqliteReadStore(file);
    expect(store.database.pragma('wal_autocheckpoint', { simple: true })).toBe(25_000);
    const before = size(file);
    for (let batch = 0; batch < 20; batch++) {
      const docs = Array.from({ length: 50 }, (_, i) => ({ _id: `d${batch}-${i}`, text: 'x'.repeat(1000) }));
      await store.commit([{ collection: 'documents', operations: docs.map((doc) => ({ kind: 'replace' as const, doc })) }], {
        name: 'documents',
        position: batch + 1,
        version: 1,
      });
    }
    // About 300 pages committed, far below the writer's own threshold: only the worker can have copied them.
    await until(() => size(file) > before + 1_000_000);
    expect(await store.collection('documents').count()).toBe(1000);
    await store.close();
  });

  it("copies the event store's synced pages into its file, and every append stays readable", async () => {
    const file = join(dir, 'events.sqlite');
    const store = new SqliteEventStore(file);
    const before = size(file);
    for (let i = 0; i < 200; i++) {
      await store.appendToStream(`s-${i}`, [newEvent('Added', { key: 'k', text: 'y'.repeat(4000) })], { expectedRevision: 'no_stream' });
    }
    await until(() => size(file) > before + 500_000);
    expect(await store.headPosition()).toBe(200);
    expect((await store.readAll()).length).toBe(200);
    await store.close();
  });
});
