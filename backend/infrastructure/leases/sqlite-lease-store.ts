import type Database from 'better-sqlite3';
import type { Lease, LeaseStore } from './lease-store.port';

export const LEASES_TABLE = '__leases';

/**
 * Leases in a table of the read models' file (`read-models.sqlite`), so a projection's checkpoint
 * write can check its lease in the same transaction (see SqliteReadStore.fence). Processes on one
 * machine share the clock the expiries are measured with.
 */
export class SqliteLeaseStore implements LeaseStore {
  private readonly upsert: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly get: Database.Statement;

  constructor(db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${LEASES_TABLE} (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL)`);
    // One statement: taking, renewing and refusing are decided atomically by SQLite's write lock.
    this.upsert = db.prepare(
      `INSERT INTO ${LEASES_TABLE} (name, owner, expires_at) VALUES (@name, @owner, @expiresAt)
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE ${LEASES_TABLE}.owner = excluded.owner OR ${LEASES_TABLE}.expires_at <= @now`,
    );
    this.remove = db.prepare(`DELETE FROM ${LEASES_TABLE} WHERE name = ? AND owner = ?`);
    this.get = db.prepare(`SELECT name, owner, expires_at AS expiresAt FROM ${LEASES_TABLE} WHERE name = ?`);
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    return this.upsert.run({ name, owner, expiresAt: now + ttlMs, now }).changes === 1;
  }

  async release(name: string, owner: string): Promise<void> {
    this.remove.run(name, owner);
  }

  async holder(name: string): Promise<Lease | null> {
    return (this.get.get(name) as Lease | undefined) ?? null;
  }
}
