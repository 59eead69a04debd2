import { type DomainEvent, type RecordedEvent, upcast, uuidv7 } from '../../../events';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.port';
import type { Clock } from '../clock/clock';
import type { EventStore, Subscription } from '../event-store/event-store.port';
import { type RequestContext, requestContext } from '../http/request-context';
import type { DeadLetterStore } from './dead-letter-store';
import {
  type DeadLetter,
  type Policy,
  type PolicyContext,
  type PolicyHandler,
  type RetrySettings,
  SYSTEM_USER_ID,
  type ScheduledPolicy,
  deterministicId,
} from './policy';
import { PositionWaiters } from '../../../projections/position-waiters';

export interface PolicyStatus {
  name: string;
  kind: 'event' | 'scheduled';
  /** Last position fully handled (null for a time-driven policy: it has no place in the log). */
  position: number | null;
  state: 'catching-up' | 'live' | 'retrying' | 'stopped';
  deadLetters: DeadLetter[];
}

export interface PolicyRunnerOptions {
  retry?: RetrySettings;
  /** How often the time-driven policies run on their own; 0: only when `tick` is called. */
  tickEveryMs?: number;
  log?: (message: string) => void;
  error?: (message: string) => void;
  /**
   * How long a move over ignored events may stay unsaved (default 1 s). A projector sharing its
   * checkpoints with API processes saves every batch (0): those wait on the stored positions.
   */
  idleSaveMs?: number;
}

interface Running {
  policy: Policy;
  position: number;
  state: PolicyStatus['state'];
  /** Position last stored, and when: a move over events the policy ignores is stored at most once a second. */
  saved: number;
  savedAt: number;
}

/** Appends caused by the reaction to one event: what a request waiting for its reactions waits for next. */
interface Effect {
  trigger: number;
  appended: number;
}

const CHECKPOINT_VERSION = 1;
const IDLE_SAVE_MS = 1000;
const EFFECTS_KEPT = 1000;
export const DEFAULT_RETRY: RetrySettings = { attempts: 5, backoffMs: 100 };

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * Runs the policies off one `$all` subscription from the lowest of their durable checkpoints, and
 * the time-driven ones on a timer. A reaction that throws is retried with exponential backoff; after
 * the last try it becomes a dead letter and the checkpoint moves past it, so one poison event does
 * not stop the others. Commands are issued with ids derived from the trigger (see PolicyContext).
 */
