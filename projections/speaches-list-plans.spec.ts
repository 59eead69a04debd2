import type { Document, Filter, FindOptions } from '../backend/infrastructure/read-store/read-store.port';
import { SqliteReadStore } from '../backend/infrastructure/read-store/sqlite-read-store';
import type { SqliteTables } from '../backend/infrastructure/read-store/sqlite-tables';
import { SPEACHES, speachesProjection } from './speaches.projection';

const NOW = '2026-06-01T00:00:00.000Z';

/**
 * The speaches table's declared indexes serve the list lines of issue 15 (plans SQLite keeps whatever the size): the
 * path editor's catalogue in publication order is read in that order, and a title search is counted through its
 * matching titles inside the admin list's index (no speach's JSON), as measured on 100k speaches (docs/performance.md, "Session 13: the list queries").
 */
describe('speaches list plans', () => {
  let store: SqliteReadStore;
  let plans: Map<string, string>;
  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    const speaches = store.collection(SPEACHES);
    for (const index of speachesProjection.collections.find((c) => c.name === SPEACHES)!.indexes ?? []) await speaches.createIndex(index);
    await speaches.bulkWrite(
      Array.from({ length: 200 }, (_, i) => ({
        kind: 'replace' as const,
        doc: {
          _id: `s${String(i).padStart(3, '0')}`,
          archived: i % 10 === 0,
          published: i % 3 !== 0,
          isTemplate: false,
          titleKey: `${i % 4 === 0 ? 'safety' : 'quality'} course ${i}`,
          visibility: i % 2 ? 'PUBLIC' : 'RESTREINT',
          language: 'en-GB',
          categoryId: null,
          updatedAt: `2026-0${(i % 5) + 1}-01T00:00:00.000Z`,
          createdAt: '2026-01-01T00:00:00.000Z',
          firstPublishedAt: i % 3 !== 0 ? `2026-0${(i % 4) + 1}-0${(i % 9) + 1}T00:00:00.000Z` : null,
          liveFrom: i % 3 !== 0 ? `2026-0${(i % 4) + 1}-0${(i % 9) + 1}T00:00:00.000Z` : null,
          unpublishAfterDueDate: false,
          dueDate: null,
          body: 'x'.repeat(300),
        },
      })),
    );
    const tables = (speaches as unknown as { tables: SqliteTables }).tables;
    plans = new Map();
    const statement = tables.statement.bind(tables);
    jest.spyOn(tables, 'statement').mockImplementation((sql: string) => {
      const prepared = statement(sql);
      const run =
        (method: 'all' | 'get') =>
        (...params: unknown[]) => {
          const rows = (tables.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
          plans.set(sql, rows);
          return (prepared[method] as (...p: unknown[]) => unknown)(...params);
        };
      return { pluck: (on = true) => (prepared.pluck(on), { all: run('all'), get: run('get') }), all: run('all'), get: run('get') } as never;
    });
  });
  afterEach(() => store.close());

  const query = async (filter: Filter, options: FindOptions) => {
    plans.clear();
    const page = await store.collection<Document>(SPEACHES).findPage(filter, options);
    return { page, plans: [...plans.entries()] };
  };

  it("reads the path editor's catalogue in publication order from an index, stopping at the page", async () => {
    const catalogue = {
      $and: [
        { archived: false, isTemplate: false, _id: { $nin: ['s001', 's002'] } },
        { published: true, liveFrom: { $lte: NOW } },
      ],
    };
    const { page, plans: run } = await query(catalogue, { sort: { firstPublishedAt: -1, _id: 1 }, skip: 0, limit: 20 });
    expect(page.docs).toHaveLength(20);
    const [, plan] = run.find(([sql]) => sql.startsWith('SELECT doc'))!;
    expect(plan).toContain('archived,published,firstPublishedAt-');
    expect(plan).not.toContain('USE TEMP B-TREE FOR ORDER BY');
  });

  it('counts a title search by seeking its matching titles in the admin list index', async () => {
    const filter = {
      $and: [{ archived: false }, { published: true, liveFrom: { $lte: NOW } }, { titleKey: { $regex: 'safety' } }, { visibility: { $in: ['RESTREINT'] } }],
    };
    const { page, plans: run } = await query(filter, { sort: { titleKey: 1, _id: 1 }, skip: 0, limit: 5 });
    // Multiples of 4 ("safety", RESTREINT), neither archived (of 10) nor unpublished (of 3), all live by then.
    const expected = Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 4 === 0 && i % 10 !== 0 && i % 3 !== 0);
    expect(page.total).toBe(expected.length);
    expect(page.docs.map((d) => d._id)).toEqual(
      expected
        .map((i) => `s${String(i).padStart(3, '0')}`)
        .sort((a, b) => (`safety course ${+a.slice(1)}` < `safety course ${+b.slice(1)}` ? -1 : 1))
        .slice(0, 5),
    );
    const [sql, plan] = run.find(([text]) => text.startsWith('SELECT count(*)'))!;
    expect(sql).toContain('"k:titleKey" IN (SELECT text FROM');
    expect(plan).toMatch(/archived,published,titleKey,liveFrom,visibility,isTemplate \(k:archived=\? AND k:published=\? AND k:titleKey=\?/);

    const quality = await query({ $and: [{ archived: false }, { titleKey: { $regex: 'quality' } }] }, { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 5 });
    // Beside an $or (the learner catalogue's readable speaches) the flags leave the index: the lookup drives by rowid.
    const readable = await query(
      { $and: [{ archived: false, published: true, $or: [{ visibility: 'PUBLIC' }, { authorId: 'u1' }] }, { titleKey: { $regex: 'quality' } }] },
      { sort: { updatedAt: -1, _id: 1 }, skip: 0, limit: 5 },
    );
    expect(readable.page.total).toBe(Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 4 !== 0 && i % 10 !== 0 && i % 3 !== 0 && i % 2 === 1).length);
    expect(readable.plans.find(([text]) => text.startsWith('SELECT count(*)'))![0]).toContain('rowid IN (SELECT rowid FROM "speaches:tri:titleKey"');
    // Not multiples of 4 (150), less the archived ones among them (10, 30, …, 190).
    expect(quality.page.total).toBe(140);
    expect(quality.plans.find(([text]) => text.startsWith('SELECT count(*)'))![1]).toMatch(/archived,titleKey \(k:archived=\? AND k:titleKey=\?\)/);
  });
});
