import { Inject, Injectable } from '@nestjs/common';
import { type DomainEvent, type EventMetadata, type NewEvent, currentSchemaVersion, upcast, uuidv7 } from '../../../events';
import { Clock } from '../clock/clock';
import { type EventStore, WrongExpectedRevisionError } from '../event-store/event-store.port';
import { requestContext } from '../http/request-context';
import { EVENT_STORE } from '../tokens';
import { type Decider, DomainError } from './decider';

export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last event appended (0 when the decision appended nothing). */
  position: number;
  /** Stream revision after the command: what an `If-Match` should carry next time. */
  revision: number;
}

export interface RunOptions {
  /** Who acts, when not inside a request (seed, policies). */
  userId?: string | null;
  correlationId?: string;
  causationId?: string;
  /** Optimistic concurrency from the client (`If-Match` / `version`): the revision it last saw. */
  expectedRevision?: number;
  /**
   * A deterministic id (policies derive it from their trigger; the request context carries it too):
   * the command acts at most once per stream, whatever the retries and replays.
   */
  commandId?: string;
}

/** Raised after the bounded retries on concurrent writes are exhausted; answered as 409. */
export class ConcurrencyError extends DomainError {
  override readonly name = 'ConcurrencyError';
  constructor(streamId: string) {
    super(`The record ${streamId} was changed by someone else; reload and try again.`, 409);
  }
}

const MAX_ATTEMPTS = 4;

/** Folded states kept between commands; a stream's entry is refreshed from the events after it. */
const STATE_CACHE_SIZE = 5000;

interface CachedState {
  revision: number;
  state: unknown;
}

/**
 * Least-recently-used folded states per decider and stream. Never trusted blindly, so it is correct
 * with several processes writing: an append made on a cached state carries its revision as the
 * expected one, and any other answer is given only after the store showed no newer event. It saves
 * re-reading and re-folding the stream on every command. Requires `evolve` to leave its input
 * untouched (the Given/When/Then specs fold frozen states to enforce it).
 */
class StateCache {
  private readonly entries = new Map<string, CachedState>();
  private readonly deciderIds = new WeakMap<object, number>();
  private nextDeciderId = 1;

  constructor(private readonly capacity: number) {}

  key(decider: object, streamId: string): string {
    let id = this.deciderIds.get(decider);
    if (id === undefined) this.deciderIds.set(decider, (id = this.nextDeciderId++));
    return `${id}:${streamId}`;
  }

