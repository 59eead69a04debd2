import type Database from 'better-sqlite3';
import type { Held, Lease, LeaseStore } from './lease-store.port';

export const LEASES_TABLE = '__leases';

/**
 * Leases in a table of the read models' file (`read-models.sqlite`), so a projection's checkpoint
 * write can check its lease in the same transaction (see SqliteReadStore.fence). Processes on one
 * machine share the clock the expiries are measured with.
 */
export class SqliteLeaseStore implements LeaseStore {
  private readonly acquireNow: (name: string, owner: string, ttlMs: number) => Held | null;
  private readonly remove: Database.Statement;
  private readonly get: Database.Statement;

  constructor(db: Database.Database) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${LEASES_TABLE} (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL, token INTEGER NOT NULL DEFAULT 0)`,
    );
    const renew = db
      .prepare(`UPDATE ${LEASES_TABLE} SET expires_at = @expiresAt WHERE name = @name AND owner = @owner AND expires_at > @now RETURNING token`)
      .pluck();
    const take = db
      .prepare(
        `INSERT INTO ${LEASES_TABLE} (name, owner, expires_at, token) VALUES (@name, @owner, @expiresAt, 1)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at, token = ${LEASES_TABLE}.token + 1
         WHERE ${LEASES_TABLE}.expires_at <= @now
         RETURNING token`,
      )
      .pluck();
    const step = db.transaction((name: string, owner: string, ttlMs: number): Held | null => {
      const now = Date.now();
      const params = { name, owner, expiresAt: now + ttlMs, now };
      const renewed = renew.get(params) as number | undefined;
      if (renewed !== undefined) return { token: renewed, taken: false };
      const taken = take.get(params) as number | undefined;
      return taken === undefined ? null : { token: taken, taken: true };
    });
    // IMMEDIATE: the write lock first, so the check and the write see the same lease.
    this.acquireNow = (name, owner, ttlMs) => step.immediate(name, owner, ttlMs);
    // Expired, not deleted: the token keeps growing across terms, so an old term's token never comes back.
    this.remove = db.prepare(`UPDATE ${LEASES_TABLE} SET expires_at = 0 WHERE name = ? AND owner = ?`);
    this.get = db.prepare(`SELECT name, owner, expires_at AS expiresAt, token FROM ${LEASES_TABLE} WHERE name = ?`);
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<Held | null> {
    return this.acquireNow(name, owner, ttlMs);
  }

  async release(name: string, owner: string): Promise<void> {
    this.remove.run(name, owner);
  }

  async holder(name: string): Promise<Lease | null> {
    return (this.get.get(name) as Lease | undefined) ?? null;
  }
}
