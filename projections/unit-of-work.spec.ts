import type { RecordedEvent } from '../events';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { UnitOfWork } from './unit-of-work';

const event = (position: number): RecordedEvent =>
  ({
    id: `e${position}`,
    streamId: 's',
    revision: position,
    position,
    type: 'T',
    schemaVersion: 1,
    data: {},
    metadata: {},
    time: '2026-01-01T00:00:00.000Z',
  }) as RecordedEvent;

describe('UnitOfWork', () => {
  it('finds what is stored with the batch’s own writes laid over it, without committing the batch', async () => {
    const store = new MemoryReadStore({ freezeAdopted: true });
    const members = store.collection<{ _id: string; groupIds: string[] }>('members');
    await members.createIndex({ field: 'groupIds' });
    await members.bulkWrite([
      { kind: 'replace', doc: { _id: 'ann', groupIds: ['g1'] } },
      { kind: 'replace', doc: { _id: 'bob', groupIds: ['g1'] } },
      { kind: 'replace', doc: { _id: 'cid', groupIds: ['g1'] } },
    ]);
    const work = new UnitOfWork(store);
    work.applying(event(10));
    await work.upsert('members', 'bob', () => null); // deleted in this batch
    await work.upsert('members', 'cid', (doc) => ({ ...doc!, groupIds: ['g2'] })); // left the group
    await work.upsert('members', 'dan', () => ({ _id: 'dan', groupIds: ['g1', 'g2'] }) as never); // new
    const found = await work.find<{ _id: string }>('members', { groupIds: { $in: ['g1'] } });
    expect(found.map((d) => d._id).sort()).toEqual(['ann', 'dan']);
    // Nothing reached the store yet: the batch commits once, at its end.
    expect(await members.count({})).toBe(3);
    expect(work.pendingWrites).toBe(3);
    await work.commit();
    expect((await members.find({ groupIds: 'g1' })).map((d) => d._id).sort()).toEqual(['ann', 'dan']);
  });

  it('answers a repeated find from the batch until the collection is written, an event is taken back or the batch ends', async () => {
    const store = new MemoryReadStore({ freezeAdopted: true });
    const members = store.collection<{ _id: string; roles: string[] }>('members');
    await members.bulkWrite([
      { kind: 'replace', doc: { _id: 'ann', roles: ['ADMIN'] } },
      { kind: 'replace', doc: { _id: 'bob', roles: [] } },
    ]);
    let asked = 0;
    const find = members.find.bind(members);
    members.find = (...args: Parameters<typeof members.find>) => {
      asked += 1;
      return find(...args);
    };
    const admins = async () => (await work.find<{ _id: string }>('members', { roles: 'ADMIN' })).map((d) => d._id).sort();
    const work = new UnitOfWork(store);
    work.applying(event(10));
    expect(await admins()).toEqual(['ann']);
    const answer = await work.find<{ _id: string }>('members', { roles: 'ADMIN' });
    answer.pop(); // a caller's changes to the array it was given stay its own
    expect(await admins()).toEqual(['ann']);
    expect(asked).toBe(1);
    // Another collection's write keeps the answer; this collection's write replaces it.
    await work.upsert('other', 'x', () => ({ _id: 'x' }) as never);
    expect(await admins()).toEqual(['ann']);
    expect(asked).toBe(1);
    await work.upsert('members', 'bob', () => ({ _id: 'bob', roles: ['ADMIN'] }) as never);
    expect(await admins()).toEqual(['ann', 'bob']);
    expect(asked).toBe(2);
    // The next event fails half-way: its write is taken back, and so is the answer that counted it.
    work.applying(event(11));
    await work.upsert('members', 'cid', () => ({ _id: 'cid', roles: ['ADMIN'] }) as never);
    expect(await admins()).toEqual(['ann', 'bob', 'cid']);
    work.discardEvent();
    expect(await admins()).toEqual(['ann', 'bob']);
    // A filter that differs only by a regular expression is another question.
    expect((await work.find<{ _id: string }>('members', { _id: /^a/ })).map((d) => d._id)).toEqual(['ann']);
    expect((await work.find<{ _id: string }>('members', { _id: /^b/ })).map((d) => d._id)).toEqual(['bob']);
    await work.commit();
    const before = asked;
    expect(await admins()).toEqual(['ann', 'bob']);
    expect(asked).toBe(before + 1);
  });
});
