import { type RecordedEvent, upcast } from '../events';
import type { EventStore, Subscription } from '../backend/infrastructure/event-store/event-store.port';
import type { Checkpoint } from '../backend/infrastructure/checkpoints/checkpoint-store.port';
import type { ReadStore, RebuildBeside } from '../backend/infrastructure/read-store/read-store.port';
import type { ProjectedDocument, ProjectionDefinition } from './projection';
import { DocumentCache, LIVE_CAPACITY } from './document-cache';
import { PositionWaiters } from './position-waiters';
import { UnitOfWork } from './unit-of-work';

export interface ProjectionStatus {
  name: string;
  version: number;
  position: number;
  state: 'catching-up' | 'live' | 'failed';
  error?: { message: string; position: number; eventType: string };
  /** Being built beside the tables that serve reads (its position is the build's). */
  rebuilding?: boolean;
}

/** A projection built into fresh tables while its current ones keep serving. */
interface Build {
  beside: RebuildBeside;
  status: ProjectionStatus;
}

type Failure = NonNullable<ProjectionStatus['error']>;

/** One projection's share of a batch, applied in its unit of work and not stored yet. */
interface Projected {
  projection: ProjectionDefinition;
  status: ProjectionStatus;
  events: RecordedEvent[];
  store: ReadStore;
  work: UnitOfWork;
  /** The last position applied (the checkpoint to store with the writes). */
  applied: number;
  /** The event its handler failed on, if any: the writes before it are kept. */
  failed?: Failure;
  /** Whether any event of the batch had a handler: a batch it ignored wholly writes nothing, only its checkpoint. */
  handled: boolean;
}

export interface ProjectionRunnerOptions {
  /**
   * How long a move over events a projection ignores may stay unsaved (default 1 s): a live batch of one
   * command's event is ignored by most projections, and their checkpoint rows were most of its commit.
   * A restart replays what was not saved, which costs the read only. A projector whose checkpoints API
   * processes wait on saves every batch (0).
   */
  idleSaveMs?: number;
}

interface Logger {
  log(message: string): void;
  error(message: string): void;
}

/**
 * Runs every projection from its checkpoint off one `$all` subscription (one read serves all of
 * them). Each batch is applied per projection in a unit of work and committed with its checkpoint in
 * one store call (one transaction on SQLite): exactly once. A projection whose handler throws stops
 * alone, keeps what it applied before the failing event, and reports the event's position; the
 * others go on. Where the store can, a new version or a rebuild is built into fresh tables while the
 * current ones serve, and switched to once it has caught up with the head.
 */
/**
 * Where a projection stopped on an error, beside the checkpoints: processes that only read the stored
 * checkpoints (APP_ROLE=api) must not wait for a projection that will not move until it is fixed.
 * Position 0: not stopped.
 */
export const stoppedMarker = (projection: string) => `stopped:${projection}`;

export type CommitListener = (collection: string, writes: Map<string, ProjectedDocument | null> | 'cleared') => void;

/** Wraps the application of each batch (timing, tracing): it must call `apply` exactly once. */
export type BatchObserver = (events: RecordedEvent[], apply: () => Promise<void>) => Promise<void>;

