import Database from 'better-sqlite3';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import type { Document } from '../../backend/infrastructure/read-store/read-store.port';
import { MemorySearchIndex } from '../../backend/infrastructure/search/memory-search-index';
import { SqliteSearchIndex, installSqliteSearch } from '../../backend/infrastructure/search/sqlite-search-index';
import { SPEACH_SEARCH } from '../../projections/speach-search.projection';
import { type SearchIndexUnderTest, searchIndexContract } from './search-index.contract';

/** A collection's table as the SQLite read store lays it out (shared contract), with a declared index as a generated column. */
export function sqliteTable(db: Database.Database, table: string) {
  db.exec(`CREATE TABLE "${table}" (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  db.exec(`ALTER TABLE "${table}" ADD COLUMN "listed" GENERATED ALWAYS AS (json_extract(doc, '$.listed')) VIRTUAL`);
  const upsert = db.prepare(`INSERT INTO "${table}"(_id, doc) VALUES (?, ?) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc`);
  return db.transaction((docs: Document[]) => {
    for (const doc of docs) upsert.run(doc._id, JSON.stringify(doc));
  });
}

searchIndexContract('sqlite', async () => {
  const db = new Database(':memory:');
  const write = sqliteTable(db, SPEACH_SEARCH);
  installSqliteSearch(db, SPEACH_SEARCH);
  return { index: new SqliteSearchIndex(db, SPEACH_SEARCH), write: async (docs) => write(docs), close: async () => void db.close() } satisfies SearchIndexUnderTest;
});

searchIndexContract('memory', async () => {
  const store = new MemoryReadStore();
  const collection = store.collection(SPEACH_SEARCH);
  return { index: new MemorySearchIndex(store), write: (docs) => collection.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc }))), close: () => store.close() };
});

if (process.env.MONGO_URL) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MongoSearchIndex } = require('../../backend/infrastructure/search/mongo-search-index');
  searchIndexContract('mongo', async () => {
    const store = await MongoReadStore.connect(process.env.MONGO_URL!, 'speach_search_contract');
    const collection = store.collection(SPEACH_SEARCH);
    await collection.clear();
    return {
      index: new MongoSearchIndex(store),
      write: (docs: Document[]) => collection.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc }))),
      close: async () => {
        await collection.clear();
        await store.close();
      },
    };
  });
}
