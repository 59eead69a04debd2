import type { NewEvent, RecordedEvent } from '../../../events';
import type { ChainLink, SignedHead } from './hash-chain';

/**
 * What an append expects of its stream:
 * - 'no_stream': the stream must not exist (create);
 * - 'any': no check;
 * - a number: the revision of the stream's last event (update after a read).
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event appended: the expected revision of the next append. */
  nextExpectedRevision: number;
  /** Global position of the last event appended. */
  position: number;
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive). Default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this global position. Default 0 (from the start). */
  after?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position: the subscriber's checkpoint. */
  after: number;
  /** Largest batch delivered at once during catch-up. */
  batchSize?: number;
  /**
   * Called with events in global order. The next batch is delivered only once the returned promise
   * resolves (back pressure). A rejection stops the subscription and is reported to onError.
   */
  onEvents: (events: RecordedEvent[]) => Promise<void> | void;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** Raised when an append's expected revision does not match the stream: nothing was appended. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

export interface EventStore {
  readonly adapter: 'sqlite' | 'memory' | 'esdb';
  /** Appends atomically: all events or none. Resolves only once the append is durable. */
  appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of a stream in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to `$all`: stored events after the checkpoint, then live ones. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Global position of the last stored event; 0 for an empty store. */
  headPosition(): Promise<number>;
  /** Whether the events with these ids are stored (used to verify acknowledged appends). */
  countExisting(eventIds: string[]): Promise<number>;
  /**
   * The tamper-evidence chain in global order: each event as it was hashed and the hash stored
   * with it (chained to the previous event's hash when it was appended).
   */
  readChain(options?: ReadAllOptions): Promise<ChainLink[]>;
  /** The chain head signed at the last commit (null: none written yet); adapters that do not sign leave it out. */
  readSignedHead?(): Promise<SignedHead | null>;
  close(): Promise<void>;
}
