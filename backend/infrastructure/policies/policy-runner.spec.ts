import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainEvent } from '../../../events';
import { newEvent } from '../../../test/support/events';
import { MemoryCheckpointStore } from '../checkpoints/memory-checkpoint-store';
import { SqliteCheckpointStore } from '../checkpoints/sqlite-checkpoint-store';
import { ManualClock } from '../clock/clock';
import { CommandRunner } from '../decider/command-runner';
import type { Decider } from '../decider/decider';
import { MemoryEventStore } from '../event-store/memory-event-store';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { ReadStoreDeadLetters, SqliteDeadLetterStore } from './dead-letter-store';
import type { Policy, ScheduledPolicy } from './policy';
import { deterministicId } from './policy';
import { PolicyRunner } from './policy-runner';

type Counted = DomainEvent<'Counted', { requestId: string }>;
type Requested = DomainEvent<'Requested', { requestId: string }>;
const tally: Decider<number, { requestId: string }, Counted> = {
  initialState: () => 0,
  decide: (command) => [{ type: 'Counted', data: { requestId: command.requestId } }],
  evolve: (state) => state + 1,
};

const noWait = { attempts: 3, backoffMs: 0 };

/** A policy that counts each `Requested` event on the `tally` stream; `failures` makes its first tries throw. */
function countingPolicy(
  commands: CommandRunner,
  options: { failures?: number; failAfterAppend?: boolean; name?: string } = {},
): Policy<Requested> & { tries: number } {
  let failures = options.failures ?? 0;
  const policy = {
    name: options.name ?? 'count-requests',
    retry: noWait,
    tries: 0,
    handles: {
      Requested: async (event: { data: { requestId: string } }, ctx: { issue: <T>(key: string, work: () => Promise<T>) => Promise<T> }) => {
        policy.tries++;
        if (failures > 0 && !options.failAfterAppend) {
          failures--;
          throw new Error('store unavailable');
        }
        await ctx.issue('count', () => commands.run(tally, 'tally', { requestId: event.data.requestId }));
        if (failures > 0) {
          failures--;
          throw new Error('crashed after the append');
        }
      },
    },
  };
  return policy;
}

