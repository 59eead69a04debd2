import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { rebuildBesideContract } from './rebuild-beside.contract';

rebuildBesideContract('sqlite', async () => new SqliteReadStore(':memory:'));

if (process.env.MONGO_URL) {
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');
  rebuildBesideContract('mongo', () => MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract'));
}
