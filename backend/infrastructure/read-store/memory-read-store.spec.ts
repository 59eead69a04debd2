import { MemoryReadStore } from './memory-read-store';

type Counter = {
  _id: string;
  tally: { count: number };
};

async function adoptedCounter(store: MemoryReadStore): Promise<Counter> {
  const doc: Counter = { _id: 'c1', tally: { count: 1 } };
  await store.collection<Counter>('counters').bulkWrite([{ kind: 'replace', doc, adopt: true }]);
  return doc;
}

describe('MemoryReadStore freezeAdopted', () => {
  it('deep-freezes the documents a projection hands over when the harness asks', async () => {
    const doc = await adoptedCounter(new MemoryReadStore({ freezeAdopted: true }));
    expect(Object.isFrozen(doc)).toBe(true);
    expect(() => {
      doc.tally.count = 2;
    }).toThrow(TypeError);
  });

  it('leaves them as they are by default, whatever runs it', async () => {
    const store = new MemoryReadStore();
    const doc = await adoptedCounter(store);
    expect(Object.isFrozen(doc)).toBe(false);
    doc.tally.count = 2;
    expect((await store.collection<Counter>('counters').findById('c1'))?.tally.count).toBe(2);
  });
});
