import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { SqliteEventStore } from '../../backend/infrastructure/event-store/sqlite-event-store';
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
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EsdbEventStore } = require('../../backend/infrastructure/event-store/esdb-event-store');
  eventStoreContract(
    'esdb',
    async () => new EsdbEventStore(process.env.EVENTSTORE_URL!),
    async (store) => store.close(),
  );
}
