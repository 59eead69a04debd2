import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateActivity } from '../../bench/data/activity';
import { generateIdentity } from '../../bench/data/identity';
import { generateSpeaches } from '../../bench/data/speaches';
import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { ReadModelSnapshots, restoreSnapshot, snapshotSettings, writeSnapshot } from '../../backend/infrastructure/read-store/read-model-snapshot';
import { allProjections } from '../../projections';
import type { ProjectedDocument, ProjectionDefinition } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/projection-runner';
import { newEvent } from '../support/events';

const silent = { log: () => undefined, error: () => undefined };

interface Counter extends ProjectedDocument {
  total: number;
  group: string;
}

function counters(version = 1): ProjectionDefinition {
  return {
    name: 'counters',
    version,
    collections: [{ name: 'counters', indexes: [{ field: 'group' }] }],
    handlers: {
      Added: async (event, writer) => {
        const { key, amount } = event.data as { key: string; amount: number };
        await writer.upsert<Counter>('counters', key, (doc) => ({ _id: key, group: key.slice(0, 1), total: (doc?.total ?? 0) + amount * version }));
      },
    },
  };
}

const titles: ProjectionDefinition = {
  name: 'titles',
  version: 1,
  collections: [{ name: 'titles' }],
  handlers: {
    Added: async (event, writer) => {
      const { key } = event.data as { key: string };
      await writer.upsert('titles', key, (doc) => ({ _id: key, seen: ((doc?.seen as number | undefined) ?? 0) + 1 }));
    },
  },
};

const add = (key: string, amount: number) => newEvent('Added', { key, amount });

async function appendAdds(events: EventStore, n: number, offset = 0): Promise<void> {
  for (let i = 0; i < n; i += 50) {
    const batch = Array.from({ length: Math.min(50, n - i) }, (_, j) => add(`${'abc'[(i + j + offset) % 3]}${(i + j + offset) % 37}`, i + j));
    await events.appendToStream(`c-${offset}-${i}`, batch, { expectedRevision: 'any' });
  }
}

/** A runner on a fresh memory store, optionally loaded from the snapshot first, caught up with the store. */
async function project(events: EventStore, projections: ProjectionDefinition[], snapshot?: string) {
  const store = new MemoryReadStore();
  const checkpoints = new MemoryCheckpointStore();
  const warnings: string[] = [];
  const restored = snapshot ? await restoreSnapshot(snapshot, store, checkpoints, projections, events, { log: () => undefined, warn: (m) => warnings.push(m) }) : null;
  const runner = new ProjectionRunner(events, store, checkpoints, projections, silent);
  await runner.start();
  expect(await runner.catchUp(60_000)).toBe(true);
  return { store, checkpoints, runner, restored, warnings };
}

/** Every collection, every document, sorted by id; and the declared indexes. */
async function contents(store: MemoryReadStore): Promise<Record<string, { indexes: unknown; docs: unknown[] }>> {
  const out: Record<string, { indexes: unknown; docs: unknown[] }> = {};
  for (const name of store.collectionNames().sort()) {
    const docs = await store.collection(name).find({}, { sort: { _id: 1 } });
    if (docs.length === 0) continue;
    out[name] = { indexes: store.exportCollection(name).indexes.sort((a, b) => a.field.localeCompare(b.field)), docs };
  }
  return out;
}

