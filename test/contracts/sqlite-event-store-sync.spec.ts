import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../events';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { newEvent } from '../support/events';

/** Lets queued callbacks run; bounded in turns of the event loop, not in time. */
async function turns(until: () => boolean = () => false, max = 50): Promise<void> {
  for (let turn = 0; turn < max && !until(); turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Tracks a promise's outcome without awaiting it. */
function watch<T>(promise: Promise<T>): { state: 'pending' | 'fulfilled' | 'rejected'; reason?: unknown } {
  const watched: { state: 'pending' | 'fulfilled' | 'rejected'; reason?: unknown } = { state: 'pending' };
  promise.then(
    () => (watched.state = 'fulfilled'),
    (reason: unknown) => Object.assign(watched, { state: 'rejected', reason }),
  );
  return watched;
}

describe('SqliteEventStore: the WAL sync off the request thread', () => {
  let dir: string;
  let store: SqliteEventStore;
  /** The WAL syncs asked for and not finished yet: the test decides when each ends. */
  let held: { fd: number; done: (error: NodeJS.ErrnoException | null) => void }[];
  let syncs: number;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'es-sync-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    held = [];
    syncs = 0;
    jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      syncs++;
      held.push({ fd, done });
    }) as typeof fs.fdatasync);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    for (const sync of held.splice(0)) fs.fdatasync(sync.fd, sync.done);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Ends the oldest held sync for real: the data reaches the disk before its groups are acknowledged. */
  async function finishSync(error: NodeJS.ErrnoException | null = null): Promise<void> {
    const sync = held.shift()!;
    if (!error) fs.fdatasyncSync(sync.fd);
    sync.done(error);
    await turns();
  }

  /** Lets an append's sync end and answers its result. */
  async function finishSyncOf<T>(append: Promise<T>): Promise<T> {
    await turns(() => held.length > 0);
    await finishSync();
    return append;
  }

  it('acknowledges a commit only after its sync, and the groups committed meanwhile share the next sync', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: 0, onEvents: async (batch) => void seen.push(...batch) });

    const first = watch(store.appendToStream('stream-a', [newEvent('Opened')], { expectedRevision: 'no_stream' }));
    await turns(() => held.length > 0);
    // Committed (readable by the command runner) but neither acknowledged, nor counted in the head, nor shown to subscribers.
    expect((await store.readAll()).map((e) => e.streamId)).toEqual(['stream-a']);
    expect(first.state).toBe('pending');
    expect(await store.headPosition()).toBe(0);

    // Two more groups while the first sync is in flight: committed, waiting for the next sync.
    const second = watch(store.appendToStream('stream-b', [newEvent('Opened')], { expectedRevision: 'no_stream' }));
    await turns();
    const third = watch(store.appendToStream('stream-c', [newEvent('Opened')], { expectedRevision: 'no_stream' }));
    await turns();
    expect(syncs).toBe(1);
    expect(seen).toEqual([]);

    await finishSync();
    expect([first.state, second.state, third.state]).toEqual(['fulfilled', 'pending', 'pending']);
    await turns(() => seen.length >= 1);
    expect(seen.map((e) => e.streamId)).toEqual(['stream-a']);
    expect(await store.headPosition()).toBe(1);
    expect(syncs).toBe(2);

    await finishSync();
    expect([second.state, third.state]).toEqual(['fulfilled', 'fulfilled']);
    await turns(() => seen.length >= 3);
    expect(seen.map((e) => e.position)).toEqual([1, 2, 3]);
    expect(await store.headPosition()).toBe(3);
    expect(syncs).toBe(2);
    await subscription.stop();
  });

  it('answers a stream read that finds an event not synced yet only once it is', async () => {
    await finishSyncOf(store.appendToStream('stream-a', [newEvent('Opened')], { expectedRevision: 'no_stream' }));
    const appended = watch(store.appendToStream('stream-a', [newEvent('Changed')], { expectedRevision: 0 }));
    await turns(() => held.length > 0);
    const read = store.readStream('stream-a');
    const watched = watch(read);
    const unrelated = watch(store.readStream('stream-b'));
    await turns();
    expect([watched.state, unrelated.state]).toEqual(['pending', 'fulfilled']);
    await finishSync();
    expect([appended.state, watched.state]).toEqual(['fulfilled', 'fulfilled']);
    expect((await read).map((e) => e.type)).toEqual(['Opened', 'Changed']);
  });

  it('refuses the appends whose sync failed: durability unknown is never acknowledged', async () => {
    const append = watch(store.appendToStream('stream-a', [newEvent('Opened')], { expectedRevision: 'no_stream' }));
    await turns(() => held.length > 0);
    await finishSync(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    expect(append.state).toBe('rejected');
    expect(String(append.reason)).toContain('EIO');
  });

  it('a wrong expected revision is answered without waiting for a sync when its group wrote nothing', async () => {
    const refused = watch(store.appendToStream('stream-a', [newEvent('Changed')], { expectedRevision: 3 }));
    await turns(() => refused.state !== 'pending');
    expect(refused.state).toBe('rejected');
    expect(syncs).toBe(0);
  });

  it('with syncAtCommit (a file other processes read) a commit is synced in place and acknowledged at once', async () => {
    const shared = new SqliteEventStore(join(dir, 'shared.sqlite'), { syncAtCommit: true });
    const result = await shared.appendToStream('stream-a', [newEvent('Opened')], { expectedRevision: 'no_stream' });
    expect(result.position).toBe(1);
    expect(await shared.headPosition()).toBe(1);
    expect(syncs).toBe(0);
    await shared.close();
  });

  it('close waits for the sync in flight and acknowledges its appends', async () => {
    const append = watch(store.appendToStream('stream-a', [newEvent('Opened')], { expectedRevision: 'no_stream' }));
    await turns(() => held.length > 0);
    const closed = watch(store.close());
    await turns();
    expect(closed.state).toBe('pending');
    await finishSync();
    await turns(() => closed.state !== 'pending');
    expect([append.state, closed.state]).toEqual(['fulfilled', 'fulfilled']);
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    expect((await store.readAll()).map((e) => e.streamId)).toEqual(['stream-a']);
  });
});
