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
});