export class ProjectionRunner {
  private readonly statuses = new Map<string, ProjectionStatus>();
  private subscription: Subscription | null = null;
  private readonly waiters = new PositionWaiters();
  private running = false;
  private readonly commitListeners: CommitListener[] = [];
  private batchObserver: BatchObserver = (_events, apply) => apply();
  private readonly builds = new Map<string, Build>();
  private buildWaiters: ((switched: boolean) => void)[] = [];
  /** Per store (the serving one, a build beside it): what the projections last committed there. */
  private caches = new WeakMap<ReadStore, DocumentCache>();
  /** Projections filling their serving tables from empty: their indexes are created once they catch up. */
  private readonly filling = new Set<string>();
  /** Serialises batches, rebuild resets and `exclusive` work (read-model snapshots). */
  private lock: Promise<unknown> = Promise.resolve();
  private readonly idleSaveMs: number;
  /** Per serving projection: the position its stored checkpoint holds, and when it was stored. */
  private readonly saved = new Map<string, { position: number; at: number }>();

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: ProjectionDefinition[],
    private readonly logger: Logger = { log: () => undefined, error: (m) => console.error(m) },
    options: ProjectionRunnerOptions = {},
  ) {
    this.idleSaveMs = options.idleSaveMs ?? 1000;
  }

  /**
   * Follows every write the projections store, and 'cleared' when a collection's content changes wholesale (a
   * projection rebuilt in place, or a rebuilt version switched in for frozen tables).
   */
  onCommitted(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  observeBatches(observer: BatchObserver): void {
    this.batchObserver = observer;
  }

  /** Starts from the stored checkpoints; again after `stop` too (a projector that took its lease back). */
  async start(): Promise<void> {
    // Another process may have written since this one last ran: what it remembers is stale.
    this.caches = new WeakMap();
    this.builds.clear();
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
    return this.waiters.wait(position, this.lowestRunningPosition(), timeoutMs);
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

  /**
   * Resolves true once no projection is being built beside its serving tables (every rebuild has
   * switched over), or false after `timeoutMs`.
   */
  rebuilt(timeoutMs = 1_800_000): Promise<boolean> {
    if (this.builds.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.buildWaiters = this.buildWaiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = (switched: boolean) => {
        clearTimeout(timer);
        resolve(switched);
      };
      this.buildWaiters.push(done);
    });
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
      for (const projection of targets) {
        if (this.readStore.rebuildBeside) await this.buildBeside(projection, true);
        else await this.reset(projection);
      }
    });
    this.subscribe();
  }

  async stop(): Promise<void> {
    await this.stopSubscription();
    await this.exclusive(() => this.saveIdleMoves());
    this.waiters.abandon();
    for (const resolve of this.buildWaiters) resolve(false);
    this.buildWaiters = [];
  }

  private async prepare(projection: ProjectionDefinition): Promise<void> {
    this.saved.delete(projection.name);
    const checkpoint = await this.readStore.checkpoints.load(projection.name);
    // A start tries a stopped projection again: waiters wait for it until it stops anew.
    await this.clearStopped(projection);
    for (const collection of projection.collections) {
      for (const index of collection.indexes ?? []) await this.readStore.collection(collection.name).createIndex(index);
    }
    if (checkpoint && checkpoint.version !== projection.version && this.readStore.rebuildBeside) {
      this.logger.log(`Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding beside the current tables`);
      await this.buildBeside(projection, false);
      return;
    }
    if (!checkpoint || checkpoint.version !== projection.version) {
      if (checkpoint) this.logger.log(`Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding`);
      await this.reset(projection);
      return;
    }
    // A fill from empty that stopped before catching up (this process's earlier run) left its indexes to make.
    this.filling.delete(projection.name);
    this.readStore.indexNow?.(projection.collections.map((c) => c.name));
    this.statuses.set(projection.name, { name: projection.name, version: projection.version, position: checkpoint.position, state: 'catching-up' });
  }

  private async reset(projection: ProjectionDefinition): Promise<void> {
    const names = projection.collections.map((c) => c.name);
    this.caches.get(this.readStore)?.forget(names);
    for (const collection of projection.collections) {
      await this.readStore.collection(collection.name).clear();
      for (const listener of this.commitListeners) listener(collection.name, 'cleared');
    }
    await this.readStore.checkpoints.save({ name: projection.name, position: 0, version: projection.version });
    this.saved.delete(projection.name);
    this.cacheOf(this.readStore).fillingFromEmpty(names);
    this.readStore.deferIndexes?.(names);
    this.filling.add(projection.name);
    this.statuses.set(projection.name, { name: projection.name, version: projection.version, position: 0, state: 'catching-up' });
  }

  /**
   * Starts (or resumes) a build in fresh tables. A projection whose serving tables can still follow
   * the log (same version, not failed) keeps doing so; otherwise its status is the build's.
   */
  private async buildBeside(projection: ProjectionDefinition, fresh: boolean): Promise<void> {
    const beside = await this.readStore.rebuildBeside!(
      projection.name,
      projection.version,
      projection.collections.map((c) => c.name),
      fresh,
    );
    // A build resumed in another store object starts without a cache of its own.
    this.caches.get(beside.store)?.clear();
    const names = projection.collections.map((c) => c.name);
    if (beside.position === 0) {
      // Fresh tables (a commit always moves the checkpoint past 0): what the build did not write is absent.
      this.cacheOf(beside.store).fillingFromEmpty(names);
      beside.store.deferIndexes?.(names);
    } else beside.store.indexNow?.(names);
    const status: ProjectionStatus = { name: projection.name, version: projection.version, position: beside.position, state: 'catching-up', rebuilding: true };
    this.builds.set(projection.name, { beside, status });
    const live = this.statuses.get(projection.name);
    if (!live || live.state === 'failed' || live.version !== projection.version || live.rebuilding) this.statuses.set(projection.name, status);
  }

  private subscribe(): void {
    const running = [...this.statuses.values(), ...[...this.builds.values()].map((b) => b.status)].filter((s) => s.state !== 'failed');
    const after = running.length ? Math.min(...running.map((s) => s.position)) : Number.MAX_SAFE_INTEGER;
    this.running = true;
    this.subscription = this.events.subscribeToAll({
      after: Number.isFinite(after) ? after : 0,
      // Larger batches coalesce more writes per document and commit less often: a quick-set rebuild
      // ran about a third faster at 10k than at 2k events (bench/ docs/performance.md). Live batches stay small.
      batchSize: 10_000,
      onEvents: (batch) => this.exclusive(() => this.batchObserver(batch, () => this.apply(batch))),
      onError: (error) => this.logger.error(`Projection subscription stopped: ${String(error)}`),
    });
  }

  /** Stores the checkpoints of the projections that moved over ignored events since their last save. */
  private async saveIdleMoves(): Promise<void> {
    for (const status of this.statuses.values()) {
      const saved = this.saved.get(status.name);
      if (!saved || status.state === 'failed' || status.rebuilding || saved.position >= status.position) continue;
      await this.readStore.checkpoints.save({ name: status.name, position: status.position, version: status.version });
      this.saved.set(status.name, { position: status.position, at: Date.now() });
    }
  }

  private async stopSubscription(): Promise<void> {
    this.running = false;
    await this.subscription?.stop();
    this.subscription = null;
  }

  private async apply(batch: RecordedEvent[]): Promise<void> {
    if (!this.running) return;
    const events = batch.map((e) => upcast(e));
    const serving: Projected[] = [];
    for (const projection of this.projections) {
      const status = this.statuses.get(projection.name);
      const build = this.builds.get(projection.name);
      if (status && status.state !== 'failed' && status !== build?.status) serving.push(await this.project(projection, status, events, this.readStore));
      if (build && build.status.state !== 'failed') await this.settle(await this.project(projection, build.status, events, build.beside.store));
    }
    await this.settleTogether(serving);
    const head = await this.events.headPosition();
    for (const status of this.statuses.values()) {
      if (status.state !== 'failed') status.state = status.position >= head ? 'live' : 'catching-up';
      if (status.state === 'live' && this.filling.delete(status.name)) {
        this.indexNow(status.name, this.readStore);
        if (this.filling.size === 0) this.cacheOf(this.readStore).shrinkTo(LIVE_CAPACITY);
      }
    }
    await this.switchCaughtUpBuilds(head);
    this.releaseWaiters();
  }

  private async switchCaughtUpBuilds(head: number): Promise<void> {
    for (const [name, build] of this.builds) {
      if (build.status.state === 'failed' || build.status.position < head) continue;
      const { status } = build;
      const frozen = this.statuses.get(name) === status;
      this.indexNow(name, build.beside.store);
      await build.beside.switchOver({ name, position: status.position, version: status.version });
      // The serving store now answers from the built tables: what was cached of the old ones is stale.
      this.caches.get(this.readStore)?.forget(this.projections.find((p) => p.name === name)?.collections.map((c) => c.name) ?? []);
      this.builds.delete(name);
      this.saved.delete(name);
      this.statuses.set(name, { name, version: status.version, position: status.position, state: 'live' });
      await this.clearStopped({ name, version: status.version });
      this.logger.log(`Projection ${name}: rebuilt v${status.version} now serves reads`);
      // Followers saw the live tables' writes; where those tables were frozen, their content changed wholesale:
      // 'cleared' tells them to read again what they need. Never the whole content: a projection's collections
      // hold millions of documents at full size (a `find({})` of them would parse every one on the thread at the switch).
      if (frozen) {
        for (const collection of this.projections.find((p) => p.name === name)?.collections ?? []) {
          for (const listener of this.commitListeners) listener(collection.name, 'cleared');
        }
      }
    }
    if (this.builds.size === 0) {
      for (const resolve of this.buildWaiters) resolve(true);
      this.buildWaiters = [];
    }
  }

  /** Applies the batch to one projection in a unit of work, stopping at the first event its handler fails on; stores nothing. */
  private async project(projection: ProjectionDefinition, status: ProjectionStatus, events: RecordedEvent[], store: ReadStore): Promise<Projected> {
    const live = store === this.readStore;
    const cache = this.cacheOf(store);
    const work = new UnitOfWork(
      store,
      (collection, writes) => {
        if (live) for (const listener of this.commitListeners) listener(collection, writes);
      },
      cache,
    );
    let failed: Failure | undefined;
    let applied = status.position;
    let handled = false;
    for (const event of events) {
      if (event.position <= status.position) continue;
      const handler = projection.handlers[event.type];
      if (handler) {
        handled = true;
        try {
          work.applying(event);
          await handler(event, work);
        } catch (error) {
          work.discardEvent();
          failed = { message: messageOf(error), position: event.position, eventType: event.type };
          break;
        }
      }
      applied = event.position;
    }
    return { projection, status, events, store, work, applied, failed, handled };
  }

  /**
   * The serving tables' share of a batch: every projection's writes and checkpoint in one transaction
   * where the store can (a live batch of one command's event was one transaction per projection: most
   * of a durable command's cost). Each projection reads only its own collections, so committing them
   * together changes no answer. If the shared transaction fails, nothing of it is stored and each
   * projection commits alone: only the one whose writes fail stops.
   */
  private async settleTogether(batches: Projected[]): Promise<void> {
    const now = Date.now();
    for (const b of batches) {
      const saved = this.saved.get(b.projection.name);
      // Nothing to write and its checkpoint stored lately: the move stays in memory until a save is due.
      if (!b.handled && saved && now - saved.at < this.idleSaveMs) b.status.position = b.applied;
    }
    const moved = batches.filter((b) => b.applied !== b.status.position);
    if (moved.length > 1 && this.readStore.commitAll) {
      try {
        await this.readStore.commitAll(moved.map((b) => ({ writes: b.work.writes(), checkpoint: this.checkpointOf(b) })));
        for (const b of moved) {
          b.work.committed();
          b.status.position = b.applied;
          this.saved.set(b.projection.name, { position: b.applied, at: now });
        }
        for (const b of batches) await this.reportFailure(b, b.failed);
        return;
      } catch (error) {
        if (isLeaseLost(error)) {
          for (const b of moved) b.work.failed();
          this.stopOnLostLease(moved[0].projection, error);
          return;
        }
      }
    }
    for (const b of batches) {
      await this.settle(b);
      if (!this.running) return;
    }
  }

  /** Commits one projection's share of the batch with its checkpoint, and reports where it stopped. */
  private async settle(b: Projected): Promise<void> {
    let failed = b.failed;
    if (b.applied !== b.status.position) {
      try {
        await b.store.commit(b.work.writes(), this.checkpointOf(b));
        b.work.committed();
        b.status.position = b.applied;
        if (b.store === this.readStore) this.saved.set(b.projection.name, { position: b.applied, at: Date.now() });
      } catch (error) {
        b.work.failed();
        if (isLeaseLost(error)) {
          this.stopOnLostLease(b.projection, error);
          return;
        }
        // Nothing of the batch is stored (writes and checkpoint are one transaction): it stops here.
        const first = b.events.find((e) => e.position > b.status.position)!;
        failed = { message: messageOf(error), position: first.position, eventType: first.type };
      }
    }
    await this.reportFailure(b, failed);
  }

  private checkpointOf(b: Projected): Checkpoint {
    return { name: b.projection.name, position: b.applied, version: b.projection.version };
  }

  /** Another process took this projector's work over: it applies the batch; this one stops applying. */
  private stopOnLostLease(projection: ProjectionDefinition, error: unknown): void {
    this.running = false;
    this.logger.error(`Projection ${projection.name}: ${messageOf(error)}; not applying any further batch`);
  }

  private async reportFailure(b: Projected, failed: Failure | undefined): Promise<void> {
    if (!failed) return;
    const live = b.store === this.readStore;
    b.status.state = 'failed';
    b.status.error = failed;
    if (live) await this.readStore.checkpoints.save({ name: stoppedMarker(b.projection.name), position: failed.position, version: b.projection.version });
    this.logger.error(
      `Projection ${b.projection.name}${live ? '' : ' (rebuild)'} failed at position ${failed.position} (${failed.eventType}): ${failed.message}`,
    );
  }

  /** A fill from empty caught up: its indexes are made, and its lookups go to the store again. */
  private indexNow(name: string, store: ReadStore): void {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) return;
    const names = projection.collections.map((c) => c.name);
    store.indexNow?.(names);
    this.caches.get(store)?.filled(names);
  }

  private cacheOf(store: ReadStore): DocumentCache {
    let cache = this.caches.get(store);
    if (!cache) this.caches.set(store, (cache = new DocumentCache()));
    return cache;
  }

  private async clearStopped(projection: { name: string; version: number }): Promise<void> {
    const marker = await this.readStore.checkpoints.load(stoppedMarker(projection.name));
    if (marker && marker.position > 0) await this.readStore.checkpoints.save({ name: marker.name, position: 0, version: projection.version });
  }

  private lowestRunningPosition(): number {
    let lowest = Number.MAX_SAFE_INTEGER;
    for (const status of this.statuses.values()) if (status.state !== 'failed' && !status.rebuilding) lowest = Math.min(lowest, status.position);
    return lowest;
  }

  private releaseWaiters(): void {
    this.waiters.release(this.lowestRunningPosition());
  }
}

/** The store's fencing refused the commit (by name: the runner does not depend on the lease adapters). */
function isLeaseLost(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'LeaseLostError';
}

/** An error's message, also for errors of another realm (a native module's under jest fail `instanceof Error`). */
function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return String(error);
}
