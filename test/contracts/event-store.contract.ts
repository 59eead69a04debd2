import type { RecordedEvent } from '../../events';
import { type EventStore, WrongExpectedRevisionError } from '../../backend/infrastructure/event-store/event-store.port';
import { chainHash, verifyChain } from '../../backend/infrastructure/event-store/hash-chain';
import { newEvent, uniqueStream } from '../support/events';

/**
 * The EventStore contract, run against every adapter. Streams are unique per test and positions
 * are compared relative to the head read before, so the suite also runs against a shared server.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>, close: (store: EventStore) => Promise<void>) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await close(store);
    });

    it('creates a stream with no_stream and reads it back in order with metadata', async () => {
      const stream = uniqueStream();
      const events = [newEvent('Opened', { n: 1 }), newEvent('Renamed', { n: 2, nested: { a: [1, 2] } })];
      const result = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(1);
      const read = await store.readStream(stream);
      expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['Opened', 0, { n: 1 }],
        ['Renamed', 1, { n: 2, nested: { a: [1, 2] } }],
      ]);
      expect(read[0].id).toBe(events[0].id);
      expect(read[0].metadata).toMatchObject({ userId: 'tester', correlationId: events[0].id });
      expect(read[0].time).toBe(events[0].time);
      expect(read[0].schemaVersion).toBe(1);
      expect(read[1].position).toBeGreaterThan(read[0].position);
      expect(result.position).toBe(read[1].position);
    });

    it('answers an empty list for a stream that does not exist', async () => {
      expect(await store.readStream(uniqueStream())).toEqual([]);
    });

    it('refuses no_stream on an existing stream and appends nothing', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [newEvent('Opened')], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(stream, [newEvent('Opened')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('appends with the exact revision and refuses a stale one', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [newEvent('Opened')], { expectedRevision: 'no_stream' });
      await store.appendToStream(stream, [newEvent('Changed')], { expectedRevision: 0 });
      const stale = store.appendToStream(stream, [newEvent('Changed'), newEvent('Changed')], { expectedRevision: 0 });
      await expect(stale).rejects.toMatchObject({ streamId: stream, expected: 0, actual: 1 });
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
    });

    it('refuses an exact revision on a stream that does not exist', async () => {
      await expect(store.appendToStream(uniqueStream(), [newEvent('Changed')], { expectedRevision: 3 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    });

    it('appends with any whatever the stream holds', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [newEvent('A')], { expectedRevision: 'any' });
      await store.appendToStream(stream, [newEvent('B')], { expectedRevision: 'any' });
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('reads a stream from a revision with a maximum count', async () => {
      const stream = uniqueStream();
      await store.appendToStream(
        stream,
        [1, 2, 3, 4].map((n) => newEvent('N', { n })),
        { expectedRevision: 'no_stream' },
      );
      const read = await store.readStream(stream, { fromRevision: 1, maxCount: 2 });
      expect(read.map((e) => e.data.n)).toEqual([2, 3]);
    });

    it('reads $all in global order after a position', async () => {
      const head = await store.headPosition();
      const a = uniqueStream();
      const b = uniqueStream();
      await store.appendToStream(a, [newEvent('A1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(b, [newEvent('B1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(a, [newEvent('A2')], { expectedRevision: 0 });
      const all = await store.readAll({ after: head });
      expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      expect(all.map((e) => e.streamId)).toEqual([a, b, a]);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(await store.headPosition()).toBe(positions[2]);
      const page = await store.readAll({ after: positions[0], maxCount: 1 });
      expect(page.map((e) => e.type)).toEqual(['B1']);
    });

    it('lets exactly one of two concurrent writers with the same expected revision win', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [newEvent('Opened')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => store.appendToStream(stream, [newEvent('Changed', { n })], { expectedRevision: 0 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('stores every one of many concurrent appends to different streams, each with its own position', async () => {
      const appends = Array.from({ length: 64 }, (_, i) => store.appendToStream(uniqueStream(), [newEvent('Burst', { i })], { expectedRevision: 'no_stream' }));
      const results = await Promise.all(appends);
      const positions = new Set(results.map((r) => r.position));
      expect(positions.size).toBe(64);
      const ids = results.map((r) => r.events[0].id);
      expect(await store.countExisting(ids)).toBe(64);
    });

    it('catches up from a checkpoint, then delivers live events in order', async () => {
      const stream = uniqueStream();
      const head = await store.headPosition();
      await store.appendToStream(stream, [newEvent('Before1'), newEvent('Before2')], { expectedRevision: 'no_stream' });
      const seen: RecordedEvent[] = [];
      let resolveLive: () => void = () => undefined;
      const live = new Promise<void>((resolve) => (resolveLive = resolve));
      const subscription = store.subscribeToAll({
        after: head,
        onEvents: (events) => {
          seen.push(...events.filter((e) => e.streamId === stream));
          if (seen.length >= 3) resolveLive();
        },
      });
      try {
        await new Promise((r) => setTimeout(r, 50));
        await store.appendToStream(stream, [newEvent('Live')], { expectedRevision: 1 });
        await Promise.race([live, new Promise((_, reject) => setTimeout(() => reject(new Error('no live event')), 10_000))]);
        expect(seen.map((e) => e.type)).toEqual(['Before1', 'Before2', 'Live']);
      } finally {
        await subscription.stop();
      }
    });

    it('chains every appended event to the previous one, from the genesis, and the whole log verifies', async () => {
      const before = await verifyChain(store);
      expect(before.ok).toBe(true);
      const stream = uniqueStream();
      await store.appendToStream(stream, [newEvent('Opened', { n: 1 }), newEvent('Renamed', { title: 'é "quoted"' })], { expectedRevision: 'no_stream' });
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.appendToStream(uniqueStream(), [newEvent('Burst', { i })], { expectedRevision: 'no_stream' })),
      );
      const after = await verifyChain(store);
      expect(after).toMatchObject({ ok: true, firstBroken: null });
      expect(after.verified).toBe(before.verified + 22);
      const links = await store.readChain({ after: before.lastPosition });
      expect(links).toHaveLength(22);
      expect(links[0]).toMatchObject({ streamId: stream, type: 'Opened', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(links[0].hash).toBe(chainHash(before.lastHash, links[0]));
      expect(links[1].hash).toBe(chainHash(links[0].hash!, links[1]));
      expect(new Set(links.map((l) => l.hash)).size).toBe(22);
    });

    it('resumes a verification from the last verified link', async () => {
      const first = await verifyChain(store);
      await store.appendToStream(uniqueStream(), [newEvent('Later')], { expectedRevision: 'no_stream' });
      const resumed = await verifyChain(store, first);
      expect(resumed).toMatchObject({ ok: true, verified: first.verified + 1 });
      expect(resumed.lastHash).not.toBe(first.lastHash);
    });

    it('reports a subscriber failure and stops delivering', async () => {
      await store.appendToStream(uniqueStream(), [newEvent('Boom')], { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      let calls = 0;
      const failure = new Promise<unknown>((resolve) => {
        store.subscribeToAll({
          after: head - 1,
          onEvents: () => {
            calls++;
            throw new Error('handler failed');
          },
          onError: resolve,
        });
      });
      expect(String(await failure)).toContain('handler failed');
      expect(calls).toBe(1);
    });
  });
}
