import { Query } from 'mingo';
import { compileSort, topK } from './top-k';
import { seededRandom } from '../seeded-random';

describe('top-k page selection', () => {
  const next = seededRandom(42);
  const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)];
  const docs = Array.from({ length: 600 }, (_, i) => {
    const doc: Record<string, unknown> = {
      _id: `d${i}`,
      title: pick(['alpha', 'Beta', 'gamma', 'Émile', 'delta', '']),
      score: pick([0, 1, 2, 2.5, -1, null]),
      updatedAt: pick(['2026-01-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z', null]),
      nested: { rank: pick([1, 2, 3]) },
      flag: pick([true, false]),
    };
    if (next() < 0.1) delete doc.score;
    return doc;
  });
  const sorts: Record<string, 1 | -1>[] = [
    { title: 1 },
    { title: -1, _id: 1 },
    { score: -1 },
    { score: 1, title: 1 },
    { updatedAt: -1 },
    { 'nested.rank': 1, score: -1 },
    { flag: 1, title: -1 },
  ];

  it.each(sorts)('selects the same page as a full mingo sort for %j', (sort) => {
    for (const [skip, limit] of [
      [0, 10],
      [20, 20],
      [590, 50],
      [0, 600],
    ]) {
      const expected = new Query({}, {}).find(docs).sort(sort).skip(skip).limit(limit).all();
      const compare = compileSort(sort, docs);
      expect(compare).toBeDefined();
      expect(
        topK(docs, skip + limit, compare!)
          .slice(skip)
          .map((d) => d._id),
      ).toEqual(expected.map((d) => (d as { _id: string })._id));
    }
  });

  it('declines sort keys holding arrays or objects, leaving them to mingo', () => {
    expect(compileSort({ tags: 1 }, [{ tags: ['a', 'b'] }])).toBeUndefined();
    expect(compileSort({ meta: 1 }, [{ meta: { a: 1 } }])).toBeUndefined();
  });
});
