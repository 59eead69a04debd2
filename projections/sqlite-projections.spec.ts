import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../events';
import type { EventStore } from '../backend/infrastructure/event-store/event-store.port';
import { MemoryEventStore } from '../backend/infrastructure/event-store/memory-event-store';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import type { ReadStore } from '../backend/infrastructure/read-store/read-store.port';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import { newEvent } from '../test/support/events';
import { startTestApp, type TestApp } from '../test/support/test-app';
import { allProjections } from '.';
import type { ProjectedDocument, ProjectionDefinition } from './projection';
import { ProjectionRunner } from './projection-runner';

const silent = { log: () => undefined, error: () => undefined };

interface Counter extends ProjectedDocument {
  total: number;
}

function counters(version = 1): ProjectionDefinition {
  return {
    name: 'counters',
    version,
    collections: [{ name: 'counters', indexes: [{ field: 'total' }] }],
    handlers: {
      Added: async (event, writer) => {
        const { key, amount } = event.data as { key: string; amount: number };
        await writer.upsert<Counter>('counters', key, (doc) => ({ _id: key, total: (doc?.total ?? 0) + amount * version }));
      },
    },
  };
}

const add = (key: string, amount: number) => newEvent('Added', { key, amount });

/** A second projection of the same events, in its own collection. */
const labels: ProjectionDefinition = {
  name: 'labels',
  version: 1,
  collections: [{ name: 'labels' }],
  handlers: {
    Added: async (event, writer) => {
      const { key } = event.data as { key: string };
      await writer.upsert('labels', key, () => ({ _id: key, label: key.toUpperCase() }));
    },
  },
};

/** A projection no `Added` event concerns: only its checkpoint moves. */
const unrelated: ProjectionDefinition = {
  name: 'unrelated',
  version: 1,
  collections: [{ name: 'unrelated' }],
  handlers: { Removed: async () => undefined },
};

/** The store's events in batches of `batchSize`, and none after `upTo` (as if the log ended there). */
function slicedLog(store: EventStore, batchSize: number, upTo = Number.MAX_SAFE_INTEGER): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'subscribeToAll') {
        return (options: Parameters<EventStore['subscribeToAll']>[0]) =>
          target.subscribeToAll({ ...options, batchSize, onEvents: (batch: RecordedEvent[]) => options.onEvents(batch.filter((e) => e.position <= upTo)) });
      }
      if (property === 'headPosition') return async () => Math.min(upTo, await target.headPosition());
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function project(events: EventStore, store: ReadStore, projections: ProjectionDefinition[]): Promise<void> {
  const runner = new ProjectionRunner(events, store, projections, silent);
  await runner.start();
  expect(await runner.catchUp(120_000)).toBe(true);
  await runner.stop();
  expect(runner.status().filter((s) => s.state === 'failed')).toEqual([]);
}

async function contents(store: ReadStore, projections: ProjectionDefinition[]): Promise<Record<string, ProjectedDocument[]>> {
  const out: Record<string, ProjectedDocument[]> = {};
  for (const projection of projections) {
    for (const { name } of projection.collections) out[name] = await store.collection<ProjectedDocument>(name).find({}, { sort: { _id: 1 } });
  }
  return out;
}

