import type { Document, ReadStore } from '../../backend/infrastructure/read-store/read-store.port';
import { uuidv7 } from '../../events';

interface Item extends Document {
  label: string;
}

/**
 * Zero-downtime projection versions, on every read store that can build beside the serving
 * collections: the serving ones answer unchanged while the new version builds, the switch serves
 * the built ones with the new checkpoint, and a half-done build resumes from its own checkpoint.
 */
export function rebuildBesideContract(name: string, open: () => Promise<ReadStore>) {
  describe(`ReadStore rebuild beside: ${name}`, () => {
    let store: ReadStore;
    let projection: string;
    let collection: string;
    const v1: Item[] = [
      { _id: 'a', label: 'old a' },
      { _id: 'b', label: 'old b' },
    ];

    beforeEach(async () => {
      store = await open();
      projection = `items_${uuidv7().replace(/-/g, '')}`;
      collection = projection;
      await store.collection(collection).createIndex({ field: 'label' });
      await store.commit([{ collection, operations: v1.map((doc) => ({ kind: 'replace', doc })) }], { name: projection, position: 2, version: 1 });
    });
    afterEach(async () => {
      await store.collection(collection).clear();
      await store.close();
    });

    it('serves the old version while the new one builds, then switches to it with its checkpoint', async () => {
      const beside = await store.rebuildBeside!(projection, 2, [collection], true);
      expect(beside.position).toBe(0);
      await beside.store.commit([{ collection, operations: [{ kind: 'replace', doc: { _id: 'a', label: 'new a' } }] }], {
        name: projection,
        position: 1,
        version: 2,
      });
      expect(await store.collection<Item>(collection).find({}, { sort: { _id: 1 } })).toEqual(v1);
      expect(await store.checkpoints.load(projection)).toEqual({ name: projection, position: 2, version: 1 });
      expect(await beside.store.collection<Item>(collection).find({})).toEqual([{ _id: 'a', label: 'new a' }]);
      expect(await beside.store.checkpoints.load(projection)).toEqual({ name: projection, position: 1, version: 2 });

      await beside.store.commit([{ collection, operations: [{ kind: 'replace', doc: { _id: 'c', label: 'new c' } }] }], {
        name: projection,
        position: 2,
        version: 2,
      });
      await beside.switchOver({ name: projection, position: 2, version: 2 });
      expect(await store.collection<Item>(collection).find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', label: 'new a' },
        { _id: 'c', label: 'new c' },
      ]);
      expect(await store.checkpoints.load(projection)).toEqual({ name: projection, position: 2, version: 2 });
      // The serving collection's declared index answered the filter before; the switched one still does.
      expect(await store.collection(collection).count({ label: 'new c' })).toBe(1);
    });

    it('resumes a build left half-way from its own checkpoint, and starts over when told to', async () => {
      const first = await store.rebuildBeside!(projection, 2, [collection], true);
      await first.store.commit([{ collection, operations: [{ kind: 'replace', doc: { _id: 'a', label: 'new a' } }] }], {
        name: projection,
        position: 1,
        version: 2,
      });
      const resumed = await store.rebuildBeside!(projection, 2, [collection], false);
      expect(resumed.position).toBe(1);
      expect(await resumed.store.collection(collection).count()).toBe(1);
      const restarted = await store.rebuildBeside!(projection, 2, [collection], true);
      expect(restarted.position).toBe(0);
      expect(await restarted.store.collection(collection).count()).toBe(0);
      expect(await store.collection(collection).count()).toBe(2);
    });
  });
}
