import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Document } from './read-store.port';
import { SqliteReadStore } from './sqlite-read-store';

interface Row extends Document {
  group: string;
  n: number | number[];
}

/**
 * What a table holds at a queried path is learnt once and kept in `__shapes`, so a restart does not read every row
 * again; a later process that writes an array at such a path (without querying it) must still change what is kept.
 */
describe('SqliteTableShape kept across restarts', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'table-shape-'));
    file = join(dir, 'read-models.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const kept = () => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(`SELECT path, array, nonScalar FROM __shapes WHERE path = 'n'`).all();
    } finally {
      db.close();
    }
  };

  it('stores a path learnt by a query with the next write, and a later array there turns it over', async () => {
    const first = new SqliteReadStore(file);
    const rows = first.collection<Row>('rows');
    // Declared on a table that holds documents already, `n` leads no index: learning it reads the table.
    await rows.bulkWrite([1, 2, 3].map((n) => ({ kind: 'replace', doc: { _id: `r${n}`, group: 'g', n } })));
    await rows.createIndex({ fields: [{ field: 'group' }, { field: 'n' }] });
    expect((await rows.find({ n: { $lt: 3 } }, { sort: { n: 1 } })).map((r) => r._id)).toEqual(['r1', 'r2']);
    expect(kept()).toEqual([]); // learnt by a read: not written by it
    await rows.replace({ _id: 'r4', group: 'g', n: 4 });
    expect(kept()).toEqual([{ path: 'n', array: 0, nonScalar: 0 }]);
    await first.close();

    // A restart that writes an array at `n` before any query of `n`.
    const second = new SqliteReadStore(file);
    const again = second.collection<Row>('rows');
    await again.replace({ _id: 'r5', group: 'g', n: [7, 8] });
    expect(kept()).toEqual([{ path: 'n', array: 1, nonScalar: 1 }]);
    expect((await again.find({ n: 7 })).map((r) => r._id)).toEqual(['r5']);
    expect((await again.find({ n: { $lt: 3 } }, { sort: { _id: 1 } })).map((r) => r._id)).toEqual(['r1', 'r2']);
    await again.clear();
    expect(kept()).toEqual([{ path: 'n', array: 0, nonScalar: 0 }]);
    await second.close();

    // A third process trusts what is kept: an array written before it started is matched element by element.
    const third = new SqliteReadStore(file);
    await third.collection<Row>('rows').replace({ _id: 'r6', group: 'g', n: [1, 9] });
    expect((await third.collection<Row>('rows').find({ n: 9 })).map((r) => r._id)).toEqual(['r6']);
    await third.close();
  });

  it('knows the declared paths of a table created empty, and an array stored there turns them over', async () => {
    const store = new SqliteReadStore(file);
    const rows = store.collection<Row>('rows');
    await rows.createIndex({ field: 'group' });
    await rows.createIndex({ fields: [{ field: 'group' }, { field: 'n' }] });
    await rows.replace({ _id: 'r1', group: 'g', n: [1, 2] });
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      const kept = db.prepare(`SELECT path, array FROM __shapes WHERE physical = 'rows' ORDER BY path`).all();
      // The first declaration created the table, the second found it empty: both paths known without a query, then `n`
      // turned over by the write.
      expect(kept).toEqual([
        { path: 'group', array: 0 },
        { path: 'n', array: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
