import type { Document, ReadStore } from '../../backend/infrastructure/read-store/read-store.port';
import { uuidv7 } from '../../events';

interface Person extends Document {
  name: string;
  age: number;
  groups: string[];
  address?: { city: string };
  active: boolean;
}

const people: Person[] = [
  { _id: 'p1', name: 'Ada', age: 36, groups: ['g1', 'g2'], address: { city: 'London' }, active: true },
  { _id: 'p2', name: 'Grace', age: 45, groups: ['g2'], address: { city: 'New York' }, active: true },
  { _id: 'p3', name: 'Linus', age: 28, groups: [], active: false },
  { _id: 'p4', name: 'Margaret', age: 52, groups: ['g1'], address: { city: 'Boston' }, active: true },
];

/** The ReadStore contract, run against every adapter; each test uses its own collection name. */
export function readStoreContract(name: string, open: () => Promise<ReadStore>, indexed: boolean) {
  describe(`ReadStore contract: ${name}${indexed ? ' (indexed)' : ''}`, () => {
    let store: ReadStore;
    let collectionName: string;
    const persons = () => store.collection<Person>(collectionName);

    beforeEach(async () => {
      store = await open();
      collectionName = `people_${uuidv7().replace(/-/g, '')}`;
      if (indexed) {
        await persons().createIndex({ field: 'groups' });
        await persons().createIndex({ field: 'address.city' });
        await persons().createIndex({ field: 'active' });
      }
      await persons().bulkWrite(people.map((doc) => ({ kind: 'replace', doc })));
    });
    afterEach(async () => {
      await persons().clear();
      await store.close();
    });

    it('finds with a filter, sort, skip, limit and projection', async () => {
      const found = await persons().find({ active: true }, { sort: { age: -1 }, skip: 1, limit: 2, projection: { name: 1 } });
      expect(found).toEqual([
        { _id: 'p2', name: 'Grace' },
        { _id: 'p1', name: 'Ada' },
      ]);
    });

    it('answers a page and the number of all matches in one call', async () => {
      const { docs, total } = await persons().findPage({ $or: [{ active: true }, { groups: { $size: 0 } }] }, { sort: { age: 1 }, skip: 1, limit: 2 });
      expect(docs.map((p) => p._id)).toEqual(['p1', 'p2']);
      expect(total).toBe(4);
      expect(await persons().findPage({ name: { $regex: 'zz' } }, { sort: { age: 1 }, limit: 2 })).toEqual({ docs: [], total: 0 });
      const indexed = await persons().findPage({ groups: 'g1' }, { sort: { name: -1 }, limit: 1 });
      expect(indexed).toEqual({ docs: [people[3]], total: 2 });
    });

    it('matches array fields like MongoDB (multikey) and $in', async () => {
      expect((await persons().find({ groups: 'g1' }, { sort: { _id: 1 } })).map((p) => p._id)).toEqual(['p1', 'p4']);
      expect((await persons().find({ groups: { $in: ['g2', 'nope'] } }, { sort: { _id: 1 } })).map((p) => p._id)).toEqual(['p1', 'p2']);
      expect(await persons().count({ groups: { $size: 0 } })).toBe(1);
    });

    it('matches nested paths, regular expressions and ranges', async () => {
      expect((await persons().find({ 'address.city': 'Boston' })).map((p) => p._id)).toEqual(['p4']);
      expect((await persons().find({ name: { $regex: '^g', $options: 'i' } })).map((p) => p._id)).toEqual(['p2']);
      expect(await persons().count({ age: { $gte: 36, $lt: 52 } })).toBe(2);
      expect(await persons().count({ 'address.city': null })).toBe(1);
    });

    it('answers the distinct values of a field among the matches, array elements one by one', async () => {
      const sorted = (values: Array<string | number>) => [...values].sort((a, b) => String(a).localeCompare(String(b)));
      expect(sorted(await persons().distinct('groups'))).toEqual(['g1', 'g2']);
      expect(sorted(await persons().distinct('groups', { age: { $gte: 40 } }))).toEqual(['g1', 'g2']);
      expect(sorted(await persons().distinct('address.city', { active: true }))).toEqual(['Boston', 'London', 'New York']);
      expect(sorted(await persons().distinct('age', { name: { $regex: '^[AG]' } }))).toEqual([36, 45]);
      // Flags and missing values are not among the answers; no match answers none.
      expect(await persons().distinct('active')).toEqual([]);
      expect(await persons().distinct('address.city', { active: false })).toEqual([]);
      expect(await persons().distinct('name', { age: { $gt: 99 } })).toEqual([]);
    });

    it('counts and aggregates with a pipeline', async () => {
      expect(await persons().count()).toBe(4);
      const byActive = await persons().aggregate<{ _id: boolean; total: number }>([
        { $match: { age: { $gt: 20 } } },
        { $group: { _id: '$active', total: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ]);
      expect(byActive).toEqual([
        { _id: false, total: 1 },
        { _id: true, total: 3 },
      ]);
    });

    it('finds by id and by ids, and answers null for an unknown id', async () => {
      expect((await persons().findById('p3'))?.name).toBe('Linus');
      expect(await persons().findById('nobody')).toBeNull();
      expect((await persons().findByIds(['p4', 'nobody', 'p1'])).map((p) => p._id).sort()).toEqual(['p1', 'p4']);
      expect((await persons().findOne({ name: 'Grace' }))?._id).toBe('p2');
    });

    it('updates with operators, upserts, replaces and deletes', async () => {
      await persons().updateById('p1', { $set: { 'address.city': 'Paris' }, $inc: { age: 1 }, $addToSet: { groups: 'g3' } });
      const ada = await persons().findById('p1');
      expect(ada).toMatchObject({ age: 37, address: { city: 'Paris' }, groups: ['g1', 'g2', 'g3'] });
      expect((await persons().find({ 'address.city': 'London' })).length).toBe(0);
      expect((await persons().find({ 'address.city': 'Paris' })).map((p) => p._id)).toEqual(['p1']);

      await persons().updateById('ghost', { $set: { name: 'Ghost' } });
      expect(await persons().findById('ghost')).toBeNull();
      await persons().updateById('ghost', { $set: { name: 'Ghost', groups: ['g9'] } }, { upsert: true });
      expect((await persons().find({ groups: 'g9' })).map((p) => p.name)).toEqual(['Ghost']);

      await persons().replace({ _id: 'p2', name: 'Grace H.', age: 46, groups: [], active: false });
      expect(await persons().count({ groups: 'g2' })).toBe(1);
      await persons().deleteById('p2');
      expect(await persons().findById('p2')).toBeNull();
      expect(await persons().count({ active: false })).toBe(1);
    });

    it('never lets a caller mutate stored documents through a returned one', async () => {
      const ada = (await persons().findById('p1'))!;
      ada.groups.push('hacked');
      ada.name = 'changed';
      expect(await persons().findById('p1')).toMatchObject({ name: 'Ada', groups: ['g1', 'g2'] });
    });

    it('applies bulk writes of every kind', async () => {
      await persons().bulkWrite([
        { kind: 'delete', id: 'p3' },
        { kind: 'update', id: 'p4', update: { $set: { active: false } } },
        { kind: 'replace', doc: { _id: 'p5', name: 'Barbara', age: 70, groups: ['g1'], active: true } },
      ]);
      expect((await persons().find({ active: true }, { sort: { name: 1 } })).map((p) => p.name)).toEqual(['Ada', 'Barbara', 'Grace']);
    });

    it('empties a collection on clear', async () => {
      await persons().clear();
      expect(await persons().count()).toBe(0);
      expect(await persons().find({ groups: 'g1' })).toEqual([]);
    });
  });
}
