import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LeaseStore } from '../../backend/infrastructure/leases/lease-store.port';
import { SqliteLeaseStore } from '../../backend/infrastructure/leases/sqlite-lease-store';
import { uuidv7 } from '../../events';

/** Expiry is measured on the wall clock: a short TTL, waited out by polling the store (no fixed sleep). */
async function untilFree(store: LeaseStore, name: string, owner: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await store.acquire(name, owner, 60_000))) {
    if (Date.now() > deadline) throw new Error(`${name} never expired`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function leaseContract(adapter: string, open: () => Promise<{ store: LeaseStore; other: LeaseStore; close: () => Promise<void> }>) {
  describe(`LeaseStore contract: ${adapter}`, () => {
    it('gives a free lease to the first owner, refuses it to another, and renews it for its holder', async () => {
      const { store, other, close } = await open();
      const name = `lease-${uuidv7()}`;
      try {
        expect(await store.holder(name)).toBeNull();
        const taken = await store.acquire(name, 'a', 60_000);
        expect(taken).toMatchObject({ taken: true });
        expect(await other.acquire(name, 'b', 60_000)).toBeNull();
        const first = (await store.holder(name))!;
        expect(first).toMatchObject({ owner: 'a', token: taken!.token });
        // A renewal keeps the term (and its fencing token).
        expect(await store.acquire(name, 'a', 120_000)).toEqual({ token: taken!.token, taken: false });
        expect((await other.holder(name))!.expiresAt).toBeGreaterThan(first.expiresAt);
      } finally {
        await close();
      }
    });

    it('lets another owner take an expired lease, after which the old holder can no longer renew it', async () => {
      const { store, other, close } = await open();
      const name = `lease-${uuidv7()}`;
      try {
        const first = (await store.acquire(name, 'a', 30))!;
        await untilFree(other, name, 'b');
        const second = (await store.holder(name))!;
        expect(second.owner).toBe('b');
        expect(second.token).toBeGreaterThan(first.token);
        expect(await store.acquire(name, 'a', 60_000)).toBeNull();
      } finally {
        await close();
      }
    });

    it('starts a new term when the holder comes back after its own lease expired', async () => {
      const { store, close } = await open();
      const name = `lease-${uuidv7()}`;
      try {
        const first = (await store.acquire(name, 'a', 30))!;
        // Acquiring again within the term renews it, so the holder must stay away until the term is over.
        const termEnd = Date.now() + 30;
        while (Date.now() <= termEnd);
        const again = await store.acquire(name, 'a', 30);
        expect(again).toEqual({ token: first.token + 1, taken: true });
      } finally {
        await close();
      }
    });

    it('frees a released lease at once, and ignores a release by a non-holder', async () => {
      const { store, other, close } = await open();
      const name = `lease-${uuidv7()}`;
      try {
        expect(await store.acquire(name, 'a', 60_000)).not.toBeNull();
        await other.release(name, 'b');
        expect(await other.acquire(name, 'b', 60_000)).toBeNull();
        await store.release(name, 'a');
        expect(await other.acquire(name, 'b', 60_000)).toMatchObject({ taken: true });
      } finally {
        await close();
      }
    });

    it('hands a contested lease to exactly one of many owners', async () => {
      const { store, other, close } = await open();
      const name = `lease-${uuidv7()}`;
      try {
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).acquire(name, `owner-${i}`, 60_000)));
        expect(answers.filter((held) => held !== null)).toHaveLength(1);
      } finally {
        await close();
      }
    });
  });
}

// Two connections to one file: what two processes sharing DATA_DIR see.
leaseContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lease-'));
  const [a, b] = [new Database(join(dir, 'read-models.sqlite')), new Database(join(dir, 'read-models.sqlite'))];
  return {
    store: new SqliteLeaseStore(a),
    other: new SqliteLeaseStore(b),
    close: async () => {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

if (process.env.MONGO_URL) {
  const { MongoLeaseStore } = require('../../backend/infrastructure/leases/mongo-lease-store');
  leaseContract('mongo', async () => {
    const [store, other] = await Promise.all([
      MongoLeaseStore.connect(process.env.MONGO_URL!, 'speach_contract'),
      MongoLeaseStore.connect(process.env.MONGO_URL!, 'speach_contract'),
    ]);
    return { store, other, close: async () => Promise.all([store.close(), other.close()]).then(() => undefined) };
  });
}
