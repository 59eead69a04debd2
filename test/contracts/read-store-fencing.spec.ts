import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeaseLostError, type LeaseStore } from '../../backend/infrastructure/leases/lease-store.port';
import type { ReadStore } from '../../backend/infrastructure/read-store/read-store.port';
import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { uuidv7 } from '../../events';

interface FencedStore extends ReadStore {
  fence(lease: string, owner: string, token: number): void;
}

interface Pair {
  /** The projector that will lose its lease (its store fenced) and the store of the one that takes over. */
  zombie: FencedStore;
  other: ReadStore;
  leases: LeaseStore;
  close(): Promise<void>;
}

/**
 * A paused projector resumed after a takeover must not commit: the read store checks the lease term in the
 * batch's own transaction (issue 25). The same contract on SQLite always and on MongoDB when MONGO_URL is set.
 */
function fencingContract(adapter: string, open: () => Promise<Pair>) {
  describe(`ReadStore fencing: ${adapter}`, () => {
    it('commits in its term, and refuses writes and checkpoint once another owner took the lease, even a later term of its own', async () => {
      const { zombie, other, leases, close } = await open();
      const lease = `projector-${uuidv7()}`;
      const collection = `fenced_${uuidv7().replace(/-/g, '')}`;
      const checkpoint = `fenced-${uuidv7()}`;
      try {
        const term = (await leases.acquire(lease, 'a', 60_000))!;
        zombie.fence(lease, 'a', term.token);
        await zombie.commit([{ collection, operations: [{ kind: 'replace', doc: { _id: 'one', n: 1 } }] }], { name: checkpoint, position: 1, version: 1 });
        expect(await other.collection(collection).findById('one')).toMatchObject({ n: 1 });

        await leases.release(lease, 'a');
        expect(await leases.acquire(lease, 'b', 60_000)).toMatchObject({ taken: true });
        const late = zombie.commit([{ collection, operations: [{ kind: 'replace', doc: { _id: 'two', n: 2 } }] }], {
          name: checkpoint,
          position: 2,
          version: 1,
        });
        await expect(late).rejects.toBeInstanceOf(LeaseLostError);
        expect(await other.collection(collection).findById('two')).toBeNull();
        expect(await other.checkpoints.load(checkpoint)).toEqual({ name: checkpoint, position: 1, version: 1 });

        await leases.release(lease, 'b');
        expect(await leases.acquire(lease, 'a', 60_000)).toMatchObject({ taken: true });
        const oldTerm = zombie.commit([{ collection, operations: [{ kind: 'replace', doc: { _id: 'two', n: 2 } }] }], {
          name: checkpoint,
          position: 2,
          version: 1,
        });
        await expect(oldTerm).rejects.toBeInstanceOf(LeaseLostError);
      } finally {
        await close();
      }
    });
  });
}

fencingContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fencing-'));
  const zombie = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const other = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  // Two processes on one file: each sees the tables the other creates (as APP_ROLE=api and projector do).
  for (const store of [zombie, other]) store.followOtherProcesses();
  return {
    zombie,
    other,
    leases: other.leases,
    close: async () => {
      await zombie.close();
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

if (process.env.MONGO_URL) {
  const { MongoReadStore } = require('../../backend/infrastructure/read-store/mongo-read-store');
  const { MongoLeaseStore } = require('../../backend/infrastructure/leases/mongo-lease-store');
  fencingContract('mongo', async () => {
    const [zombie, other, leases] = await Promise.all([
      MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract'),
      MongoReadStore.connect(process.env.MONGO_URL!, 'speach_contract'),
      MongoLeaseStore.connect(process.env.MONGO_URL!, 'speach_contract'),
    ]);
    return { zombie, other, leases, close: async () => Promise.all([zombie.close(), other.close(), leases.close()]).then(() => undefined) };
  });
}
