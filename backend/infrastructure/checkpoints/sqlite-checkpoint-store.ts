import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoint, CheckpointStore } from './checkpoint-store.port';

/** Durable checkpoints on the embedded default (the integration relay must not republish from 0 at boot). */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly db: Database.Database;
  private readonly get: Database.Statement;
  private readonly put: Database.Statement;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // The relay saves after every batch: with the default FULL each save was an fsync on the request thread.
    // A checkpoint a power loss takes back only replays a little: the relay publishes at least once, and the
    // policies' commands carry ids derived from their trigger. Other processes see a save at once either way.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL)');
    this.get = this.db.prepare('SELECT name, position, version FROM checkpoints WHERE name = ?');
    this.put = this.db.prepare(
      `INSERT INTO checkpoints (name, position, version) VALUES (@name, @position, @version)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version`,
    );
  }

  async load(name: string): Promise<Checkpoint | null> {
    return (this.get.get(name) as Checkpoint | undefined) ?? null;
  }

  async save(checkpoint: Checkpoint): Promise<void> {
    this.put.run(checkpoint);
  }

  close(): void {
    this.db.close();
  }
}
