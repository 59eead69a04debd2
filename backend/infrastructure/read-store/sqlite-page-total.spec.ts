import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Document } from './read-store.port';
import { SqliteReadStore } from './sqlite-read-store';
import type { SqliteTables } from './sqlite-tables';

interface Card extends Document {
  archived: boolean;
  published: boolean;
  titleKey: string;
  language: string;
  liveFrom: string;
  visibility: string;
  body: string;
}

/**
 * A page's total is counted through the index that served the page: SQLite, left to itself, counted
 * the admin list through an index without the title and visibility and read every row's JSON.
 */
describe('SqliteCollection page totals', () => {
  let dir: string;
  let store: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'page-total-'));
    store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts with the page index and gives the same total as a plain count', async () => {
    const cards = store.collection<Card>('cards');
    await cards.createIndex({ fields: ['archived', 'published', 'titleKey', 'liveFrom', 'visibility'].map((field) => ({ field, direction: 1 as const })) });
    await cards.createIndex({
      fields: [
        { field: 'archived', direction: 1 },
        { field: 'published', direction: 1 },
        { field: 'language', direction: 1 },
        { field: 'liveFrom', direction: -1 },
      ],
    });
    await cards.bulkWrite(
      Array.from({ length: 300 }, (_, i) => ({
        kind: 'replace' as const,
        doc: {
          _id: `c${String(i).padStart(4, '0')}`,
          archived: i % 7 === 0,
          published: i % 2 === 0,
          titleKey: i % 3 === 0 ? `safety ${i}` : `other ${i}`,
          language: i % 4 === 0 ? 'fr-FR' : 'en-GB',
          liveFrom: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
          visibility: i % 5 === 0 ? 'PRIVE' : 'PUBLIC',
          body: 'x'.repeat(200),
        },
      })),
    );
    const filter = {
      $and: [
        { archived: false },
        { published: true, liveFrom: { $lte: '2026-02-01' } },
        { titleKey: { $regex: 'safety' } },
        { visibility: { $in: ['PUBLIC'] } },
      ],
    };
    const tables = (cards as unknown as { tables: SqliteTables }).tables;
    const statements: string[] = [];
    const statement = tables.statement.bind(tables);
    jest.spyOn(tables, 'statement').mockImplementation((sql: string) => {
      statements.push(sql);
      return statement(sql);
    });

    const page = await cards.findPage(filter, { sort: { titleKey: 1, _id: 1 }, skip: 0, limit: 5 });

    const expected = (await cards.find({})).filter(
      (c) => !c.archived && c.published && c.liveFrom <= '2026-02-01' && c.titleKey.includes('safety') && c.visibility === 'PUBLIC',
    );
    expect(page.total).toBe(expected.length);
    const byTitle = [...expected].sort((a, b) => (a.titleKey < b.titleKey ? -1 : a.titleKey > b.titleKey ? 1 : a._id < b._id ? -1 : 1));
    expect(page.docs.map((d) => d._id)).toEqual(byTitle.slice(0, 5).map((c) => c._id));
    const count = statements.find((sql) => sql.includes('count(*)'))!;
    const plan = (tables.db.prepare(`EXPLAIN QUERY PLAN ${count}`).all('2026-02-01', 'safety', 'PUBLIC') as { detail: string }[])
      .map((row) => row.detail)
      .join('\n');
    expect(plan).toContain('cards:archived,published,titleKey,liveFrom,visibility');
    expect(plan).not.toContain('language');
  });
});
