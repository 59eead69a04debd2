import { ANALYTICS_SPEACH_BUCKETS, type OwnerBucket } from '../../projections/analytics.projection';
import { MemoryReadStore } from '../infrastructure/read-store/memory-read-store';
import { OwnerTallies, type Tally, average } from './owner-tallies';
import { seededRandom } from '../seed/seeded-random';

const runner = { onCommitted: () => undefined } as never;

/** What the rankings meant before the columns: every bucket document of the slots, summed per owner, sorted. */
function reference(docs: OwnerBucket[], slots: string[], by: 'watch' | 'rating', top: number): [string, Tally][] {
  const sums = new Map<string, Tally>();
  for (const doc of docs) {
    if (!slots.includes(doc.slot)) continue;
    const t = sums.get(doc.ownerId) ?? { reads: 0, ratingCount: 0, ratingSum: 0 };
    t.reads += doc.reads;
    t.ratingCount += doc.ratingCount;
    t.ratingSum += doc.ratingSum;
    sums.set(doc.ownerId, t);
  }
  const rows = [...sums].filter(([, t]) => (by === 'watch' ? t.reads > 0 : t.ratingCount > 0));
  rows.sort(
    by === 'watch'
      ? ([, a], [, b]) => b.reads - a.reads || average(b) - average(a)
      : ([, a], [, b]) => average(b) - average(a) || b.ratingCount - a.ratingCount || b.reads - a.reads,
  );
  return rows.slice(0, top);
}

describe('OwnerTallies (the dashboard rankings)', () => {
  const next = seededRandom(11);
  const slots = ['m|2026-01', 'm|2026-02', 'm|2026-03', 'd|2026-04-01', 'd|2026-04-02'];
  const docs: OwnerBucket[] = [];
  for (let owner = 0; owner < 300; owner++) {
    for (const slot of slots) {
      if (next() < 0.5) continue;
      const ratingCount = next() < 0.3 ? 1 + Math.floor(next() * 4) : 0;
      docs.push({ _id: `s${owner}|${slot}`, ownerId: `s${owner}`, slot, reads: Math.floor(next() * 6), ratingCount, ratingSum: ratingCount * (1 + Math.floor(next() * 5)), created: 0 });
    }
  }

  it('ranks the sums of the chosen slots like a sum over every bucket document would', async () => {
    const store = new MemoryReadStore();
    await store.collection<OwnerBucket>(ANALYTICS_SPEACH_BUCKETS).bulkWrite(docs.map((doc) => ({ kind: 'replace' as const, doc })));
    const tallies = new OwnerTallies(runner, store);
    await tallies.onModuleInit(); // loads what the store holds
    for (const chosen of [slots, slots.slice(0, 3), slots.slice(3), [slots[1]], ['m|2025-12']]) {
      for (const by of ['watch', 'rating'] as const) {
        const expected = reference(docs, chosen, by, 20);
        const actual = [...tallies.leaders(ANALYTICS_SPEACH_BUCKETS, chosen, by, 20)];
        // Same owners in the same order wherever the ranking keys differ; ties may come in another order.
        const key = ([, t]: [string, Tally]) => (by === 'watch' ? `${t.reads}/${average(t)}` : `${average(t)}/${t.ratingCount}/${t.reads}`);
        expect(actual.map(key)).toEqual(expected.map(key));
        for (const [id, t] of actual) {
          const own = reference(docs, chosen, by, 10_000).find(([other]) => other === id);
          expect(own?.[1]).toEqual(t);
        }
      }
    }
  });

  it('follows committed writes: a bucket written again is set (not added), a cleared collection starts over', () => {
    const tallies = new OwnerTallies(runner, new MemoryReadStore());
    const bucket = (reads: number) => ({ _id: 's1|m|2026-01', ownerId: 's1', slot: 'm|2026-01', reads, ratingCount: 0, ratingSum: 0, created: 0 });
    tallies.apply(ANALYTICS_SPEACH_BUCKETS, new Map([['s1|m|2026-01', bucket(2)]]));
    tallies.apply(ANALYTICS_SPEACH_BUCKETS, new Map([['s1|m|2026-01', bucket(3)]]));
    expect(tallies.leaders(ANALYTICS_SPEACH_BUCKETS, ['m|2026-01'], 'watch', 10)).toEqual(new Map([['s1', { reads: 3, ratingCount: 0, ratingSum: 0 }]]));
    tallies.apply(ANALYTICS_SPEACH_BUCKETS, 'cleared');
    expect(tallies.leaders(ANALYTICS_SPEACH_BUCKETS, ['m|2026-01'], 'watch', 10).size).toBe(0);
    tallies.apply('another_collection', new Map([['x', bucket(9)]]));
    expect(tallies.leaders(ANALYTICS_SPEACH_BUCKETS, ['m|2026-01'], 'watch', 10).size).toBe(0);
  });
});
