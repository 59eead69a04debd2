import type { DomainEvent } from '../../../events';
import { ManualClock } from '../clock/clock';
import { MemoryEventStore } from '../event-store/memory-event-store';
import { requestContext } from '../http/request-context';
import { ConcurrencyError, CommandRunner } from './command-runner';
import { type Decider, IllegalStateError } from './decider';

type Incremented = DomainEvent<'Incremented', { by: number }>;
const counter: Decider<number, { by: number; max?: number }, Incremented> = {
  initialState: () => 0,
  decide: (command, state) => {
    if (command.max !== undefined && state + command.by > command.max) throw new IllegalStateError('over the maximum');
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
  evolve: (state, event) => state + event.data.by,
};

describe('CommandRunner', () => {
  const clock = new ManualClock(new Date('2026-01-02T03:04:05.000Z'));

  it('loads, decides and appends with metadata from the request context and time from the clock', async () => {
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    const result = await requestContext.run({ userId: 'u1', correlationId: 'corr-1', lastAppendedPosition: 0 }, async () => {
      await runner.run(counter, 'counter-1', { by: 2 });
      const second = await runner.run(counter, 'counter-1', { by: 3 });
      expect(requestContext.current()?.lastAppendedPosition).toBe(second.position);
      return second;
    });
    expect(result).toMatchObject({ revision: 1, position: 2 });
    const [first] = await store.readStream('counter-1');
    expect(first.metadata).toEqual({ userId: 'u1', correlationId: 'corr-1', causationId: 'corr-1' });
    expect(first.time).toBe('2026-01-02T03:04:05.000Z');
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('retries the whole decision on a concurrent write, so a rule holds under concurrency', async () => {
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => runner.run(counter, 'counter-2', { by: 1, max: 3 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => r.reason)).toEqual([expect.any(IllegalStateError), expect.any(IllegalStateError)]);
    expect(await store.readStream('counter-2')).toHaveLength(3);
  });

  it('answers a ConcurrencyError (409) when the client saw a stale revision, and appends nothing', async () => {
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    await runner.run(counter, 'counter-3', { by: 1 });
    await runner.run(counter, 'counter-3', { by: 1 });
    await expect(runner.run(counter, 'counter-3', { by: 1 }, { expectedRevision: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('counter-3')).toHaveLength(2);
    await expect(runner.run(counter, 'counter-3', { by: 1 }, { expectedRevision: 1 })).resolves.toMatchObject({ revision: 2 });
  });

  it('gives up with a ConcurrencyError after bounded retries against a writer that always wins', async () => {
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    const original = store.appendToStream.bind(store);
    let attempts = 0;
    store.appendToStream = async (stream, events, options) => {
      attempts++;
      await original(stream, [{ ...events[0], id: `${events[0].id.slice(0, -4)}ffff` }], { expectedRevision: 'any' }).catch(() => undefined);
      return original(stream, events, options);
    };
    await expect(runner.run(counter, 'counter-4', { by: 1 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(attempts).toBe(4);
  });

  it('keeps folded states between commands and still sees what another process appended', async () => {
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    const otherProcess = new CommandRunner(store, clock);
    await runner.run(counter, 'counter-5', { by: 2 });
    await otherProcess.run(counter, 'counter-5', { by: 5 });
    const reads: (number | undefined)[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (stream, options) => {
      reads.push(options?.fromRevision);
      return readStream(stream, options);
    };
    // 2 + 5 = 7: the append made on the cached state (2) was refused by its expected revision, the
    // other process's event was read and the decision taken again on 7.
    await expect(runner.run(counter, 'counter-5', { by: 1, max: 7 })).rejects.toBeInstanceOf(IllegalStateError);
    expect(await readStream('counter-5')).toHaveLength(2);
    // A current cached state appends without reading the stream at all.
    await runner.run(counter, 'counter-5', { by: 1, max: 8 });
    // A refusal on a cached state is confirmed by one look past its revision before it is given.
    await expect(runner.run(counter, 'counter-5', { by: 1, max: 8 })).rejects.toBeInstanceOf(IllegalStateError);
    expect(reads).toEqual([1, 3]);
  });

  it('does not refuse on a cached state another process has moved on from', async () => {
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    const otherProcess = new CommandRunner(store, clock);
    await runner.run(counter, 'counter-6', { by: 5 });
    // The other process brings the counter back down: 5 - 4 = 1.
    await otherProcess.run(counter, 'counter-6', { by: -4 });
    // On the cached 5 this would be refused (5 + 3 > 4); on the stored 1 it is accepted.
    await expect(runner.run(counter, 'counter-6', { by: 3, max: 4 })).resolves.toMatchObject({ revision: 2 });
  });

  it('does not answer "nothing to do" from a cached state another process has moved on from', async () => {
    // A switch: setting it to its current value appends nothing.
    type Switched = DomainEvent<'Switched', { on: boolean }>;
    const toggle: Decider<boolean, { on: boolean }, Switched> = {
      initialState: () => false,
      decide: (command, state) => (command.on === state ? [] : [{ type: 'Switched', data: { on: command.on } }]),
      evolve: (_, event) => event.data.on,
    };
    const store = new MemoryEventStore();
    const runner = new CommandRunner(store, clock);
    const otherProcess = new CommandRunner(store, clock);
    await runner.run(toggle, 'switch-1', { on: true });
    await otherProcess.run(toggle, 'switch-1', { on: false });
    const result = await runner.run(toggle, 'switch-1', { on: true });
    expect(result.events).toEqual([{ type: 'Switched', data: { on: true } }]);
    expect((await store.readStream('switch-1')).map((e) => e.data)).toEqual([{ on: true }, { on: false }, { on: true }]);
  });
  describe('a command with an id (issued by a policy)', () => {
    it('acts once per stream: the same id again appends nothing and answers where it was done', async () => {
      const store = new MemoryEventStore();
      const runner = new CommandRunner(store, clock);
      const first = await runner.run(counter, 'counter-id', { by: 1 }, { commandId: 'cmd-1' });
      const again = await runner.run(counter, 'counter-id', { by: 1 }, { commandId: 'cmd-1' });
      expect(again).toEqual({ events: [], position: first.position, revision: 0 });
      const events = await store.readStream('counter-id');
      expect(events).toHaveLength(1);
      expect(events[0].metadata.commandId).toBe('cmd-1');
      await runner.run(counter, 'counter-id', { by: 1 }, { commandId: 'cmd-2' });
      await runner.run(counter, 'other-counter', { by: 1 }, { commandId: 'cmd-1' });
      expect(await store.readStream('counter-id')).toHaveLength(2);
      expect(await store.readStream('other-counter')).toHaveLength(1);
    });

    it('takes the id, the causation and the policy from the context a policy runs in', async () => {
      const store = new MemoryEventStore();
      const runner = new CommandRunner(store, clock);
      const context = { userId: 'system', correlationId: 'corr-p', causationId: 'event-9', policy: 'p', commandId: 'cmd-ctx', lastAppendedPosition: 0 };
      await requestContext.run(context, () => runner.run(counter, 'counter-ctx', { by: 1 }));
      await requestContext.run({ ...context }, () => runner.run(counter, 'counter-ctx', { by: 1 }));
      const events = await store.readStream('counter-ctx');
      expect(events.map((e) => e.metadata)).toEqual([{ userId: 'system', correlationId: 'corr-p', causationId: 'event-9', commandId: 'cmd-ctx', policy: 'p' }]);
    });

    it('lets only one of several concurrent runs of the same command append', async () => {
      const store = new MemoryEventStore();
      const runner = new CommandRunner(store, clock);
      const results = await Promise.all(Array.from({ length: 4 }, () => runner.run(counter, 'counter-race', { by: 1 }, { commandId: 'cmd-race' })));
      expect(results.filter((r) => r.events.length === 1)).toHaveLength(1);
      expect(await store.readStream('counter-race')).toHaveLength(1);
    });
  });
});