export class PolicyRunner {
  private readonly running = new Map<string, Running>();
  private readonly scheduled = new Map<string, ScheduledPolicy>();
  private readonly letters = new Map<string, DeadLetter>();
  private subscription: Subscription | null = null;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiters = new PositionWaiters();
  private effects: Effect[] = [];
  private readonly retry: RetrySettings;
  private readonly log: (message: string) => void;
  private readonly error: (message: string) => void;
  /** Whether this process may still act for the policies (a projector's lease term): checked before each batch and the last save. */
  private mayRun: (() => Promise<boolean>) | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly checkpoints: CheckpointStore,
    private readonly deadLetters: DeadLetterStore,
    private readonly clock: Clock,
    private readonly options: PolicyRunnerOptions = {},
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.log = options.log ?? (() => undefined);
    this.error = options.error ?? ((m) => console.error(m));
  }

  /** Adds a policy; once the runner is started it joins from its checkpoint (the subscription restarts). */
  register<E extends DomainEvent>(policy: Policy<E>): Promise<void>;
  register(policy: ScheduledPolicy): Promise<void>;
  async register(policy: Policy<never> | ScheduledPolicy): Promise<void> {
    if (this.running.has(policy.name) || this.scheduled.has(policy.name)) throw new Error(`Policy ${policy.name} is registered twice`);
    if ('due' in policy) {
      this.scheduled.set(policy.name, policy);
      return;
    }
    this.running.set(policy.name, { policy: policy as unknown as Policy, position: Number.MAX_SAFE_INTEGER, state: 'catching-up', saved: 0, savedAt: 0 });
    if (!this.started) return;
    await this.stopSubscription();
    await this.prepare(this.running.get(policy.name)!);
    this.subscribe();
  }

  /** Starts, or starts again after `stop` (a projector that took the lease back). */
  async start(): Promise<void> {
    this.started = true;
    this.stopped = false;
    for (const letter of await this.deadLetters.list()) this.letters.set(letterKey(letter.policy, letter.key), letter);
    for (const running of this.running.values()) await this.prepare(running);
    this.subscribe();
    const every = this.options.tickEveryMs ?? 0;
    if (every > 0 && this.scheduled.size) {
      this.timer = setInterval(() => void this.tick().catch((e: unknown) => this.error(`Scheduled policies: ${String(e)}`)), every);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopSubscription();
    const mayRun = this.mayRun ? await this.mayRun().catch(() => false) : true;
    if (mayRun)
      for (const running of this.running.values())
        if (running.position !== running.saved && running.position !== Number.MAX_SAFE_INTEGER) await this.save(running);
    this.waiters.abandon();
  }

  /** A projector runs the policies under a lease: a process whose term ended reacts and saves no more. */
  runsWhile(check: () => Promise<boolean>): void {
    this.mayRun = check;
  }

  /** The event-driven policies, by the names of their stored checkpoints (what an API process waits on). */
  checkpointNames(): string[] {
    return [...this.running.keys()].map(checkpointName);
  }

  status(): PolicyStatus[] {
    const letters = (name: string) => [...this.letters.values()].filter((l) => l.policy === name);
    return [
      ...[...this.running.values()].map((r) => ({
        name: r.policy.name,
        kind: 'event' as const,
        position: r.position,
        state: r.state,
        deadLetters: letters(r.policy.name),
      })),
      ...[...this.scheduled.values()].map((s) => ({
        name: s.name,
        kind: 'scheduled' as const,
        position: null,
        state: 'live' as const,
        deadLetters: letters(s.name),
      })),
    ];
  }

  /** Resolves true once every policy has handled `position` (and everything before it), false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.waiters.wait(position, this.lowestPosition(), timeoutMs);
  }

  /**
   * Read-your-writes across reactions: waits until the policies have handled `position`, then the
   * positions their reactions appended, and so on; answers the last position to wait for (what the
   * projections must reach), or where it stood when `timeoutMs` ran out.
   */
  async reach(position: number, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let target = position;
    for (;;) {
      if (!(await this.waitFor(target, Math.max(0, deadline - Date.now())))) return target;
      const further = this.effects.reduce((max, e) => (e.trigger <= target && e.appended > max ? e.appended : max), target);
      if (further <= target) return target;
      target = further;
    }
  }

  /**
   * Runs the time-driven policies (all, or the one named) at the clock's time, or as of `at` (an
   * operator's run of the mail digests); answers how many items acted.
   */
  async tick(name?: string, at?: Date): Promise<number> {
    let done = 0;
    for (const policy of this.scheduled.values()) {
      if (name && policy.name !== name) continue;
      for (const item of await policy.due(at ?? this.clock.now())) {
        // A turn of the event loop before each item: with synchronous stores an item's awaits never let requests
        // in, so a tick's items ran back to back (the first digest tick of the quick bench held the thread for
        // 40-200 ms at a time over two seconds: the paced line it fell in had a p99 of 56-100 ms).
        await new Promise((resolve) => setImmediate(resolve));
        const ok = await this.attempt(policy.name, policy.retry, { key: item.key, position: null, eventType: null, streamId: null }, (ctx) => item.run(ctx), {
          correlationId: uuidv7(),
          causationId: deterministicId(policy.name, item.key),
        });
        if (ok) done++;
      }
    }
    return done;
  }

  /**
   * Runs a dead-lettered reaction again (after a fix): answers whether it succeeded, or null for an
   * unknown letter. The letter goes away on success, and when there is nothing left to do (the item
   * is no longer due, the policy is gone); a new failure replaces it.
   */
  async retryDeadLetter(name: string, key: string): Promise<boolean | null> {
    const letter = this.letters.get(letterKey(name, key));
    if (!letter) return null;
    const running = this.running.get(name);
    const scheduled = this.scheduled.get(name);
    if (running && letter.position !== null) {
      const [stored] = await this.events.readAll({ after: letter.position - 1, maxCount: 1 });
      const handler =
        stored?.id === key ? (running.policy.handles[stored.type as keyof typeof running.policy.handles] as PolicyHandler<DomainEvent> | undefined) : undefined;
      if (stored && handler) {
        const event = upcast(stored);
        const about = { key, position: event.position, eventType: event.type, streamId: event.streamId };
        return this.attempt(name, running.policy.retry, about, (ctx) => handler(event, ctx), {
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          trigger: event.position,
        });
      }
    } else if (scheduled) {
      const item = (await scheduled.due(this.clock.now())).find((i) => i.key === key);
      if (item) {
        const about = { key, position: null, eventType: null, streamId: null };
        return this.attempt(name, scheduled.retry, about, (ctx) => item.run(ctx), { correlationId: uuidv7(), causationId: deterministicId(name, key) });
      }
    }
    this.letters.delete(letterKey(name, key));
    await this.deadLetters.remove(name, key);
    return true;
  }

  private lowestPosition(): number {
    let lowest = Number.MAX_SAFE_INTEGER;
    for (const r of this.running.values()) lowest = Math.min(lowest, r.position);
    return lowest;
  }

  /** A policy without a checkpoint reacts from the head on: its first start must not re-enact history. */
  private async prepare(running: Running): Promise<void> {
    const checkpoint = await this.checkpoints.load(checkpointName(running.policy.name));
    if (checkpoint) {
      running.position = checkpoint.position;
      running.saved = checkpoint.position;
    } else {
      running.position = await this.events.headPosition();
      await this.save(running);
    }
    running.state = 'catching-up';
  }

  private subscribe(): void {
    if (this.running.size === 0 || this.stopped) return;
    this.subscription = this.events.subscribeToAll({
      after: this.lowestPosition(),
      batchSize: 500,
      onEvents: (batch) => this.apply(batch),
      onError: (error) => {
        for (const r of this.running.values()) r.state = 'stopped';
        this.error(`Policy subscription stopped: ${String(error)}`);
      },
    });
  }

  private async stopSubscription(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription) await subscription.stop();
  }

  private async apply(batch: RecordedEvent[]): Promise<void> {
    // A process whose lease was taken over reacts no more (the new holder does, from the stored checkpoint).
    if (this.stopped || (this.mayRun && !(await this.mayRun()))) return;
    const moved = new Set<Running>();
    // Saved once per batch, not per reaction: a crash replays at most the batch's reactions, and their
    // commands carry deterministic ids, so a replay can't act twice (a per-event save cost a durable
    // write per reaction and slowed a seeded start by a fifth).
    const handled = new Set<Running>();
    for (const stored of batch) {
      const event = upcast(stored);
      for (const running of this.running.values()) {
        if (event.position <= running.position) continue;
        const handler = running.policy.handles[event.type as keyof typeof running.policy.handles] as PolicyHandler<DomainEvent> | undefined;
        if (handler) {
          running.state = 'live';
          await this.attempt(
            running.policy.name,
            running.policy.retry,
            { key: event.id, position: event.position, eventType: event.type, streamId: event.streamId },
            (ctx) => handler(event, ctx),
            {
              correlationId: event.metadata.correlationId,
              causationId: event.id,
              trigger: event.position,
              onRetry: () => (running.state = 'retrying'),
            },
          );
          running.position = event.position;
          handled.add(running);
        } else {
          running.position = event.position;
          moved.add(running);
        }
      }
      this.resolveWaiters();
    }
    for (const running of handled) await this.save(running);
    // Replaying ignored events after a crash costs nothing but the read, so these saves are throttled.
    const idleSaveMs = this.options.idleSaveMs ?? IDLE_SAVE_MS;
    for (const running of moved) if (!handled.has(running) && Date.now() - running.savedAt >= idleSaveMs) await this.save(running);
    const head = await this.events.headPosition();
    for (const running of this.running.values()) if (running.state !== 'stopped') running.state = running.position >= head ? 'live' : 'catching-up';
  }

  private async save(running: Running): Promise<void> {
    const position = running.position;
    await this.checkpoints.save({ name: checkpointName(running.policy.name), position, version: CHECKPOINT_VERSION });
    running.saved = position;
    running.savedAt = Date.now();
  }

  /** Tries a reaction with backoff; answers whether it succeeded (a dead letter otherwise). */
  private async attempt(
    policy: string,
    retry: RetrySettings | undefined,
    about: Pick<DeadLetter, 'key' | 'position' | 'eventType' | 'streamId'>,
    react: (ctx: PolicyContext) => Promise<void>,
    origin: { correlationId: string; causationId: string; trigger?: number; onRetry?: () => void },
  ): Promise<boolean> {
    const { attempts, backoffMs } = retry ?? this.retry;
    for (let attempt = 1; ; attempt++) {
      const base: RequestContext = {
        userId: SYSTEM_USER_ID,
        correlationId: origin.correlationId,
        causationId: origin.causationId,
        policy,
        lastAppendedPosition: 0,
      };
      const ctx: PolicyContext = {
        policy,
        issue: async (key, work) => {
          const scope: RequestContext = { ...base, commandId: deterministicId(policy, about.key, key), lastAppendedPosition: 0 };
          try {
            return await requestContext.run(scope, work);
          } finally {
            base.lastAppendedPosition = Math.max(base.lastAppendedPosition, scope.lastAppendedPosition);
          }
        },
      };
      try {
        await requestContext.run(base, () => react(ctx));
        this.remember(origin.trigger, base.lastAppendedPosition);
        if (this.letters.has(letterKey(policy, about.key))) {
          this.letters.delete(letterKey(policy, about.key));
          await this.deadLetters.remove(policy, about.key);
        }
        return true;
      } catch (error) {
        this.remember(origin.trigger, base.lastAppendedPosition);
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= attempts) {
          const letter: DeadLetter = { policy, ...about, error: message, attempts: attempt, at: this.clock.now().toISOString() };
          await this.deadLetters.put(letter);
          this.letters.set(letterKey(policy, about.key), letter);
          this.error(`Policy ${policy} gave up on ${about.eventType ?? 'item'} ${about.key} after ${attempt} tries: ${message}`);
          return false;
        }
        origin.onRetry?.();
        this.log(`Policy ${policy}: try ${attempt} on ${about.key} failed (${message}); retrying`);
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private remember(trigger: number | undefined, appended: number): void {
    if (trigger === undefined || appended <= trigger) return;
    this.effects.push({ trigger, appended });
    if (this.effects.length > EFFECTS_KEPT) this.effects.splice(0, this.effects.length - EFFECTS_KEPT);
  }

  private resolveWaiters(): void {
    this.waiters.release(this.lowestPosition());
  }
}

export const checkpointName = (policy: string) => `policy:${policy}`;
const letterKey = (policy: string, key: string) => `${policy}\u0000${key}`;