describe('projections on the SQLite read store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-models-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('on the demo organisation’s log', () => {
    let app: TestApp;
    beforeAll(async () => {
      // Seeded: rebuilds every projection from the demo organisation's log, the largest log a test has.
      app = await startTestApp({ seed: true });
    }, 120_000);
    afterAll(() => app.close());

    it('gives the same documents rebuilt at once, in many small batches, and resumed after reopening the file', async () => {
      const log = app.adapters.eventStore;
      const head = await log.headPosition();
      expect(head).toBeGreaterThan(200);

      const scratch = new SqliteReadStore(join(dir, 'scratch.sqlite'));
      await project(log, scratch, allProjections);
      const expected = await contents(scratch, allProjections);
      await scratch.close();
      expect(Object.values(expected).some((docs) => docs.length > 0)).toBe(true);

      const small = new SqliteReadStore(join(dir, 'small.sqlite'));
      await project(slicedLog(log, 20), small, allProjections);
      const smallContents = await contents(small, allProjections);
      await small.close();

      const half = Math.floor(head / 2);
      const first = new SqliteReadStore(join(dir, 'resumed.sqlite'));
      await project(slicedLog(log, 50, half), first, allProjections);
      await first.close();
      const reopened = new SqliteReadStore(join(dir, 'resumed.sqlite'));
      for (const projection of allProjections) expect((await reopened.checkpoints.load(projection.name))?.position).toBeLessThanOrEqual(half);
      await project(slicedLog(log, 50), reopened, allProjections);
      const resumedContents = await contents(reopened, allProjections);
      await reopened.close();

      // The in-memory adapter, the reference the unit and API tests run on, agrees too.
      const memory = new MemoryReadStore({ freezeAdopted: true });
      await project(log, memory, allProjections);
      const memoryContents = await contents(memory, allProjections);

      for (const collection of Object.keys(expected)) {
        for (const [name, other] of [
          ['small batches', smallContents],
          ['resumed', resumedContents],
          ['memory', memoryContents],
        ] as const) {
          expect({ collection, name, docs: other[collection].length }).toEqual({ collection, name, docs: expected[collection].length });
          expected[collection].forEach((doc, i) => expect({ collection, name, doc: other[collection][i] }).toEqual({ collection, name, doc }));
        }
      }
    }, 240_000);
  });

  it('commits nothing of a batch whose transaction fails: writes and checkpoint roll back together', async () => {
    const events = new MemoryEventStore();
    const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    // A trigger of the kind the search adapter installs: it runs inside the projection's transaction.
    store.onTableCreated('counters', (db, table) => {
      db.exec(
        `CREATE TRIGGER "${table}_guard" BEFORE INSERT ON "${table}" WHEN json_extract(NEW.doc, '$.total') > 100 BEGIN SELECT RAISE(ABORT, 'total over 100'); END`,
      );
    });
    const runner = new ProjectionRunner(events, store, [counters()], silent);
    await runner.start();
    await events.appendToStream('c-1', [add('a', 1), add('b', 2)], { expectedRevision: 'no_stream' });
    expect(await runner.catchUp(5000)).toBe(true);
    expect(await store.checkpoints.load('counters')).toEqual({ name: 'counters', position: 2, version: 1 });

    // One batch: a change to `a` that is fine, a new `c` the trigger refuses.
    await events.appendToStream('c-1', [add('a', 5), add('c', 500)], { expectedRevision: 1 });
    // A failed projection is not waited for: this resolves once the batch was tried.
    await runner.catchUp(5000);
    expect(runner.status()[0]).toMatchObject({ state: 'failed', position: 2, error: { message: 'total over 100', position: 3 } });
    expect(await store.checkpoints.load('counters')).toEqual({ name: 'counters', position: 2, version: 1 });
    expect(await store.collection('counters').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', total: 1, _position: 1 },
      { _id: 'b', total: 2, _position: 2 },
    ]);
    await runner.stop();

    // Once the cause is gone, a restart resumes after what is stored: the refused batch is applied again, not skipped.
    await store.close();
    const reopened = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    reopened.database.exec('DROP TRIGGER counters_guard');
    const again = new ProjectionRunner(events, reopened, [counters()], silent);
    await again.start();
    expect(await again.catchUp(5000)).toBe(true);
    expect((await reopened.collection<Counter>('counters').find({}, { sort: { _id: 1 } })).map((d) => d.total)).toEqual([6, 2, 500]);
    await again.stop();
    await reopened.close();
  });

  it('fills an empty table without its plain indexes and creates them once caught up, or at the first query', async () => {
    const events = new MemoryEventStore();
    await events.appendToStream('c-1', [add('a', 1), add('b', 2)], { expectedRevision: 'no_stream' });
    const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    const indexes = () =>
      store.database.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'counters' AND sql IS NOT NULL`).pluck().all();
    const seen: unknown[][] = [];
    const runner = new ProjectionRunner(events, store, [counters()], silent);
    runner.observeBatches(async (_batch, apply) => {
      seen.push(indexes());
      await apply();
    });
    await runner.start();
    expect(await runner.catchUp(5000)).toBe(true);
    expect(seen[0]).toEqual([]);
    expect(indexes()).toEqual(['counters:total']);
    await runner.stop();

    // A query during a fill does not scan for want of the index: it is created first.
    store.deferIndexes(['counters']);
    expect(indexes()).toEqual([]);
    expect(await store.collection('counters').count({ total: 2 })).toBe(1);
    expect(indexes()).toEqual(['counters:total']);
    await store.close();
  });

  it('commits a live batch of every projection, and the checkpoints of those it does not concern, in one transaction', async () => {
    const events = new MemoryEventStore();
    const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    const runner = new ProjectionRunner(events, store, [counters(), labels, unrelated], silent);
    await runner.start();
    const together = jest.spyOn(store, 'commitAll');
    const alone = jest.spyOn(store, 'commit');

    await events.appendToStream('c-1', [add('a', 1)], { expectedRevision: 'no_stream' });
    expect(await runner.catchUp(5000)).toBe(true);

    expect(alone).not.toHaveBeenCalled();
    expect(together).toHaveBeenCalledTimes(1);
    expect(together.mock.calls[0][0].map((b) => b.checkpoint)).toEqual([
      { name: 'counters', position: 1, version: 1 },
      { name: 'labels', position: 1, version: 1 },
      { name: 'unrelated', position: 1, version: 1 },
    ]);
    expect(await store.collection('counters').findById('a')).toEqual({ _id: 'a', total: 1, _position: 1 });
    expect(await store.collection('labels').findById('a')).toEqual({ _id: 'a', label: 'A', _position: 1 });
    expect(await store.checkpoints.load('unrelated')).toEqual({ name: 'unrelated', position: 1, version: 1 });
    await runner.stop();
    await store.close();
  });

  it('when the shared transaction fails, commits each projection alone: only the one whose writes fail stops', async () => {
    const events = new MemoryEventStore();
    const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    store.onTableCreated('counters', (db, table) => {
      db.exec(
        `CREATE TRIGGER "${table}_guard" BEFORE INSERT ON "${table}" WHEN json_extract(NEW.doc, '$.total') > 100 BEGIN SELECT RAISE(ABORT, 'total over 100'); END`,
      );
    });
    const runner = new ProjectionRunner(events, store, [counters(), labels], silent);
    await runner.start();
    const together = jest.spyOn(store, 'commitAll');

    await events.appendToStream('c-1', [add('a', 1), add('c', 500)], { expectedRevision: 'no_stream' });
    await runner.catchUp(5000);

    expect(together).toHaveBeenCalledTimes(1);
    expect(runner.status()).toEqual([
      expect.objectContaining({ name: 'counters', state: 'failed', position: 0, error: expect.objectContaining({ message: 'total over 100', position: 1 }) }),
      expect.objectContaining({ name: 'labels', state: 'live', position: 2 }),
    ]);
    expect(await store.collection('counters').find({})).toEqual([]);
    expect((await store.collection('labels').find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['a', 'c']);
    expect(await store.checkpoints.load('labels')).toEqual({ name: 'labels', position: 2, version: 1 });
    await runner.stop();
    await store.close();
  });

  it('commits a fill from empty without fsync (synchronous=OFF) and is durable again (NORMAL) once caught up', async () => {
    const events = new MemoryEventStore();
    await events.appendToStream('c-1', [add('a', 1), add('b', 2)], { expectedRevision: 'no_stream' });
    const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
    const synchronous = () => store.database.pragma('synchronous', { simple: true });
    expect(synchronous()).toBe(1);
    const during: unknown[] = [];
    const runner = new ProjectionRunner(events, store, [counters()], silent);
    runner.observeBatches(async (_batch, apply) => {
      during.push(synchronous());
      await apply();
    });
    await runner.start();
    expect(await runner.catchUp(5000)).toBe(true);
    expect(during[0]).toBe(0);
    expect(synchronous()).toBe(1);
    await runner.stop();

    // A query needing the indexes ends the fill early: durable again at once.
    store.deferIndexes(['counters']);
    expect(synchronous()).toBe(0);
    expect(await store.collection('counters').count({ total: 2 })).toBe(1);
    expect(synchronous()).toBe(1);
    await store.close();
  });

  it('builds a new version beside the serving tables and switches in one transaction once caught up', async () => {
    const events = new MemoryEventStore();
    const file = join(dir, 'read-models.sqlite');
    const v1Store = new SqliteReadStore(file);
    await events.appendToStream('c-1', [add('a', 1), add('a', 2), add('b', 3)], { expectedRevision: 'no_stream' });
    await project(events, v1Store, [counters(1)]);
    await v1Store.close();

    const store = new SqliteReadStore(file);
    const installed: string[] = [];
    const dropped: string[] = [];
    store.onTableCreated('counters', (_db, table) => installed.push(table));
    store.onTableDropped('counters', (_db, table) => dropped.push(table));
    expect(installed).toEqual(['counters']);

    const runner = new ProjectionRunner(events, store, [counters(2)], silent);
    await runner.start();
    // Until the build has caught up, reads go to version 1's table, which the build does not touch.
    expect(installed).toEqual(['counters', 'counters__v2']);
    expect(store.tableOf('counters')).toBe('counters');
    expect((await store.collection<Counter>('counters').findById('a'))?.total).toBe(3);
    expect(runner.status()[0]).toMatchObject({ rebuilding: true });

    await runner.rebuilt();
    expect(store.tableOf('counters')).toBe('counters__v2');
    expect(dropped).toEqual(['counters']);
    expect(await store.collection<Counter>('counters').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', total: 6, _position: 2 },
      { _id: 'b', total: 6, _position: 3 },
    ]);
    expect(await store.checkpoints.load('counters')).toEqual({ name: 'counters', position: 3, version: 2 });
    const tables = store.database.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'counters%' ORDER BY name`).pluck().all();
    expect(tables).toEqual(['counters__v2']);
    // The declared index came along to the new table.
    expect(await store.collection('counters').count({ total: 6 })).toBe(2);

    // Live again: new events go to the new table.
    await events.appendToStream('c-1', [add('c', 1)], { expectedRevision: 2 });
    expect(await runner.catchUp(5000)).toBe(true);
    expect((await store.collection<Counter>('counters').findById('c'))?.total).toBe(2);

    // An admin rebuild of the same version: built beside again while the serving table follows the log.
    await runner.rebuild('counters');
    await runner.rebuilt();
    expect(store.tableOf('counters')).toBe('counters__v2_2');
    expect(await store.collection('counters').count()).toBe(3);
    expect(dropped).toEqual(['counters', 'counters__v2']);
    await runner.stop();
    await store.close();
  });
  it('tells commit followers that a version switched in for frozen tables changed wholesale, without reading its documents', async () => {
    const events = new MemoryEventStore();
    const file = join(dir, 'read-models.sqlite');
    const v1Store = new SqliteReadStore(file);
    await events.appendToStream('c-1', [add('a', 1), add('b', 3)], { expectedRevision: 'no_stream' });
    await project(events, v1Store, [counters(1)]);
    await v1Store.close();

    const store = new SqliteReadStore(file);
    const runner = new ProjectionRunner(events, store, [counters(2)], silent);
    const seen: [string, string[] | 'cleared'][] = [];
    runner.onCommitted((collection, writes) => seen.push([collection, writes === 'cleared' ? writes : [...writes.keys()]]));
    await runner.start();
    await runner.rebuilt();
    // The build wrote beside the serving table: followers learn only that its content changed, not every document
    // (at full size a projection's collections hold millions).
    expect(seen).toEqual([['counters', 'cleared']]);
    await events.appendToStream('c-1', [add('c', 1)], { expectedRevision: 1 });
    expect(await runner.catchUp(5000)).toBe(true);
    expect(seen).toEqual([
      ['counters', 'cleared'],
      ['counters', ['c']],
    ]);
    await runner.stop();
    await store.close();
  });
});