describe('PolicyRunner', () => {
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
  let store: MemoryEventStore;
  let commands: CommandRunner;
  let checkpoints: MemoryCheckpointStore;
  let runners: PolicyRunner[];

  beforeEach(async () => {
    store = new MemoryEventStore();
    commands = new CommandRunner(store, clock);
    checkpoints = new MemoryCheckpointStore();
    // A checkpoint at 0: these runners start with the log (a first start otherwise begins at the head).
    for (const name of ['count-requests', 'poison', 'count-again']) await checkpoints.save({ name: `policy:${name}`, position: 0, version: 1 });
    runners = [];
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
  });

  const runner = (
    options: { checkpoints?: MemoryCheckpointStore | SqliteCheckpointStore; deadLetters?: ReadStoreDeadLetters | SqliteDeadLetterStore } = {},
  ) => {
    const r = new PolicyRunner(store, options.checkpoints ?? checkpoints, options.deadLetters ?? new ReadStoreDeadLetters(new MemoryReadStore()), clock, {
      retry: noWait,
      error: () => undefined,
    });
    runners.push(r);
    return r;
  };
  const request = async (requestId: string) =>
    (await store.appendToStream(`request-${requestId}`, [newEvent('Requested', { requestId })], { expectedRevision: 'any' })).position;
  const counted = async () => (await store.readStream('tally')).map((e) => e.data.requestId);

  it('given requests, when the policy runs, then each is counted once with the trigger as causation and the system as actor', async () => {
    const r = runner();
    await r.register<Requested>(countingPolicy(commands));
    const first = await request('a');
    await request('b');
    await r.start();
    expect(await r.reach(await store.headPosition(), 5000)).toBeGreaterThan(first);
    expect(await counted()).toEqual(['a', 'b']);
    const [trigger] = await store.readStream('request-a');
    const [effect] = await store.readStream('tally');
    expect(effect.metadata).toEqual({
      userId: 'system',
      policy: 'count-requests',
      correlationId: trigger.metadata.correlationId,
      causationId: trigger.id,
      commandId: deterministicId('count-requests', trigger.id, 'count'),
    });
    // Stored as soon as a handled event is done; the moves over ignored events at the latest at stop.
    const [requestB] = await store.readStream('request-b');
    expect((await checkpoints.load('policy:count-requests'))?.position).toBeGreaterThanOrEqual(requestB.position);
    await r.stop();
    expect(await checkpoints.load('policy:count-requests')).toEqual({ name: 'policy:count-requests', position: await store.headPosition(), version: 1 });
  });

  it('retries a failing reaction and acts once when it succeeds', async () => {
    const r = runner();
    const policy = countingPolicy(commands, { failures: 2 });
    await r.register<Requested>(policy);
    await r.start();
    await request('a');
    await r.reach(await store.headPosition(), 5000);
    expect(policy.tries).toBe(3);
    expect(await counted()).toEqual(['a']);
    expect(r.status()[0].deadLetters).toEqual([]);
  });

  it('never doubles a command whose append succeeded before the reaction failed (a crash before the checkpoint)', async () => {
    const r = runner();
    const policy = countingPolicy(commands, { failures: 1, failAfterAppend: true });
    await r.register<Requested>(policy);
    await r.start();
    await request('a');
    await r.reach(await store.headPosition(), 5000);
    expect(policy.tries).toBe(2);
    expect(await counted()).toEqual(['a']);
  });

  it('replayed from 0, the same triggers cause no second effect', async () => {
    const first = runner();
    await first.register<Requested>(countingPolicy(commands));
    await request('a');
    await request('b');
    await first.start();
    await first.reach(await store.headPosition(), 5000);
    await first.stop();
    await checkpoints.save({ name: 'policy:count-requests', position: 0, version: 1 });
    const replay = runner();
    const policy = countingPolicy(commands);
    await replay.register<Requested>(policy);
    await replay.start();
    await replay.reach(await store.headPosition(), 5000);
    expect(policy.tries).toBe(2);
    expect(await counted()).toEqual(['a', 'b']);
  });

  it('dead-letters a reaction that keeps failing, moves past it, and keeps the other policies going', async () => {
    const r = runner();
    const poison: Policy<Requested> = {
      name: 'poison',
      retry: noWait,
      handles: {
        Requested: async (event) => {
          if (event.data.requestId === 'bad') throw new Error('cannot handle bad');
        },
      },
    };
    await r.register(poison);
    await r.register<Requested>(countingPolicy(commands));
    await r.start();
    const bad = await request('bad');
    await request('good');
    await r.reach(await store.headPosition(), 5000);
    const head = await store.headPosition();
    expect(await counted()).toEqual(['bad', 'good']);
    const [status] = r.status();
    expect(status).toEqual(expect.objectContaining({ name: 'poison', position: head }));
    const [trigger] = await store.readStream('request-bad');
    expect(status.deadLetters).toEqual([
      {
        policy: 'poison',
        key: trigger.id,
        position: bad,
        eventType: 'Requested',
        streamId: 'request-bad',
        error: 'cannot handle bad',
        attempts: 3,
        at: clock.now().toISOString(),
      },
    ]);
  });

  it('a policy seen for the first time reacts from the head on, not to the history', async () => {
    await request('old');
    const fresh = new MemoryCheckpointStore();
    const r = runner({ checkpoints: fresh });
    await r.register<Requested>(countingPolicy(commands, { name: 'count-again' }));
    await r.start();
    await request('new');
    await r.reach(await store.headPosition(), 5000);
    expect(await counted()).toEqual(['new']);
  });

  it('reach() follows the reactions: it waits for what the policies appended and for the reactions to that', async () => {
    const r = runner();
    const chained: Policy<Counted> = {
      name: 'count-again',
      retry: noWait,
      handles: {
        Counted: async (event, ctx) => {
          if (event.streamId !== 'tally') return;
          await ctx.issue('echo', () => commands.run(tally, 'echo', { requestId: event.data.requestId }));
        },
      },
    };
    await r.register<Requested>(countingPolicy(commands));
    await r.register(chained);
    await r.start();
    const position = await request('a');
    const reached = await r.reach(position, 5000);
    const [echo] = await store.readStream('echo');
    expect(reached).toBe(echo.position);
    expect(await store.headPosition()).toBe(echo.position);
  });

  describe('on durable stores', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'policies-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('resumes after a restart from the stored checkpoint and keeps its dead letters', async () => {
      const file = join(dir, 'checkpoints.sqlite');
      const durable = new SqliteCheckpointStore(file);
      await durable.save({ name: 'policy:count-requests', position: 0, version: 1 });
      await durable.save({ name: 'policy:poison', position: 0, version: 1 });
      const letters = new SqliteDeadLetterStore(file);
      const first = runner({ checkpoints: durable, deadLetters: letters });
      const failing: Policy<Requested> = { name: 'poison', retry: noWait, handles: { Requested: async () => Promise.reject(new Error('always')) } };
      await first.register<Requested>(countingPolicy(commands));
      await first.register(failing);
      await first.start();
      await request('a');
      await first.reach(await store.headPosition(), 5000);
      await first.stop();
      durable.close();
      letters.close();

      const reopened = new SqliteCheckpointStore(file);
      const reopenedLetters = new SqliteDeadLetterStore(file);
      const second = runner({ checkpoints: reopened, deadLetters: reopenedLetters });
      const policy = countingPolicy(commands);
      await second.register<Requested>(policy);
      await second.register({ ...failing, handles: { Requested: async () => undefined } });
      await second.start();
      await request('b');
      await second.reach(await store.headPosition(), 5000);
      expect(policy.tries).toBe(1);
      expect(await counted()).toEqual(['a', 'b']);
      expect(second.status().find((s) => s.name === 'poison')?.deadLetters).toEqual([expect.objectContaining({ error: 'always', streamId: 'request-a' })]);
      await second.stop();
      reopened.close();
      reopenedLetters.close();
    });
  });

  describe('time-driven policies', () => {
    it('act on the items due at the clock time, once per item, and dead-letter one that keeps failing until it succeeds', async () => {
      const r = runner();
      const deadline = new Date('2026-03-02T00:00:00.000Z');
      let broken = true;
      const reminder: ScheduledPolicy = {
        name: 'remind',
        retry: noWait,
        due: async (now) =>
          now >= deadline
            ? [
                { key: 'ok', run: (ctx) => ctx.issue('count', () => commands.run(tally, 'tally', { requestId: 'ok' })).then(() => undefined) },
                {
                  key: 'flaky',
                  run: async (ctx) => {
                    if (broken) throw new Error('mail server down');
                    await ctx.issue('count', () => commands.run(tally, 'tally', { requestId: 'flaky' }));
                  },
                },
              ]
            : [],
      };
      await r.register(reminder);
      await r.start();
      expect(await r.tick()).toBe(0);
      clock.set(new Date('2026-03-02T08:00:00.000Z'));
      expect(await r.tick('remind')).toBe(1);
      expect(r.status()[0].deadLetters).toEqual([expect.objectContaining({ key: 'flaky', error: 'mail server down', attempts: 3, position: null })]);
      expect(await r.tick('remind')).toBe(1); // "ok" again: its command id is already on the stream
      expect(await counted()).toEqual(['ok']);
      broken = false;
      expect(await r.tick('remind')).toBe(2);
      expect(await counted()).toEqual(['ok', 'flaky']);
      expect(r.status()[0].deadLetters).toEqual([]);
      clock.set(new Date('2026-03-01T10:00:00.000Z'));
    });

    it('clears a letter on retry once its item is no longer due, and knows no unknown letter', async () => {
      const r = runner();
      let due = true;
      await r.register({
        name: 'remind',
        retry: noWait,
        due: async () => (due ? [{ key: 'gone-soon', run: async () => Promise.reject(new Error('down')) }] : []),
      });
      await r.start();
      expect(await r.tick()).toBe(0);
      expect(r.status()[0].deadLetters).toHaveLength(1);
      expect(await r.retryDeadLetter('remind', 'gone-soon')).toBe(false);
      due = false;
      expect(await r.retryDeadLetter('remind', 'gone-soon')).toBe(true);
      expect(r.status()[0].deadLetters).toEqual([]);
      expect(await r.retryDeadLetter('remind', 'gone-soon')).toBeNull();
    });

    it('lets the event loop in between items: requests are answered while a long tick runs', async () => {
      const r = runner();
      const order: string[] = [];
      await r.register({
        name: 'many',
        retry: noWait,
        // Items whose awaits never leave the microtask queue, as with the synchronous SQLite stores.
        due: async () => ['a', 'b', 'c'].map((key) => ({ key, run: async () => void order.push(`item ${key}`) })),
      });
      await r.start();
      // A request arriving while the tick runs: a macrotask, served only when the tick yields.
      setImmediate(() => order.push('request'));
      expect(await r.tick('many')).toBe(3);
      expect(order.indexOf('request')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('request')).toBeLessThan(order.indexOf('item c'));
    });
  });
});