  get(key: string): CachedState | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedState): void {
    const current = this.entries.get(key);
    // A slower concurrent command must not put back an older state.
    if (current && current.revision > entry.revision) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/**
 * The one generic command handler: load the stream, fold it with `evolve`, `decide`, append with
 * the revision read as expected revision. A concurrent writer makes the append fail; the whole
 * decision is retried on the fresh state a bounded number of times, then the caller gets a 409.
 */
@Injectable()
export class CommandRunner {
  private readonly states = new StateCache(STATE_CACHE_SIZE);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async run<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command | ((state: State) => Command),
    options: RunOptions = {},
  ): Promise<CommandResult<Event>> {
    const commandId = options.commandId ?? requestContext.current()?.commandId;
    if (commandId) return this.runOnce(decider, streamId, command, commandId, options);
    const key = this.states.key(decider, streamId);
    // The first attempt decides on the cached fold without reading the store: an append is checked
    // by its expected revision anyway. An answer that appends nothing (a no-op, a refusal, a stale
    // If-Match) is only given once the store confirmed the cached state is current.
    let verified = false;
    for (let attempt = 1; ; attempt++) {
      const cached = verified ? undefined : this.states.get(key);
      const { state, revision } = cached ? { state: cached.state as State, revision: cached.revision } : await this.load(decider, streamId, key);
      const stale = async () => !!cached && (await this.store.readStream(streamId, { fromRevision: revision + 1, maxCount: 1 })).length > 0;
      if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
        if (await stale()) {
          verified = true;
          continue;
        }
        throw new ConcurrencyError(streamId);
      }
      let events: Event[];
      try {
        const resolved = typeof command === 'function' ? (command as (s: State) => Command)(state) : command;
        events = decider.decide(resolved, state);
      } catch (error) {
        if (await stale()) {
          verified = true;
          continue;
        }
        throw error;
      }
      if (events.length === 0) {
        if (await stale()) {
          verified = true;
          continue;
        }
        return { events, position: 0, revision };
      }
      try {
        const result = await this.store.appendToStream(streamId, this.toNewEvents(events, options), {
          expectedRevision: revision < 0 ? 'no_stream' : revision,
        });
        requestContext.recordAppend(result.position);
        this.states.set(key, { revision: result.nextExpectedRevision, state: events.reduce(decider.evolve, state) });
        return { events, position: result.position, revision: result.nextExpectedRevision };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        verified = true;
        if (options.expectedRevision !== undefined || attempt >= MAX_ATTEMPTS) throw new ConcurrencyError(streamId);
      }
    }
  }

  /**
   * What the command would decide now, without appending: the events and the state they lead to.
   * For a request spanning two streams, to check the second's rule on the first's outcome before
   * either is written.
   */
  async preview<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command,
  ): Promise<{ events: Event[]; state: State; revision: number }> {
    const { state, revision } = await this.load(decider, streamId, this.states.key(decider, streamId));
    const events = decider.decide(command, state);
    return { events, state: events.reduce(decider.evolve, state), revision };
  }

  /**
   * A stream's current state, read and folded from the store (not the read models), for a decision on
   * another stream that depends on it (the workflow's submission asks the speach's own rules).
   */
  async state<State, Event extends DomainEvent>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, streamId: string): Promise<State> {
    return (await this.load(decider, streamId, this.states.key(decider, streamId))).state;
  }

  /**
   * A command with an id: refused (answered as done, appending nothing) when an event of the stream
   * already carries the id. The check and the fold come from one read, and the append expects that
   * read's revision, so two concurrent runs of the same command cannot both append.
   */
  private async runOnce<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command | ((state: State) => Command),
    commandId: string,
    options: RunOptions,
  ): Promise<CommandResult<Event>> {
    for (let attempt = 1; ; attempt++) {
      const stored = await this.store.readStream(streamId);
      const revision = stored.length ? stored[stored.length - 1].revision : -1;
      const done = stored.filter((e) => e.metadata.commandId === commandId);
      if (done.length) return { events: [], position: done[done.length - 1].position, revision };
      if (options.expectedRevision !== undefined && options.expectedRevision !== revision) throw new ConcurrencyError(streamId);
      const state = stored.map((e) => upcast(e) as unknown as Event).reduce(decider.evolve, decider.initialState());
      const resolved = typeof command === 'function' ? (command as (s: State) => Command)(state) : command;
      const events = decider.decide(resolved, state);
      if (events.length === 0) return { events, position: 0, revision };
      try {
        const result = await this.store.appendToStream(streamId, this.toNewEvents(events, { ...options, commandId }), {
          expectedRevision: revision < 0 ? 'no_stream' : revision,
        });
        requestContext.recordAppend(result.position);
        this.states.set(this.states.key(decider, streamId), { revision: result.nextExpectedRevision, state: events.reduce(decider.evolve, state) });
        return { events, position: result.position, revision: result.nextExpectedRevision };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (options.expectedRevision !== undefined || attempt >= MAX_ATTEMPTS) throw new ConcurrencyError(streamId);
      }
    }
  }

  /** The stream's state: the cached fold plus the events appended since, or a full fold. */
  private async load<State, Event extends DomainEvent>(
    decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
    streamId: string,
    key: string,
  ): Promise<{ state: State; revision: number }> {
    const cached = this.states.get(key);
    const fromRevision = cached ? cached.revision + 1 : 0;
    const stored = await this.store.readStream(streamId, fromRevision > 0 ? { fromRevision } : undefined);
    const base = cached ? (cached.state as State) : decider.initialState();
    const revision = stored.length ? stored[stored.length - 1].revision : cached ? cached.revision : -1;
    const state = stored.length ? stored.map((e) => upcast(e) as unknown as Event).reduce(decider.evolve, base) : base;
    if (stored.length) this.states.set(key, { revision, state });
    return { state, revision };
  }

  /** Appends events decided elsewhere (a reservation stream, an import) with the same metadata rules. */
  async append<Event extends DomainEvent>(
    streamId: string,
    events: Event[],
    expectedRevision: 'no_stream' | 'any' | number,
    options: RunOptions = {},
  ): Promise<CommandResult<Event>> {
    const result = await this.store.appendToStream(streamId, this.toNewEvents(events, options), { expectedRevision });
    requestContext.recordAppend(result.position);
    return { events, position: result.position, revision: result.nextExpectedRevision };
  }

  now(): Date {
    return this.clock.now();
  }

  private toNewEvents<Event extends DomainEvent>(events: Event[], options: RunOptions): NewEvent[] {
    const context = requestContext.current();
    const time = this.clock.now();
    const correlationId = options.correlationId ?? context?.correlationId ?? uuidv7();
    const commandId = options.commandId ?? context?.commandId;
    const metadata: EventMetadata = {
      userId: options.userId !== undefined ? options.userId : (context?.userId ?? null),
      correlationId,
      causationId: options.causationId ?? context?.causationId ?? correlationId,
      ...(commandId ? { commandId } : {}),
      ...(context?.policy ? { policy: context.policy } : {}),
    };
    return events.map((event) => ({
      id: uuidv7(), // ids follow insertion order (fast inserts) even when the clock is moved
      type: event.type,
      data: event.data,
      schemaVersion: currentSchemaVersion(event.type),
      metadata,
      time: time.toISOString(),
    }));
  }
}
