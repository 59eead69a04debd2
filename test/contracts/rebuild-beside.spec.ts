import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { rebuildBesideContract } from './rebuild-beside.contract';

rebuildBesideContract('sqlite', async () => new SqliteReadStore(':memory:'));

if (process.env.MONGO_URL) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');
  rebuildBesideContract('mongo', () => MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract'));
}
