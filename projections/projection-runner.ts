import { type RecordedEvent, upcast } from '../events';
import type { CheckpointStore } from '../backend/infrastructure/checkpoints/checkpoint-store.port';
import type { EventStore, Subscription } from '../backend/infrastructure/event-store/event-store.port';
import type { ReadStore } from '../backend/infrastructure/read-store/read-store.port';
import type { ProjectedDocument, ProjectionDefinition } from './projection';
import { UnitOfWork } from './unit-of-work';

export interface ProjectionStatus {
  name: string;
  version: number;
  position: number;
  state: 'catching-up' | 'live' | 'failed';
  error?: { message: string; position: number; eventType: string };
}

interface Logger {
  log(message: string): void;
  error(message: string): void;
}

interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs every projection from its checkpoint off one `$all` subscription (one read serves all of
 * them). Each batch is applied per projection in a unit of work and stored with its checkpoint.
 * A projection whose handler throws stops alone, keeps what it applied before the failing event,
 * and reports the event's position; the others go on.
 */
export type CommitListener = (collection: string, writes: Map<string, ProjectedDocument | null> | 'cleared') => void;

export class ProjectionRunner {
  private readonly statuses = new Map<string, ProjectionStatus>();
  private subscription: Subscription | null = null;
  private waiters: Waiter[] = [];
  private running = false;
  private readonly commitListeners: CommitListener[] = [];
  /** Serialises batches, rebuild resets and `exclusive` work (read-model snapshots). */
  private lock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly checkpoints: CheckpointStore,
    private readonly projections: ProjectionDefinition[],
    private readonly logger: Logger = { log: () => undefined, error: (m) => console.error(m) },
  ) {}

  /** Follows every write the projections store, and the clearing of a collection when a projection is rebuilt. */
  onCommitted(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  async start(): Promise<void> {
    for (const projection of this.projections) await this.prepare(projection);
    this.subscribe();
  }

  /** Resolves once every projection has caught up with the store's head position at call time. */
  async catchUp(timeoutMs = 600_000): Promise<boolean> {
    return this.waitFor(await this.events.headPosition(), timeoutMs);
  }

  /**
   * Read-your-writes: resolves true once every running projection has applied `position`, or
   * false after `timeoutMs`. Failed projections are not waited for (their lag is in /api/health).
   */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.lowestRunningPosition() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /**
   * Runs `work` between two batches: while it runs no projection writes, so the read models and the
   * statuses' positions describe the same point (a read-model snapshot's cut).
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const run = this.lock.then(() => work());
    this.lock = run.catch(() => undefined);
    return run;
  }

  status(): ProjectionStatus[] {
    return [...this.statuses.values()].map((s) => ({ ...s }));
  }

  /** Rebuilds one projection (or all) from position 0 while the others keep serving. */
  async rebuild(name?: string): Promise<void> {
    const targets = this.projections.filter((p) => !name || p.name === name);
    if (name && targets.length === 0) throw new Error(`Unknown projection ${name}`);
    await this.stopSubscription();
    await this.exclusive(async () => {
      for (const projection of targets) await this.reset(projection);
    });
    this.subscribe();
  }

  async stop(): Promise<void> {
    await this.stopSubscription();
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiters = [];
  }

  private async prepare(projection: ProjectionDefinition): Promise<void> {
    const checkpoint = await this.checkpoints.load(projection.name);
    for (const collection of projection.collections) {
      for (const index of collection.indexes ?? []) await this.readStore.collection(collection.name).createIndex(index);
    }
    if (!checkpoint || checkpoint.version !== projection.version) {
      if (checkpoint) this.logger.log(`Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding`);
      await this.reset(projection);
      return;
    }
    this.statuses.set(projection.name, { name: projection.name, version: projection.version, position: checkpoint.position, state: 'catching-up' });
  }

  private async reset(projection: ProjectionDefinition): Promise<void> {
    for (const collection of projection.collections) {
      await this.readStore.collection(collection.name).clear();
      for (const listener of this.commitListeners) listener(collection.name, 'cleared');
    }
    await this.checkpoints.save({ name: projection.name, position: 0, version: projection.version });
    this.statuses.set(projection.name, { name: projection.name, version: projection.version, position: 0, state: 'catching-up' });
  }

  private subscribe(): void {
    const running = [...this.statuses.values()].filter((s) => s.state !== 'failed');
    const after = running.length ? Math.min(...running.map((s) => s.position)) : Number.MAX_SAFE_INTEGER;
    this.running = true;
    this.subscription = this.events.subscribeToAll({
      after: Number.isFinite(after) ? after : 0,
      batchSize: 2000,
      onEvents: (batch) => this.exclusive(() => this.apply(batch)),
      onError: (error) => this.logger.error(`Projection subscription stopped: ${String(error)}`),
    });
  }

  private async stopSubscription(): Promise<void> {
    this.running = false;
    await this.subscription?.stop();
    this.subscription = null;
  }

  private async apply(batch: RecordedEvent[]): Promise<void> {
    if (!this.running) return;
    const events = batch.map((e) => upcast(e));
    for (const projection of this.projections) {
      const status = this.statuses.get(projection.name);
      if (!status || status.state === 'failed') continue;
      await this.applyTo(projection, status, events);
    }
    const head = await this.events.headPosition();
    for (const status of this.statuses.values()) {
      if (status.state !== 'failed') status.state = status.position >= head ? 'live' : 'catching-up';
    }
    this.releaseWaiters();
  }

  private async applyTo(projection: ProjectionDefinition, status: ProjectionStatus, events: RecordedEvent[]): Promise<void> {
    const work = new UnitOfWork(this.readStore, (collection, writes) => {
      for (const listener of this.commitListeners) listener(collection, writes);
    });
    let applied = status.position;
    for (const event of events) {
      if (event.position <= status.position) continue;
      const handler = projection.handlers[event.type];
      if (handler) {
        try {
          work.applying(event);
          await handler(event, work);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          status.state = 'failed';
          status.error = { message, position: event.position, eventType: event.type };
          this.logger.error(`Projection ${projection.name} failed at position ${event.position} (${event.type}): ${message}`);
          break;
        }
      }
      applied = event.position;
    }
    await work.commit();
    if (applied !== status.position) {
      status.position = applied;
      await this.checkpoints.save({ name: projection.name, position: applied, version: projection.version });
    }
  }

  private lowestRunningPosition(): number {
    let lowest = Number.MAX_SAFE_INTEGER;
    for (const status of this.statuses.values()) if (status.state !== 'failed') lowest = Math.min(lowest, status.position);
    return lowest;
  }

  private releaseWaiters(): void {
    const reached = this.lowestRunningPosition();
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= reached) {
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      } else still.push(waiter);
    }
    this.waiters = still;
  }
}
