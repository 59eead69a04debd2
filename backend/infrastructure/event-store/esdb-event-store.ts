import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../events';
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
import { type ChainLink, GENESIS_HASH, chainHash } from './hash-chain';

interface StoredMetadata extends EventMetadata {
  $schemaVersion: number;
  $time: string;
  /** Tamper evidence: the event's link in the chain, and its index (ESDB positions are known only after the append). */
  $hash?: string;
  $chain?: number;
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function isSystem(event: { streamId: string; type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

/**
 * EventStoreDB / KurrentDB adapter (`EVENTSTORE_URL`). Our event id is the ESDB event id; schema
 * version and time travel in the ESDB metadata. `$all` positions are commit positions (byte
 * offsets in the log, safe as JS numbers up to 8 PiB).
 */
export class EsdbEventStore implements EventStore {
  readonly adapter = 'esdb' as const;
  private readonly client: EventStoreDBClient;
  /** Appends of this process one at a time, so that each continues the chain the previous one ended. */
  private appendQueue: Promise<unknown> = Promise.resolve();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  /**
   * The chain is continued from the last event of `$all`. Appends are serialised within this
   * process; several API processes writing at once may fork the chain, which `audit:verify` reports.
   */
  appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const next = this.appendQueue.then(() => this.appendChained(streamId, events, options));
    this.appendQueue = next.catch(() => undefined);
    return next;
  }

  private async lastLink(): Promise<{ index: number; hash: string }> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 50 })) {
      const event = resolved.event;
      if (!event || !event.isJson || isSystem(event)) continue;
      const metadata = (event.metadata ?? {}) as Partial<StoredMetadata>;
      if (metadata.$hash && metadata.$chain !== undefined) return { index: metadata.$chain, hash: metadata.$hash };
    }
    return { index: 0, hash: GENESIS_HASH };
  }

  private async appendChained(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    let { index, hash } = await this.lastLink();
    const data = events.map((event) => {
      index += 1;
      hash = chainHash(hash, {
        position: index,
        eventId: event.id,
        streamId,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        time: event.time,
      });
      return jsonEvent({
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: { ...event.metadata, $schemaVersion: event.schemaVersion, $time: event.time, $hash: hash, $chain: index } satisfies StoredMetadata,
      });
    });
    try {
      const result = await this.client.appendToStream(streamId, data, { expectedRevision: toExpected(options.expectedRevision) });
      const next = Number(result.nextExpectedRevision);
      const position = Number(result.position?.commit ?? 0n);
      const first = next - events.length + 1;
      return {
        nextExpectedRevision: next,
        position,
        events: events.map((event, index) => ({ ...event, streamId, revision: first + index, position })),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(streamId, options.expectedRevision, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) {
        const event = toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const events: RecordedEvent[] = [];
    // fromPosition is inclusive: start at the checkpoint and skip the event stored there.
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: after > 0 ? { commit: BigInt(after), prepare: BigInt(after) } : START,
      ...(options.maxCount !== undefined ? { maxCount: options.maxCount + 1 } : {}),
    });
    for await (const resolved of read) {
      const event = toRecorded(resolved);
      if (!event || isSystem(event) || event.position <= after) continue;
      events.push(event);
      if (options.maxCount !== undefined && events.length >= options.maxCount) break;
    }
    return events;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let stopped = false;
    let current: { unsubscribe(): Promise<void> } | null = null;
    let checkpoint = options.after;
    const run = async () => {
      let backoff = 100;
      while (!stopped) {
        try {
          const subscription = this.client.subscribeToAll({
            fromPosition: checkpoint > 0 ? { commit: BigInt(checkpoint), prepare: BigInt(checkpoint) } : START,
            filter: excludeSystemEvents(),
          });
          current = subscription;
          for await (const resolved of subscription) {
            if (stopped) break;
            const event = toRecorded(resolved);
            if (!event || event.position <= checkpoint) continue;
            try {
              await options.onEvents([event]);
            } catch (error) {
              throw new HandlerError(error);
            }
            checkpoint = event.position;
            backoff = 100;
          }
        } catch (error) {
          if (stopped) break;
          if (isHandlerError(error)) throw error;
          await new Promise((r) => setTimeout(r, backoff));
          backoff = Math.min(backoff * 2, 5000);
        }
      }
    };
    const loop = run().catch((error: unknown) => {
      stopped = true;
      options.onError?.(unwrap(error));
    });
    return {
      async stop() {
        stopped = true;
        await current?.unsubscribe().catch(() => undefined);
        await loop;
      },
    };
  }

  async headPosition(): Promise<number> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 50 })) {
      const event = toRecorded(resolved);
      if (event && !isSystem(event)) return event.position;
    }
    return 0;
  }

  /** ESDB has no lookup by event id: this scans `$all` (verification tools only). */
  async countExisting(eventIds: string[]): Promise<number> {
    const wanted = new Set(eventIds);
    let found = 0;
    for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition: START })) {
      if (resolved.event && wanted.has(resolved.event.id)) found++;
    }
    return found;
  }

  /** Scans `$all` from the start (verification tools only); `after` is a chain index. */
  async readChain(options: ReadAllOptions = {}): Promise<ChainLink[]> {
    const after = options.after ?? 0;
    const links: ChainLink[] = [];
    for await (const resolved of this.client.readAll({ direction: FORWARDS, fromPosition: START })) {
      const event = resolved.event;
      if (!event || !event.isJson || isSystem(event)) continue;
      const { $schemaVersion, $time, $hash, $chain, ...metadata } = (event.metadata ?? {}) as Partial<StoredMetadata>;
      void $schemaVersion;
      if ($chain === undefined || $chain <= after) continue;
      links.push({
        position: $chain,
        eventId: event.id,
        streamId: event.streamId,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(metadata),
        time: $time ?? '',
        hash: $hash ?? null,
      });
      if (options.maxCount !== undefined && links.length >= options.maxCount) break;
    }
    return links;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

/** Errors thrown by the subscriber's handler stop the subscription; connection errors are retried. */
class HandlerError extends Error {
  constructor(readonly failure: unknown) {
    super(String(failure));
  }
}
function isHandlerError(error: unknown): boolean {
  return error instanceof HandlerError;
}
function unwrap(error: unknown): unknown {
  return error instanceof HandlerError ? error.failure : error;
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  const { $schemaVersion, $time, $hash, $chain, ...metadata } = (event.metadata ?? {}) as Partial<StoredMetadata>;
  void $hash;
  void $chain;
  return {
    id: event.id,
    type: event.type,
    data: event.data as Record<string, unknown>,
    schemaVersion: $schemaVersion ?? 1,
    metadata: metadata as EventMetadata,
    time: $time ?? new Date(event.created as unknown as string | number | Date).toISOString(),
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(('position' in event && event.position ? event.position.commit : resolved.commitPosition) ?? 0n),
  };
}
