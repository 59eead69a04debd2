import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ReadStore } from '../read-store/read-store.port';
import type { DeadLetter } from './policy';

/** Where reactions that kept failing are kept: durable wherever the checkpoints are. */
export interface DeadLetterStore {
  list(): Promise<DeadLetter[]>;
  /** One letter per policy and key: a second failure of the same trigger replaces it. */
  put(letter: DeadLetter): Promise<void>;
  remove(policy: string, key: string): Promise<void>;
}

const letterId = (policy: string, key: string) => `${policy}:${key}`;

type LetterDocument = DeadLetter & { _id: string; [key: string]: unknown };

/** On a read store collection (MongoDB in production, the in-memory store in tests). */
export class ReadStoreDeadLetters implements DeadLetterStore {
  constructor(private readonly store: ReadStore) {}

  private get collection() {
    return this.store.collection<LetterDocument>('_policy_dead_letters');
  }

  async list(): Promise<DeadLetter[]> {
    return (await this.collection.find({}, { sort: { at: 1 } })).map(({ _id, ...letter }) => letter);
  }

  async put(letter: DeadLetter): Promise<void> {
    await this.collection.replace({ _id: letterId(letter.policy, letter.key), ...letter });
  }

  async remove(policy: string, key: string): Promise<void> {
    await this.collection.deleteById(letterId(policy, key));
  }
}

/** On the embedded default: a table beside the durable checkpoints, so both survive a restart. */
export class SqliteDeadLetterStore implements DeadLetterStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS policy_dead_letters (policy TEXT NOT NULL, key TEXT NOT NULL, letter TEXT NOT NULL, PRIMARY KEY (policy, key))');
  }

  async list(): Promise<DeadLetter[]> {
    const rows = this.db.prepare('SELECT letter FROM policy_dead_letters ORDER BY rowid').all() as { letter: string }[];
    return rows.map((r) => JSON.parse(r.letter) as DeadLetter);
  }

  async put(letter: DeadLetter): Promise<void> {
    this.db
      .prepare('INSERT INTO policy_dead_letters (policy, key, letter) VALUES (?, ?, ?) ON CONFLICT (policy, key) DO UPDATE SET letter = excluded.letter')
      .run(letter.policy, letter.key, JSON.stringify(letter));
  }

  async remove(policy: string, key: string): Promise<void> {
    this.db.prepare('DELETE FROM policy_dead_letters WHERE policy = ? AND key = ?').run(policy, key);
  }

  close(): void {
    this.db.close();
  }
}
