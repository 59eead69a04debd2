import type Database from 'better-sqlite3';
import type { Document } from '../../backend/infrastructure/read-store/read-store.port';

/**
 * A collection's table as the SQLite read store lays it out (the shared contract: `_id`, the
 * document's JSON, ordinary rowids, a declared index as a generated column), and its upsert.
 */
export function sqliteCollectionTable(db: Database.Database, table: string): (docs: Document[]) => void {
  db.exec(`CREATE TABLE "${table}" (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  db.exec(`ALTER TABLE "${table}" ADD COLUMN "listed" GENERATED ALWAYS AS (json_extract(doc, '$.listed')) VIRTUAL`);
  const upsert = db.prepare(`INSERT INTO "${table}"(_id, doc) VALUES (?, ?) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc`);
  return db.transaction((docs: Document[]) => {
    for (const doc of docs) upsert.run(doc._id, JSON.stringify(doc));
  });
}
