import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
import { WrongExpectedRevisionError } from '../../backend/infrastructure/event-store/event-store.port';
import { verifyChain } from '../../backend/infrastructure/event-store/hash-chain';
import { newEvent } from '../support/events';
import { eventStoreContract } from './event-store.contract';

const dirs = new Map<EventStore, string>();

eventStoreContract(
  'memory',
  async () => new MemoryEventStore(),
  async (store) => store.close(),
);

eventStoreContract(
  'sqlite',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'es-contract-'));
    const store = new SqliteEventStore(join(dir, 'events.sqlite'));
    dirs.set(store, dir);
    return store;
  },
  async (store) => {
    await store.close();
    rmSync(dirs.get(store)!, { recursive: true, force: true });
  },
);

if (process.env.EVENTSTORE_URL) {
  const { EsdbEventStore } = require('../../backend/infrastructure/event-store/esdb-event-store');
  eventStoreContract(
    'esdb',
    async () => new EsdbEventStore(process.env.EVENTSTORE_URL!),
    async (store) => store.close(),
  );
}

describe('SqliteEventStore group commit', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'es-group-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails only the append that cannot be stored; the others of its group are stored and chained', async () => {
    const taken = newEvent('Opened');
    await store.appendToStream('stream-a', [taken], { expectedRevision: 'no_stream' });
    // One group (same turn of the event loop): a good append, a wrong expected revision, an event id
    // already stored in its second event, another good append.
    const results = await Promise.allSettled([
      store.appendToStream('stream-b', [newEvent('Opened')], { expectedRevision: 'no_stream' }),
      store.appendToStream('stream-a', [newEvent('Changed')], { expectedRevision: 5 }),
      store.appendToStream('stream-c', [newEvent('Opened'), { ...newEvent('Changed'), id: taken.id }], { expectedRevision: 'no_stream' }),
      store.appendToStream('stream-d', [newEvent('Opened')], { expectedRevision: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('stream-c')).toEqual([]);
    const all = await store.readAll();
    expect(all.map((e) => e.streamId)).toEqual(['stream-a', 'stream-b', 'stream-d']);
    expect(all.map((e) => e.position)).toEqual([1, 2, 3]);
    expect(await verifyChain(store)).toMatchObject({ ok: true, verified: 3, firstBroken: null });
  });
});
