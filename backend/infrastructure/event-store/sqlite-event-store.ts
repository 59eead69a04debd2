import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { NewEvent, RecordedEvent } from '../../../events';
import { InProcessAppendSignal, catchUpSubscription } from './catch-up-subscription';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
  Subscription,
} from './event-store.port';
import { checkExpectedRevision } from './expected-revision';

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
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
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
  time            TEXT    NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS messages_event_id ON messages (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS messages_stream ON messages (stream_id, stream_revision);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT PRIMARY KEY,
  revision  INTEGER NOT NULL,
  position  INTEGER NOT NULL
) WITHOUT ROWID;
`;

/**
 * The embedded event store: one SQLite file in WAL mode with synchronous=FULL, so an append is
 * acknowledged only after its commit reached the disk (survives kill -9 and power loss).
 *
 * Group commit: appends are queued and flushed together at the next turn of the event loop, in
 * one transaction and one fsync. Each append runs in its own savepoint, so a wrong expected
 * revision fails that append alone while the others in the group commit.
 */
export class SqliteEventStore implements EventStore {
  readonly adapter = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly signal = new InProcessAppendSignal();
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  private readonly statements: {
    insert: Database.Statement;
    streamRevision: Database.Statement;
    upsertStream: Database.Statement;
    readStream: Database.Statement;
    readAll: Database.Statement;
    head: Database.Statement;
  };
  private readonly flushGroup: Database.Transaction<(group: PendingAppend[]) => (AppendResult | Error)[]>;
  private readonly appendOne: Database.Transaction<(request: PendingAppend, revisions: Map<string, number>) => AppendResult>;

  constructor(readonly file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.statements = {
      insert: this.db.prepare(
        `INSERT INTO messages (event_id, stream_id, stream_revision, type, schema_version, data, metadata, time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      streamRevision: this.db.prepare('SELECT revision FROM streams WHERE stream_id = ?').pluck(),
      upsertStream: this.db.prepare(
        `INSERT INTO streams (stream_id, revision, position) VALUES (?, ?, ?)
         ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, position = excluded.position`,
      ),
      readStream: this.db.prepare(
        `SELECT * FROM messages WHERE stream_id = ? AND stream_revision >= ? ORDER BY stream_revision LIMIT ?`,
      ),
      readAll: this.db.prepare('SELECT * FROM messages WHERE global_position > ? ORDER BY global_position LIMIT ?'),
      head: this.db.prepare('SELECT COALESCE(MAX(global_position), 0) FROM messages').pluck(),
    };

    this.appendOne = this.db.transaction((request: PendingAppend, revisions: Map<string, number>) => {
      const current = revisions.get(request.streamId) ?? this.currentRevision(request.streamId);
      checkExpectedRevision(request.streamId, request.expectedRevision, current);
      const recorded: RecordedEvent[] = [];
      let revision = current;
      for (const event of request.events) {
        revision += 1;
        const info = this.statements.insert.run(
          event.id,
          request.streamId,
          revision,
          event.type,
          event.schemaVersion,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.time,
        );
        recorded.push({
          ...event,
          streamId: request.streamId,
          revision,
          position: Number(info.lastInsertRowid),
        });
      }
      const position = recorded.length ? recorded[recorded.length - 1].position : 0;
      if (recorded.length) this.statements.upsertStream.run(request.streamId, revision, position);
      revisions.set(request.streamId, revision);
      return { nextExpectedRevision: revision, position, events: recorded };
    });

    this.flushGroup = this.db.transaction((group: PendingAppend[]) => {
      // Revisions written earlier in this group, so two appends to one stream in a group see each other.
      const revisions = new Map<string, number>();
      return group.map((request) => {
        try {
          return this.appendOne(request, revisions); // nested transaction = savepoint
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
    });
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
      results = this.flushGroup(group);
    } catch (error) {
      for (const request of group) request.reject(error);
      return;
    }
    // Only now is the group durable: acknowledge.
    results.forEach((result, index) => {
      if (result instanceof Error) group[index].reject(result);
      else group[index].resolve(result);
    });
    this.signal.notify();
  }

  private currentRevision(streamId: string): number {
    const revision = this.statements.streamRevision.get(streamId) as number | undefined;
    return revision ?? -1;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? -1) as MessageRow[];
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

  subscribeToAll(options: SubscribeOptions): Subscription {
    return catchUpSubscription((after, maxCount) => this.readAll({ after, maxCount }), this.signal, options);
  }

  async headPosition(): Promise<number> {
    return this.statements.head.get() as number;
  }

  async countExisting(eventIds: string[]): Promise<number> {
    let found = 0;
    for (let i = 0; i < eventIds.length; i += 500) {
      const chunk = eventIds.slice(i, i + 500);
      const sql = `SELECT COUNT(*) FROM messages WHERE event_id IN (${chunk.map(() => '?').join(',')})`;
      found += this.db.prepare(sql).pluck().get(...chunk) as number;
    }
    return found;
  }

  async close(): Promise<void> {
    if (this.pending.length) this.flush();
    this.signal.notify();
    if (this.db.open) this.db.close();
  }
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
