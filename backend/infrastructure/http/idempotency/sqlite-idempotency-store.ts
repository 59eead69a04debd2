import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { IdempotencyRecord, IdempotencyStore, IdempotentOutcome } from './idempotency-store';

interface Row {
  fingerprint: string;
  correlation_id: string;
  user_id: string;
  start_position: number;
  created_at: number;
  outcome: string | null;
}

/** Trims the table every this many new records (cheap enough not to do it at every one). */
const PRUNE_EVERY = 500;

/**
 * Idempotency records in `DATA_DIR/idempotency.sqlite`, so a key outlives a restart: a client whose
 * answer was lost in a crash can retry after the server comes back.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly db: Database.Database;
  private readonly select: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly finish: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly pruneExpired: Database.Statement;
  private readonly pruneOldest: Database.Statement;
  private sincePrune = 0;

  constructor(
    file: string,
    private readonly maxKeys: number,
    private readonly ttlMs: number,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS idempotency (
      scope TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, correlation_id TEXT NOT NULL, user_id TEXT NOT NULL,
      start_position INTEGER NOT NULL, created_at INTEGER NOT NULL, outcome TEXT)`);
    this.db.exec('CREATE INDEX IF NOT EXISTS idempotency_created_at ON idempotency (created_at)');
    this.select = this.db.prepare('SELECT * FROM idempotency WHERE scope = ? AND created_at >= ?');
    this.insert = this.db.prepare(
      `INSERT OR REPLACE INTO idempotency (scope, fingerprint, correlation_id, user_id, start_position, created_at, outcome)
       VALUES (?, ?, ?, ?, ?, ?, NULL)`,
    );
    this.finish = this.db.prepare('UPDATE idempotency SET outcome = ? WHERE scope = ?');
    this.remove = this.db.prepare('DELETE FROM idempotency WHERE scope = ?');
    this.pruneExpired = this.db.prepare('DELETE FROM idempotency WHERE created_at < ?');
    this.pruneOldest = this.db.prepare('DELETE FROM idempotency WHERE scope IN (SELECT scope FROM idempotency ORDER BY created_at DESC LIMIT -1 OFFSET ?)');
  }

  async find(scope: string, notBefore: number): Promise<IdempotencyRecord | null> {
    const row = this.select.get(scope, notBefore) as Row | undefined;
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      correlationId: row.correlation_id,
      userId: row.user_id,
      startPosition: row.start_position,
      createdAt: row.created_at,
      outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as IdempotentOutcome),
    };
  }

  async begin(scope: string, record: IdempotencyRecord): Promise<void> {
    this.insert.run(scope, record.fingerprint, record.correlationId, record.userId, record.startPosition, record.createdAt);
    if (++this.sincePrune >= PRUNE_EVERY) {
      this.sincePrune = 0;
      this.pruneExpired.run(record.createdAt - this.ttlMs);
      this.pruneOldest.run(this.maxKeys);
    }
  }

  async complete(scope: string, outcome: IdempotentOutcome): Promise<void> {
    this.finish.run(JSON.stringify(outcome), scope);
  }

  async abandon(scope: string): Promise<void> {
    this.remove.run(scope);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  onApplicationShutdown(): void {
    this.close();
  }
}
