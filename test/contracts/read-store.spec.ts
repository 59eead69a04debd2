import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { readStoreContract } from './read-store.contract';

// One store shared by the tests of a suite, as in production: the contract uses a fresh collection per test.
readStoreContract('memory', async () => new MemoryReadStore(), false);
readStoreContract('memory', async () => new MemoryReadStore(), true);
readStoreContract('sqlite', async () => new SqliteReadStore(':memory:'), false);
readStoreContract('sqlite', async () => new SqliteReadStore(':memory:'), true);

if (process.env.MONGO_URL) {
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');
  readStoreContract('mongo', () => MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract'), false);
  readStoreContract('mongo', () => MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract'), true);
}
