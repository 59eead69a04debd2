/** What a finished request answered, kept so that a retry with the same key gets it again. */
export interface IdempotentOutcome {
  /** The handler's result (undefined for an empty answer), as JSON. */
  body: unknown;
  /** The answer's own headers worth repeating (ETag, Location, Content-Type…). */
  headers: Record<string, string>;
  /** Highest log position the request appended (0: none): a replay waits for the projections too. */
  position: number;
}

export interface IdempotencyRecord {
  /** Method, route and body of the first request: a key is one request, not any request. */
  fingerprint: string;
  /** The correlation id its events carry: how a retry finds them when the answer was lost. */
  correlationId: string;
  userId: string;
  /** Head of the log when the request began: its events, if any, come after it. */
  startPosition: number;
  createdAt: number;
  /** Null while the request runs (or when the process stopped before it answered). */
  outcome: IdempotentOutcome | null;
}

/**
 * Idempotency records by scope (a hash of the user and the key). Bounded: records expire after the
 * TTL, and past `maxKeys` the oldest go first.
 */
export interface IdempotencyStore {
  find(scope: string, notBefore: number): Promise<IdempotencyRecord | null>;
  begin(scope: string, record: IdempotencyRecord): Promise<void>;
  complete(scope: string, outcome: IdempotentOutcome): Promise<void>;
  /** The request failed (it appended nothing) or cannot be replayed: a retry runs it again. */
  abandon(scope: string): Promise<void>;
  close(): void;
}

export const IDEMPOTENCY_STORE = Symbol('IdempotencyStore');

/** In-memory records (tests, and the non-embedded adapters): a restart forgets them. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();

  constructor(private readonly maxKeys: number) {}

  async find(scope: string, notBefore: number): Promise<IdempotencyRecord | null> {
    const record = this.records.get(scope);
    if (!record || record.createdAt < notBefore) return null;
    return structuredClone(record);
  }

  async begin(scope: string, record: IdempotencyRecord): Promise<void> {
    this.records.delete(scope);
    this.records.set(scope, structuredClone(record));
    for (const oldest of this.records.keys()) {
      if (this.records.size <= this.maxKeys) break;
      this.records.delete(oldest);
    }
  }

  async complete(scope: string, outcome: IdempotentOutcome): Promise<void> {
    const record = this.records.get(scope);
    if (record) record.outcome = structuredClone(outcome);
  }

  async abandon(scope: string): Promise<void> {
    this.records.delete(scope);
  }

  close(): void {
    this.records.clear();
  }
}
