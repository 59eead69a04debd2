import { MemoryEventStore } from '../backend/infrastructure/event-store/memory-event-store';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { newEvent } from '../test/support/events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';
import { ProjectionRunner, stoppedMarker } from './projection-runner';

interface Counter extends ProjectedDocument {
  total: number;
}

function counterProjection(version = 1, failOn?: number): ProjectionDefinition {
  return {
    name: 'counters',
    version,
    collections: [{ name: 'counters' }],
    handlers: {
      Added: async (event, writer) => {
        const { key, amount } = event.data as { key: string; amount: number };
        if (amount === failOn) throw new Error(`cannot add ${amount}`);
        await writer.upsert<Counter>('counters', key, (doc) => ({ _id: key, total: (doc?.total ?? 0) + amount }));
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
      await writer.upsert('titles', key, () => ({ _id: key, seen: true }));
    },
  },
};

const silent = { log: () => undefined, error: () => undefined };

async function setup(projections: ProjectionDefinition[], readStore = new MemoryReadStore({ freezeAdopted: true })) {
  const events = new MemoryEventStore();
  const runner = new ProjectionRunner(events, readStore, projections, silent);
  return { events, readStore, runner, checkpoints: readStore.checkpoints };
}

const add = (key: string, amount: number) => newEvent('Added', { key, amount });

describe('ProjectionRunner', () => {
  it('folds events into read models and stores the checkpoint with them', async () => {
    const { events, readStore, runner, checkpoints } = await setup([counterProjection()]);
    await events.appendToStream('c-1', [add('a', 1), add('b', 2), add('a', 3)], { expectedRevision: 'no_stream' });
    await runner.start();
    expect(await runner.catchUp(5000)).toBe(true);
    expect(await readStore.collection('counters').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', total: 4, _position: 3 },
      { _id: 'b', total: 2, _position: 2 },
    ]);
    expect(await checkpoints.load('counters')).toEqual({ name: 'counters', position: 3, version: 1 });
    await runner.stop();
  });

  it('moves a projection over a batch it ignores in memory, storing that checkpoint once a save is due and at stop', async () => {
    const others: ProjectionDefinition = { name: 'others', version: 1, collections: [{ name: 'others' }], handlers: { Other: async () => undefined } };
    const events = new MemoryEventStore();
    const readStore = new MemoryReadStore({ freezeAdopted: true });
    const runner = new ProjectionRunner(events, readStore, [counterProjection(), others], silent, { idleSaveMs: 60_000 });
    await runner.start();
    const first = await events.appendToStream('c-1', [add('a', 1)], { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(first.position, 5000)).toBe(true);
    // A projection's first batch is stored whatever it handled: the throttle starts from a save.
    expect(await readStore.checkpoints.load('others')).toMatchObject({ position: first.position });
    const second = await events.appendToStream('c-1', [add('b', 2)], { expectedRevision: 0 });
    expect(await runner.waitFor(second.position, 5000)).toBe(true);
    expect(await readStore.checkpoints.load('counters')).toMatchObject({ position: second.position });
    expect(await readStore.checkpoints.load('others')).toMatchObject({ position: first.position });
    expect(runner.status().find((s) => s.name === 'others')).toMatchObject({ position: second.position, state: 'live' });
    await runner.stop();
    expect(await readStore.checkpoints.load('others')).toMatchObject({ position: second.position });
  });

  it('stores every checkpoint at every batch when told to (a projector whose checkpoints API processes wait on)', async () => {
    const others: ProjectionDefinition = { name: 'others', version: 1, collections: [{ name: 'others' }], handlers: { Other: async () => undefined } };
    const events = new MemoryEventStore();
    const readStore = new MemoryReadStore({ freezeAdopted: true });
    const runner = new ProjectionRunner(events, readStore, [counterProjection(), others], silent, { idleSaveMs: 0 });
    await runner.start();
    const first = await events.appendToStream('c-1', [add('a', 1)], { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(first.position, 5000)).toBe(true);
    const second = await events.appendToStream('c-1', [add('b', 2)], { expectedRevision: 0 });
    expect(await runner.waitFor(second.position, 5000)).toBe(true);
    expect(await readStore.checkpoints.load('others')).toMatchObject({ position: second.position });
    await runner.stop();
  });

  it('answers read-your-writes waits once the position is applied, and false after the timeout', async () => {
    const { events, readStore, runner } = await setup([counterProjection()]);
    await runner.start();
    const { position } = await events.appendToStream('c-1', [add('a', 5)], { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(position, 5000)).toBe(true);
    expect((await readStore.collection<Counter>('counters').findById('a'))?.total).toBe(5);
    expect(await runner.waitFor(position + 10, 50)).toBe(false);
    await runner.stop();
  });

  it('skips an event at or below the position stored on a document (redelivery changes nothing)', async () => {
    const { events, readStore, runner, checkpoints } = await setup([counterProjection()]);
    await events.appendToStream('c-1', [add('a', 1), add('a', 2)], { expectedRevision: 'no_stream' });
    await runner.start();
    await runner.catchUp(5000);
    await runner.stop();
    // A crash between the documents and the checkpoint: the checkpoint is behind the documents.
    await checkpoints.save({ name: 'counters', position: 0, version: 1 });
    const again = new ProjectionRunner(events, readStore, [counterProjection()], silent);
    await again.start();
    await again.catchUp(5000);
    expect((await readStore.collection<Counter>('counters').findById('a'))?.total).toBe(3);
    await again.stop();
  });

  it('stops only the failing projection, keeps what it applied before, and reports the position', async () => {
    const { events, readStore, runner } = await setup([counterProjection(1, 13), titles]);
    await events.appendToStream('c-1', [add('a', 1), add('b', 13), add('c', 2)], { expectedRevision: 'no_stream' });
    await runner.start();
    expect(await runner.catchUp(5000)).toBe(true);
    const status = runner.status();
    expect(status.find((s) => s.name === 'counters')).toMatchObject({
      state: 'failed',
      position: 1,
      error: { message: 'cannot add 13', position: 2, eventType: 'Added' },
    });
    expect(status.find((s) => s.name === 'titles')).toMatchObject({ state: 'live', position: 3 });
    expect(await readStore.collection('counters').count()).toBe(1);
    expect(await readStore.collection('titles').count()).toBe(3);
    await runner.stop();
  });

  it('leaves a marker where a projection stopped, for processes that read only the checkpoints; a start clears it', async () => {
    const { events, readStore, runner, checkpoints } = await setup([counterProjection(1, 13), titles]);
    await events.appendToStream('c-1', [add('a', 1), add('b', 13), add('c', 2)], { expectedRevision: 'no_stream' });
    await runner.start();
    await runner.catchUp(5000);
    await runner.stop();
    expect(await checkpoints.load(stoppedMarker('counters'))).toMatchObject({ position: 2 });
    expect(await checkpoints.load(stoppedMarker('titles'))).toBeNull();
    const fixed = new ProjectionRunner(events, readStore, [counterProjection(1), titles], silent);
    await fixed.start();
    expect(await fixed.catchUp(5000)).toBe(true);
    expect(await checkpoints.load(stoppedMarker('counters'))).toMatchObject({ position: 0 });
    expect(await checkpoints.load('counters')).toMatchObject({ position: 3 });
    await fixed.stop();
  });

  it('does not ask the store for documents a fill from empty never wrote, and asks again once caught up', async () => {
    const readStore = new MemoryReadStore({ freezeAdopted: true });
    const lookups: string[] = [];
    const counters = readStore.collection('counters');
    // The memory store hands out one object per collection: count its point lookups.
    const peekById = counters.peekById.bind(counters);
    counters.peekById = (id: string) => {
      lookups.push(id);
      return peekById(id);
    };
    const { events, runner } = await setup([counterProjection()], readStore);
    await events.appendToStream('c-1', [add('a', 1), add('b', 2), add('a', 3)], { expectedRevision: 'no_stream' });
    await runner.start();
    expect(await runner.catchUp(5000)).toBe(true);
    expect(lookups).toEqual([]);
    await events.appendToStream('c-1', [add('z', 5)], { expectedRevision: 2 });
    expect(await runner.catchUp(5000)).toBe(true);
    expect(lookups).toEqual(['z']);
    expect(await readStore.collection('counters').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', total: 4, _position: 3 },
      { _id: 'b', total: 2, _position: 2 },
      { _id: 'z', total: 5, _position: 4 },
    ]);
    await runner.stop();
  });

  it('rebuilds a projection from 0 when its version changes', async () => {
    const { events, readStore, runner, checkpoints } = await setup([counterProjection(1)]);
    await events.appendToStream('c-1', [add('a', 1), add('a', 1)], { expectedRevision: 'no_stream' });
    await runner.start();
    await runner.catchUp(5000);
    await runner.stop();
    await readStore.collection('counters').replace({ _id: 'stale', total: 99 });
    const v2 = new ProjectionRunner(events, readStore, [counterProjection(2)], silent);
    await v2.start();
    await v2.catchUp(5000);
    expect(await readStore.collection('counters').find({})).toEqual([{ _id: 'a', total: 2, _position: 2 }]);
    expect(await checkpoints.load('counters')).toMatchObject({ version: 2, position: 2 });
    await v2.stop();
  });

  it('rebuilds one projection on demand to the same content while the others keep their state', async () => {
    const { events, readStore, runner } = await setup([counterProjection(), titles]);
    await events.appendToStream('c-1', [add('a', 1), add('b', 2)], { expectedRevision: 'no_stream' });
    await runner.start();
    await runner.catchUp(5000);
    const before = await readStore.collection('counters').find({}, { sort: { _id: 1 } });
    await runner.rebuild('counters');
    await runner.catchUp(5000);
    expect(await readStore.collection('counters').find({}, { sort: { _id: 1 } })).toEqual(before);
    await expect(runner.rebuild('nope')).rejects.toThrow('Unknown projection nope');
    await runner.stop();
  });
});
