import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeRegex } from '../http/simple-rest';
import type { Document, Filter } from './read-store.port';
import { SqliteReadStore } from './sqlite-read-store';
import type { SqliteTables } from './sqlite-tables';

interface Card extends Document {
  archived: boolean;
  titleKey: string;
}

const card = (i: number, title: string, archived = false): Card => ({ _id: `c${String(i).padStart(3, '0')}`, archived, titleKey: title });
const titled = (word: string): Filter => ({ $and: [{ archived: false }, { titleKey: { $regex: escapeRegex(word) } }] });

/**
 * A list's total is counted once and given again until its table is written: by this process, or by another one
 * sharing the file (the API beside the projector). The answers always stay those of a fresh count.
 */
describe('SQLite remembered totals', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  let tables: SqliteTables;
  let counts: string[];
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'remembered-'));
    file = join(dir, 'read-models.sqlite');
    store = new SqliteReadStore(file);
    const cards = store.collection<Card>('cards');
    await cards.createIndex({ fields: [{ field: 'archived' }, { field: 'titleKey' }] });
    await cards.createIndex({ field: 'titleKey', substring: true });
    await cards.bulkWrite(
      Array.from({ length: 60 }, (_, i) => ({ kind: 'replace' as const, doc: card(i, `${i % 3 ? 'quality' : 'safety'} course ${i}`, i % 10 === 0) })),
    );
    tables = (cards as unknown as { tables: SqliteTables }).tables;
    counts = [];
    const statement = tables.statement.bind(tables);
    jest.spyOn(tables, 'statement').mockImplementation((sql: string) => {
      if (sql.includes('count(*)')) counts.push(sql);
      return statement(sql);
    });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (filter: Filter, skip = 0) => store.collection<Card>('cards').findPage(filter, { sort: { titleKey: 1, _id: 1 }, skip, limit: 5 });

  it('counts a filter once across its pages, and again after a write to its table', async () => {
    expect((await page(titled('safety'))).total).toBe(18);
    expect((await page(titled('safety'), 5)).total).toBe(18);
    expect(await store.collection<Card>('cards').count({ archived: false })).toBe(54);
    expect(await store.collection<Card>('cards').count({ archived: false })).toBe(54);
    expect(counts).toHaveLength(2);

    // Another collection's writes leave the answers; this one's make them counted again.
    await store.collection<Card>('others').replace(card(1, 'safety elsewhere'));
    expect((await page(titled('safety'))).total).toBe(18);
    expect(counts).toHaveLength(2);
    await store.collection<Card>('cards').replace(card(100, 'safety first'));
    expect((await page(titled('safety'))).total).toBe(19);
    await store.collection<Card>('cards').updateById('c003', { $set: { archived: true } });
    expect((await page(titled('safety'))).total).toBe(18);
    await store.collection<Card>('cards').deleteById('c006');
    expect((await page(titled('safety'))).total).toBe(17);
    expect(await store.collection<Card>('cards').count({ archived: false })).toBe(53);
    expect(counts).toHaveLength(6);
  });

  it("counts again after another process's write to the file", async () => {
    expect((await page(titled('safety'))).total).toBe(18);
    const other = new SqliteReadStore(file);
    try {
      await other.collection<Card>('cards').replace(card(200, 'safety from the projector'));
    } finally {
      await other.close();
    }
    expect((await page(titled('safety'))).total).toBe(19);
  });

  it('keeps nothing computed inside a transaction, which may yet roll back', () => {
    let computed = 0;
    const table = tables.tableOf('cards');
    tables.db.transaction(() => {
      tables.remember(table, 'answer', () => ++computed);
      tables.remember(table, 'answer', () => ++computed);
    })();
    expect(computed).toBe(2);
    expect(tables.remember(table, 'answer', () => ++computed)).toBe(3);
    expect(tables.remember(table, 'answer', () => ++computed)).toBe(3);
  });
});
