import Database from 'better-sqlite3';
import { closeSync, fdatasync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { NewEvent, RecordedEvent } from '../../../events';
import { InProcessAppendSignal, catchUpSubscription } from './catch-up-subscription';
import type { AppendResult, EventStore, ExpectedRevision, ReadAllOptions, ReadStreamOptions, SubscribeOptions, Subscription } from './event-store.port';
import { checkExpectedRevision } from './expected-revision';
import { type ChainLink, GENESIS_HASH, type SignedHead, chainHash, signHead } from './hash-chain';

interface MessageRow {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_revision: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  time: string;
  hash: string | null;
}

/** The last link of the chain: the next event is stored at position + 1 and chained to hash. */
interface ChainHead {
  position: number;
  hash: string;
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** A committed group waiting for the fsync that makes it durable before it is acknowledged. */
interface UnsyncedGroup {
  /** Its first position: subscribers are not shown it (or anything after it) before the fsync. */
  first: number;
  acknowledge: () => void;
  fail: (error: unknown) => void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  global_position INTEGER PRIMARY KEY,
  event_id        TEXT    NOT NULL,
  stream_id       TEXT    NOT NULL,
  stream_revision INTEGER NOT NULL,
  type            TEXT    NOT NULL,
  schema_version  INTEGER NOT NULL,
  data            TEXT    NOT NULL,
  metadata        TEXT    NOT NULL,
  time            TEXT    NOT NULL,
  hash            TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS messages_event_id ON messages (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS messages_stream ON messages (stream_id, stream_revision);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT PRIMARY KEY,
  revision  INTEGER NOT NULL,
  position  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chain_head (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  position  INTEGER NOT NULL,
  hash      TEXT    NOT NULL,
  signature TEXT    NOT NULL
);
`;

export interface SqliteEventStoreOptions {
  /** Signs the chain head at every commit (HMAC-SHA256); without it no head is written. */
  headKey?: Buffer;
  /** Open for reading only (audit:verify): no schema, no migration, no write of any kind. */
  readonly?: boolean;
  /**
   * Sync inside each commit (synchronous=FULL) rather than after it, off the thread. For a file that
   * other processes read (APP_ROLE deployments): SQLite shows them a commit as soon as it is written,
   * so it must be durable by then, or a projector or the relay could act on an event a power loss
   * takes back.
   */
  syncAtCommit?: boolean;
}

/**
 * The embedded event store: one SQLite file in WAL mode; an append is acknowledged only after its
 * commit reached the disk (survives kill -9 and power loss).
 *
 * Group commit: appends are queued and flushed together at the next turn of the event loop, in
 * one transaction. Each append runs in its own savepoint, so a wrong expected revision fails that
 * append alone while the others in the group commit.
 *
 * The fsync is off the request thread: SQLite commits with synchronous=NORMAL (the WAL written, not
 * synced) and the store then fdatasyncs the WAL file on libuv's thread pool; a group is acknowledged,
 * and shown to subscribers, only once a sync that began after its commit has ended. One sync runs at
 * a time, so the groups committed while one is in flight share the next: under load many commands'
 * groups cost one fsync, and the thread goes on serving requests meanwhile (with synchronous=FULL
 * better-sqlite3 blocked it for each group's fsync). NORMAL alone keeps the file consistent on power
 * loss (SQLite syncs the WAL before each checkpoint); the explicit sync is what makes the
 * acknowledged commits durable.
 */
export class SqliteEventStore implements EventStore {
  readonly adapter = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly signal = new InProcessAppendSignal();
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  /** Off-thread sync of the WAL (false for ':memory:' or a journal that is not a WAL: SQLite syncs at commit). */
  private readonly syncOffThread: boolean;
  private walFd: number | null = null;
  private unsynced: UnsyncedGroup[] = [];
  private syncing = false;
  /** The first position committed here and not yet durable (Infinity: none): subscribers stop before it. */
  private syncFloor = Number.POSITIVE_INFINITY;
  private drained: (() => void)[] = [];
  /** Stream reads that found an event not synced yet: answered once it is. */
  private durableWaiters: { position: number; resolve: () => void }[] = [];
  private readonly statements: {
    insert: Database.Statement;
    streamRevision: Database.Statement;
    upsertStream: Database.Statement;
    readStream: Database.Statement;
    readAll: Database.Statement;
    head: Database.Statement;
    chainHead: Database.Statement;
    readChain: Database.Statement;
  };
  private readonly flushGroup: Database.Transaction<(group: PendingAppend[]) => (AppendResult | Error)[]>;
  private readonly flushGroupFast: Database.Transaction<(group: PendingAppend[]) => (AppendResult | Error)[]>;
  private readonly appendOne: Database.Transaction<(request: PendingAppend, revisions: Map<string, number>, chain: ChainHead) => AppendResult>;

  private readonly headKey: Buffer | undefined;
  private readonly signedHead: Database.Statement | null;
  private readonly writeHead: Database.Statement | null;

  constructor(
    readonly file: string,
    options: SqliteEventStoreOptions = {},
  ) {
    this.headKey = options.headKey;
    if (options.readonly) {
      this.syncOffThread = false;
      this.db = new Database(file, { readonly: true, fileMustExist: true });
      this.db.pragma('busy_timeout = 5000');
    } else {
      if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
      this.db = new Database(file);
      const wal = this.db.pragma('journal_mode = WAL', { simple: true }) === 'wal' && !this.db.memory;
      this.syncOffThread = wal && !options.syncAtCommit;
      this.db.pragma(this.syncOffThread ? 'synchronous = NORMAL' : 'synchronous = FULL');
      this.db.pragma('busy_timeout = 5000');
      this.db.exec(SCHEMA);
      this.migrateHashChain();
    }
    const hasHeadTable = !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chain_head'").get();
    this.signedHead = hasHeadTable ? this.db.prepare('SELECT position, hash, signature FROM chain_head WHERE id = 1') : null;
    this.writeHead = options.readonly
      ? null
      : this.db.prepare(
          'INSERT INTO chain_head (id, position, hash, signature) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET position = excluded.position, hash = excluded.hash, signature = excluded.signature',
        );
    this.statements = {
      insert: this.db.prepare(
        `INSERT INTO messages (global_position, event_id, stream_id, stream_revision, type, schema_version, data, metadata, time, hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      streamRevision: this.db.prepare('SELECT revision FROM streams WHERE stream_id = ?').pluck(),
      upsertStream: this.db.prepare(
        `INSERT INTO streams (stream_id, revision, position) VALUES (?, ?, ?)
         ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, position = excluded.position`,
      ),
      readStream: this.db.prepare(`SELECT * FROM messages WHERE stream_id = ? AND stream_revision >= ? ORDER BY stream_revision LIMIT ?`),
      readAll: this.db.prepare('SELECT * FROM messages WHERE global_position > ? ORDER BY global_position LIMIT ?'),
      head: this.db.prepare('SELECT COALESCE(MAX(global_position), 0) FROM messages').pluck(),
      chainHead: this.db.prepare('SELECT global_position AS position, hash FROM messages ORDER BY global_position DESC LIMIT 1'),
      readChain: this.db.prepare(
        `SELECT global_position, event_id, stream_id, type, data, metadata, time, hash FROM messages
         WHERE global_position > ? ORDER BY global_position LIMIT ?`,
      ),
    };

    this.appendOne = this.db.transaction((request: PendingAppend, revisions: Map<string, number>, chain: ChainHead) => {
      const current = revisions.get(request.streamId) ?? this.currentRevision(request.streamId);
      checkExpectedRevision(request.streamId, request.expectedRevision, current);
      return this.write(request, current, revisions, chain);
    });

    this.flushGroup = this.db.transaction((group: PendingAppend[]) => {
      // Revisions written earlier in this group, so two appends to one stream in a group see each other.
      const revisions = new Map<string, number>();
      // Read inside the write transaction: the chain continues from what is really stored.
      const chain = this.readChainHead();
      const results = group.map((request) => {
        try {
          return this.appendOne(request, revisions, chain); // nested transaction = savepoint
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
      this.signHead(chain);
      return results;
    });

    // The usual group: no savepoints. A wrong expected revision is found before anything of that
    // append is written, so it fails alone without one; any other failure (a duplicate event id)
    // rolls the whole group back and it is written again through the savepoints above.
    this.flushGroupFast = this.db.transaction((group: PendingAppend[]) => {
      const revisions = new Map<string, number>();
      const chain = this.readChainHead();
      const results = group.map((request) => {
        const current = revisions.get(request.streamId) ?? this.currentRevision(request.streamId);
        try {
          checkExpectedRevision(request.streamId, request.expectedRevision, current);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
        return this.write(request, current, revisions, chain);
      });
      this.signHead(chain);
      return results;
    });
  }

  /** In the commit's own transaction: the signed head and the events it names are durable together. */
  private signHead(chain: ChainHead): void {
    if (!this.headKey || !this.writeHead || chain.position === 0) return;
    this.writeHead.run(chain.position, chain.hash, signHead(this.headKey, chain.position, chain.hash));
  }

  async readSignedHead(): Promise<SignedHead | null> {
    return (this.signedHead?.get() as SignedHead | undefined) ?? null;
  }

  /** Writes one append's events after the chain head; `revisions` and `chain` move only once all are written. */
  private write(request: PendingAppend, current: number, revisions: Map<string, number>, chain: ChainHead): AppendResult {
    const recorded: RecordedEvent[] = [];
    let revision = current;
    let { position, hash } = chain;
    for (const event of request.events) {
      revision += 1;
      position += 1;
      const data = JSON.stringify(event.data);
      const metadata = JSON.stringify(event.metadata);
      hash = chainHash(hash, { position, eventId: event.id, streamId: request.streamId, type: event.type, data, metadata, time: event.time });
      this.statements.insert.run(position, event.id, request.streamId, revision, event.type, event.schemaVersion, data, metadata, event.time, hash);
      recorded.push({ ...event, streamId: request.streamId, revision, position });
    }
    if (recorded.length) this.statements.upsertStream.run(request.streamId, revision, position);
    revisions.set(request.streamId, revision);
    // Moved only once every insert of this append succeeded: a failed savepoint leaves the chain as it was.
    chain.position = position;
    chain.hash = hash;
    return { nextExpectedRevision: revision, position: recorded.length ? position : 0, events: recorded };
  }

  appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamId, events, expectedRevision: options.expectedRevision, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const group = this.pending;
    this.pending = [];
    if (group.length === 0) return;
    let results: (AppendResult | Error)[];
    try {
      try {
        // IMMEDIATE: with other processes appending to the file (APP_ROLE api), a deferred transaction that
        // read the head before taking the write lock would fail at once instead of waiting its turn.
        results = this.flushGroupFast.immediate(group);
      } catch {
        results = this.flushGroup.immediate(group); // rolled back whole: again, each append in its savepoint
      }
    } catch (error) {
      for (const request of group) request.reject(error);
      return;
    }
    const acknowledge = () =>
      results.forEach((result, index) => {
        if (result instanceof Error) group[index].reject(result);
        else group[index].resolve(result);
      });
    const written = results.filter((r): r is AppendResult => !(r instanceof Error) && r.events.length > 0);
    if (!this.syncOffThread || written.length === 0) {
      // Durable already (SQLite synced at commit), or nothing was written.
      acknowledge();
      this.signal.notify();
      return;
    }
    const first = Math.min(...written.map((r) => r.events[0].position));
    this.syncFloor = Math.min(this.syncFloor, first);
    this.unsynced.push({ first, acknowledge, fail: (error) => group.forEach((request) => request.reject(error)) });
    this.sync();
  }

  /** Syncs the WAL for every group committed so far; the groups committed meanwhile wait for the next sync. */
  private sync(): void {
    if (this.syncing) return;
    if (this.unsynced.length === 0) {
      for (const resolve of this.drained.splice(0)) resolve();
      return;
    }
    const groups = this.unsynced;
    this.unsynced = [];
    let fd: number;
    try {
      fd = this.openWal();
    } catch (error) {
      this.synced(groups, error);
      return;
    }
    this.syncing = true;
    fdatasync(fd, (error) => {
      this.syncing = false;
      this.synced(groups, error);
    });
  }

  private synced(groups: UnsyncedGroup[], error: unknown): void {
    this.syncFloor = this.unsynced.length ? Math.min(...this.unsynced.map((g) => g.first)) : Number.POSITIVE_INFINITY;
    this.releaseDurableWaiters();
    // Only now are the groups durable: acknowledge. A failed sync leaves them unknown: refused.
    for (const group of groups) {
      if (error) group.fail(error);
      else group.acknowledge();
    }
    this.signal.notify();
    this.sync();
  }

  private releaseDurableWaiters(): void {
    if (!this.durableWaiters.length) return;
    this.durableWaiters = this.durableWaiters.filter((waiter) => {
      if (waiter.position >= this.syncFloor) return true;
      waiter.resolve();
      return false;
    });
  }

  /**
   * The WAL file, opened once its first commit created it. Its directory is synced once too, so a
   * WAL file created by this process is found after a power loss.
   */
  private openWal(): number {
    if (this.walFd !== null) return this.walFd;
    const fd = openSync(`${this.file}-wal`, 'r+');
    const directory = openSync(dirname(this.file), 'r');
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
    this.walFd = fd;
    return fd;
  }

  private readChainHead(): ChainHead {
    const last = this.statements.chainHead.get() as { position: number; hash: string | null } | undefined;
    return last ? { position: last.position, hash: last.hash ?? GENESIS_HASH } : { position: 0, hash: GENESIS_HASH };
  }

  /**
   * Data directories from before the hash chain: adds the column and chains every row, in log order,
   * once. Where the column already exists, a row without a hash is a break for the verifier to
   * report, never something to chain: re-chaining would launder an edited log.
   */
  private migrateHashChain(): void {
    const columns = this.db.prepare('PRAGMA table_info(messages)').all() as { name: string }[];
    if (columns.some((c) => c.name === 'hash')) return;
    this.db.exec('ALTER TABLE messages ADD COLUMN hash TEXT');
    const page = this.db.prepare(
      'SELECT global_position, event_id, stream_id, type, data, metadata, time, hash FROM messages WHERE global_position > ? ORDER BY global_position LIMIT 5000',
    );
    const update = this.db.prepare('UPDATE messages SET hash = ? WHERE global_position = ?');
    this.db.transaction(() => {
      let previous = GENESIS_HASH;
      let after = 0;
      for (let rows = page.all(after) as MessageRow[]; rows.length; rows = page.all(after) as MessageRow[]) {
        for (const row of rows) {
          previous = chainHash(previous, toLink(row));
          update.run(previous, row.global_position);
        }
        after = rows[rows.length - 1].global_position;
      }
    })();
  }

  private currentRevision(streamId: string): number {
    const revision = this.statements.streamRevision.get(streamId) as number | undefined;
    return revision ?? -1;
  }

  /**
   * A stream's events. One committed by a concurrent command and not synced yet is answered once it is:
   * a decision (a no-op, a refusal) is never given on an event a power loss could take back.
   */
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? -1) as MessageRow[];
    const last = rows.length ? rows[rows.length - 1].global_position : 0;
    if (last >= this.syncFloor) await new Promise<void>((resolve) => this.durableWaiters.push({ position: last, resolve }));
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readAll.all(options.after ?? 0, options.maxCount ?? -1) as MessageRow[];
    return rows.map(toRecorded);
  }

  /** Raw rows without JSON parsing: the floor a rebuild is measured against. */
  readAllRaw(after: number, maxCount: number): unknown[] {
    // raw() switches the shared statement's mode: switch it back, or readAll would get arrays too.
    const statement = this.statements.readAll.raw(true);
    try {
      return statement.all(after, maxCount);
    } finally {
      statement.raw(false);
    }
  }

  /** Subscribers (projections, policies, the integration relay) act only on durable events. */
  subscribeToAll(options: SubscribeOptions): Subscription {
    return catchUpSubscription(async (after, maxCount) => this.durable(await this.readAll({ after, maxCount })), this.signal, options);
  }

  private durable(events: RecordedEvent[]): RecordedEvent[] {
    if (!Number.isFinite(this.syncFloor)) return events;
    const cut = events.findIndex((e) => e.position >= this.syncFloor);
    return cut < 0 ? events : events.slice(0, cut);
  }

  async readChain(options: ReadAllOptions = {}): Promise<ChainLink[]> {
    const rows = this.statements.readChain.all(options.after ?? 0, options.maxCount ?? -1) as MessageRow[];
    return rows.map((row) => ({ ...toLink(row), hash: row.hash }));
  }

  /** The last durable position: what subscribers will be shown. */
  async headPosition(): Promise<number> {
    const head = this.statements.head.get() as number;
    return Number.isFinite(this.syncFloor) ? Math.min(head, this.syncFloor - 1) : head;
  }

  async countExisting(eventIds: string[]): Promise<number> {
    let found = 0;
    for (let i = 0; i < eventIds.length; i += 500) {
      const chunk = eventIds.slice(i, i + 500);
      const sql = `SELECT COUNT(*) FROM messages WHERE event_id IN (${chunk.map(() => '?').join(',')})`;
      found += this.db
        .prepare(sql)
        .pluck()
        .get(...chunk) as number;
    }
    return found;
  }

  async close(): Promise<void> {
    if (this.pending.length) this.flush();
    // Every commit acknowledged (or refused) before the connection and the WAL's descriptor go.
    if (this.syncing || this.unsynced.length) await new Promise<void>((resolve) => this.drained.push(resolve));
    this.releaseDurableWaiters();
    this.signal.notify();
    if (this.walFd !== null) closeSync(this.walFd);
    this.walFd = null;
    if (this.db.open) this.db.close();
  }
}

function toLink(row: Omit<MessageRow, 'stream_revision' | 'schema_version'>): Omit<ChainLink, 'hash'> {
  return {
    position: row.global_position,
    eventId: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    time: row.time,
  };
}

function toRecorded(row: MessageRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.stream_revision,
    position: row.global_position,
    type: row.type,
    schemaVersion: row.schema_version,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    time: row.time,
  };
}