describe('Read-model snapshots (memory read store)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rms-'));
    file = join(dir, 'read-models.snapshot');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('restores every projection of the product and catches up to what a full replay builds', async () => {
    const events = new MemoryEventStore();
    const now = Date.now();
    const identity = await generateIdentity(events, 120, 6);
    const speaches = await generateSpeaches(events, 60, identity.userIds.filter((_, i) => i % 10 === 0), now);
    await generateActivity(events, 1500, identity.userIds, speaches.slice(0, 40), now);

    const first = await project(events, allProjections);
    const written = await writeSnapshot(file, first.store, first.runner, allProjections, events);
    await first.runner.stop();
    expect(written.documents).toBeGreaterThan(500);
    expect(written.projections.map((p) => p.name).sort()).toEqual(allProjections.map((p) => p.name).sort());
    const snapshotHead = await events.headPosition();

    // More events after the snapshot: the restored runner catches up from the snapshot's positions.
    await generateActivity(events, 800, identity.userIds, speaches, now);
    const appended = (await events.headPosition()) - snapshotHead;
    expect(appended).toBeGreaterThan(0);

    const restored = await project(events, allProjections, file);
    expect(restored.warnings).toEqual([]);
    expect(restored.restored?.rebuilt).toEqual([]);
    expect(restored.restored?.restored.every((p) => p.position === snapshotHead || p.position <= snapshotHead)).toBe(true);
    const replayed = await project(events, allProjections);

    const fromSnapshot = await contents(restored.store);
    expect(Object.keys(fromSnapshot).length).toBeGreaterThan(10);
    expect(fromSnapshot).toEqual(await contents(replayed.store));
    expect(restored.runner.status()).toEqual(replayed.runner.status());
    // Indexed lookups answer from the restored indexes.
    const someUser = identity.userIds[3];
    expect(await restored.store.collection('users').find({ _id: someUser })).toEqual(await replayed.store.collection('users').find({ _id: someUser }));
    await restored.runner.stop();
    await replayed.runner.stop();
  });

  it('rebuilds only the projection whose version changed (and one missing from the snapshot)', async () => {
    const events = new MemoryEventStore();
    await appendAdds(events, 300);
    const first = await project(events, [counters(1), titles]);
    await writeSnapshot(file, first.store, first.runner, [counters(1), titles], events);
    await appendAdds(events, 100, 300);

    const fresh: ProjectionDefinition = { ...titles, name: 'titles-2', collections: [{ name: 'titles-2' }] };
    const store = new MemoryReadStore();
    const checkpoints = new MemoryCheckpointStore();
    const restored = await restoreSnapshot(file, store, checkpoints, [counters(2), titles, fresh], events, { log: () => undefined, warn: () => undefined });
    expect(restored?.rebuilt.sort()).toEqual(['counters', 'titles-2']);
    expect(restored?.restored.map((p) => p.name)).toEqual(['titles']);
    expect(await checkpoints.load('titles')).toEqual({ name: 'titles', version: 1, position: 300 });
    expect(await checkpoints.load('counters')).toBeNull();
    expect(await store.collection('counters').count()).toBe(0);
    expect(await store.collection('titles').count()).toBe(await first.store.collection('titles').count());

    const runner = new ProjectionRunner(events, store, checkpoints, [counters(2), titles, fresh], silent);
    await runner.start();
    expect(await runner.catchUp(10_000)).toBe(true);
    const replayed = await project(events, [counters(2), titles, fresh]);
    expect(await contents(store)).toEqual(await contents(replayed.store));
    expect(await store.collection('counters').find({ group: 'a' }, { sort: { _id: 1 } })).toEqual(await replayed.store.collection('counters').find({ group: 'a' }, { sort: { _id: 1 } }));
    await runner.stop();
    await first.runner.stop();
    await replayed.runner.stop();
  });

  it('ignores a corrupt, truncated or foreign file with a warning, and leaves the store empty for a full replay', async () => {
    const events = new MemoryEventStore();
    await appendAdds(events, 400);
    const first = await project(events, [counters(), titles]);
    await writeSnapshot(file, first.store, first.runner, [counters(), titles], events);
    await first.runner.stop();
    const good = readFileSync(file);
    const replayed = await contents((await project(events, [counters(), titles])).store);

    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length * 0.6)] ^= 0xff;
    const variants: [string, Buffer][] = [
      ['flipped byte', flipped],
      ['truncated', good.subarray(0, Math.floor(good.length * 0.8))],
      ['without its end', good.subarray(0, good.length - 20)],
      ['garbage', Buffer.from('not a snapshot at all')],
      ['empty', Buffer.alloc(0)],
    ];
    for (const [label, bytes] of variants) {
      writeFileSync(file, bytes);
      const store = new MemoryReadStore();
      const checkpoints = new MemoryCheckpointStore();
      const warnings: string[] = [];
      const restored = await restoreSnapshot(file, store, checkpoints, [counters(), titles], events, { log: () => undefined, warn: (m) => warnings.push(m) });
      expect({ label, restored }).toEqual({ label, restored: null });
      expect(warnings).toHaveLength(1);
      expect(await store.collection('counters').count()).toBe(0);
      expect(await store.collection('titles').count()).toBe(0);
      expect(await checkpoints.load('counters')).toBeNull();
      const after = await project(events, [counters(), titles], file);
      expect(await contents(after.store)).toEqual(replayed);
      await after.runner.stop();
    }
  });

  it('ignores a snapshot ahead of the event store head, or taken on another log', async () => {
    const events = new MemoryEventStore();
    await appendAdds(events, 200);
    const first = await project(events, [counters(), titles]);
    await writeSnapshot(file, first.store, first.runner, [counters(), titles], events);
    await first.runner.stop();

    const shorter = new MemoryEventStore();
    await appendAdds(shorter, 150);
    const warnings: string[] = [];
    const store = new MemoryReadStore();
    expect(await restoreSnapshot(file, store, new MemoryCheckpointStore(), [counters(), titles], shorter, { log: () => undefined, warn: (m) => warnings.push(m) })).toBeNull();
    expect(warnings[0]).toMatch(/past the event store's head 150/);
    expect(store.collectionNames()).toEqual([]);

    const other = new MemoryEventStore();
    await appendAdds(other, 250);
    expect(await restoreSnapshot(file, new MemoryReadStore(), new MemoryCheckpointStore(), [counters(), titles], other, { log: () => undefined, warn: (m) => warnings.push(m) })).toBeNull();
    expect(warnings[1]).toMatch(/not the one it was taken at/);
  });

  it('takes a consistent cut while the runner is live and events keep arriving', async () => {
    const events = new MemoryEventStore();
    await appendAdds(events, 500);
    const live = await project(events, [counters(), titles]);
    const logs: string[] = [];
    const snapshots = new ReadModelSnapshots(file, snapshotSettings({}), live.store, live.runner, [counters(), titles], events, { log: (m) => logs.push(m), warn: (m) => logs.push(m) });
    const writing = (async () => {
      for (let i = 0; i < 5; i++) {
        await snapshots.write('test');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    for (let i = 0; i < 20; i++) await appendAdds(events, 30, 1000 + i * 30);
    await writing;
    expect(await live.runner.catchUp(10_000)).toBe(true);
    await snapshots.write('last');
    await snapshots.write('unchanged'); // same positions: not written again
    expect(logs.filter((m) => m.includes('(unchanged)'))).toEqual([]);
    await snapshots.stop();
    await live.runner.stop();

    await appendAdds(events, 40, 5000);
    const restored = await project(events, [counters(), titles], file);
    expect(restored.restored).not.toBeNull();
    const replayed = await project(events, [counters(), titles]);
    expect(await contents(restored.store)).toEqual(await contents(replayed.store));
    await restored.runner.stop();
    await replayed.runner.stop();
  });

  it('writes periodic snapshots once the projections moved the configured number of events', async () => {
    const events = new MemoryEventStore();
    await appendAdds(events, 100);
    const live = await project(events, [counters(), titles]);
    const logs: string[] = [];
    const settings = snapshotSettings({ READ_MODEL_SNAPSHOT_EVENTS: '50', READ_MODEL_SNAPSHOT_MINUTES: '60' });
    const snapshots = new ReadModelSnapshots(file, settings, live.store, live.runner, [counters(), titles], events, { log: (m) => logs.push(m), warn: (m) => logs.push(m) });
    snapshots.startPeriodic(10);
    const until = async (predicate: () => boolean) => {
      for (let i = 0; i < 300 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(() => logs.length === 1);
    expect(logs).toEqual([expect.stringMatching(/^Read-model snapshot \(periodic\)/)]);
    await appendAdds(events, 20, 100); // fewer than 50 events: no new snapshot
    expect(await live.runner.catchUp(5000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logs).toHaveLength(1);
    await appendAdds(events, 40, 120);
    await until(() => logs.length === 2);
    expect(logs).toHaveLength(2);
    await snapshots.stop();
    await live.runner.stop();
    const restored = await project(events, [counters(), titles], file);
    expect(restored.restored?.restored.map((p) => p.position)).toEqual([160, 160]);
    await restored.runner.stop();
  });

  it('is on by default and turned off by READ_MODEL_SNAPSHOTS=off', () => {
    expect(snapshotSettings({}).enabled).toBe(true);
    expect(snapshotSettings({ READ_MODEL_SNAPSHOTS: 'off' }).enabled).toBe(false);
    expect(snapshotSettings({ READ_MODEL_SNAPSHOT_EVENTS: '500', READ_MODEL_SNAPSHOT_MINUTES: '2' })).toEqual({ enabled: true, everyEvents: 500, everyMs: 120_000 });
  });
});
