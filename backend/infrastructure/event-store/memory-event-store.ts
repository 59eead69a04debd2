import type { NewEvent, RecordedEvent } from '../../../events';
import { InProcessAppendSignal, catchUpSubscription } from './catch-up-subscription';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { checkExpectedRevision } from './expected-revision';
import { type ChainLink, GENESIS_HASH, chainHash } from './hash-chain';

/** For tests: the whole log in an array. Same contract as the durable adapters. */
export class MemoryEventStore implements EventStore {
  readonly adapter = 'memory' as const;
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly ids = new Set<string>();
  /** The tamper-evidence chain, one link per event of the log, in the same order. */
  private readonly chain: ChainLink[] = [];
  private readonly signal = new InProcessAppendSignal();

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length ? stream.length - 1 : -1;
    checkExpectedRevision(streamId, options.expectedRevision, current);
    const recorded = events.map((event, index) => ({
      ...structuredClone(event),
      streamId,
      revision: current + 1 + index,
      position: this.log.length + 1 + index,
    }));
    for (const event of recorded) {
      if (this.ids.has(event.id)) throw new Error(`Duplicate event id ${event.id}`);
    }
    if (recorded.length === 0) {
      return { nextExpectedRevision: current, position: this.log.length, events: [] };
    }
    let previousHash = this.chain.length ? this.chain[this.chain.length - 1].hash! : GENESIS_HASH;
    for (const event of recorded) {
      this.log.push(event);
      stream.push(event);
      this.ids.add(event.id);
      const link: Omit<ChainLink, 'hash'> = {
        position: event.position,
        eventId: event.id,
        streamId,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        time: event.time,
      };
      previousHash = chainHash(previousHash, link);
      this.chain.push({ ...link, hash: previousHash });
    }
    this.streams.set(streamId, stream);
    this.signal.notify();
    const last = recorded[recorded.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position, events: recorded };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    const stream = this.streams.get(streamId) ?? [];
    return stream.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount).map((e) => structuredClone(e));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const end = options.maxCount === undefined ? undefined : after + options.maxCount;
    return this.log.slice(after, end).map((e) => structuredClone(e));
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return catchUpSubscription((after, maxCount) => this.readAll({ after, maxCount }), this.signal, options);
  }

  async readChain(options: ReadAllOptions = {}): Promise<ChainLink[]> {
    const after = options.after ?? 0;
    return this.chain.slice(after, options.maxCount === undefined ? undefined : after + options.maxCount).map((link) => ({ ...link }));
  }

  async headPosition(): Promise<number> {
    return this.log.length;
  }

  async countExisting(eventIds: string[]): Promise<number> {
    return eventIds.filter((id) => this.ids.has(id)).length;
  }

  async close(): Promise<void> {
    this.signal.notify();
  }
}

export { WrongExpectedRevisionError };
