import Database from 'better-sqlite3';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import type { Document } from '../../backend/infrastructure/read-store/read-store.port';
import { MemorySearchIndex } from '../../backend/infrastructure/search/memory-search-index';
import { SqliteSearchIndex, installSqliteSearch } from '../../backend/infrastructure/search/sqlite-search-index';
import { SPEACH_SEARCH } from '../../projections/speach-search.projection';
import { sqliteCollectionTable } from '../support/sqlite-collection-table';
import { type SearchIndexUnderTest, searchIndexContract } from './search-index.contract';

searchIndexContract('sqlite', async () => {
  const db = new Database(':memory:');
  const write = sqliteCollectionTable(db, SPEACH_SEARCH);
  installSqliteSearch(db, SPEACH_SEARCH);
  return {
    index: new SqliteSearchIndex(db, SPEACH_SEARCH),
    write: async (docs) => write(docs),
    close: async () => void db.close(),
  } satisfies SearchIndexUnderTest;
});

searchIndexContract('memory', async () => {
  const store = new MemoryReadStore();
  const collection = store.collection(SPEACH_SEARCH);
  return {
    index: new MemorySearchIndex(store),
    write: (docs) => collection.bulkWrite(docs.map((doc) => ({ kind: 'replace', doc }))),
    close: () => store.close(),
  };
});

if (process.env.MONGO_URL) {
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');

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
