import type Database from 'better-sqlite3';
import { type IndexSpec, indexKeys } from './read-store.port';
import { keyAt } from './sql-filter-compiler';
import { SqliteTableShape } from './sqlite-table-shape';

export type TableListener = (db: Database.Database, table: string) => void;

const STATEMENT_CACHE = 500;

/**
 * The physical side of the SQLite read store: which table serves each collection (`__tables`),
 * the tables of rebuilds in progress, the declared indexes as generated key columns and SQL indexes,
 * the prepared statements, and the hooks other adapters (search) install on every table.
 */
export class SqliteTables {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly shapes = new Map<string, SqliteTableShape>();
  private readonly serving = new Map<string, string>();
  private readonly declared = new Map<string, IndexSpec[]>();
  private readonly created = new Map<string, TableListener[]>();
  private readonly dropped = new Map<string, TableListener[]>();

  constructor(readonly db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS __tables (physical TEXT PRIMARY KEY, collection TEXT NOT NULL, serving INTEGER NOT NULL, build TEXT)`);
    for (const row of db.prepare('SELECT physical, collection FROM __tables WHERE serving = 1').all() as { physical: string; collection: string }[]) {
      this.serving.set(row.collection, row.physical);
    }
  }

  statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Filters are compiled to SQL with their values as parameters, so the distinct texts stay few.
      if (this.statements.size >= STATEMENT_CACHE) this.statements.clear();
      this.statements.set(sql, (statement = this.db.prepare(sql)));
    }
    return statement;
  }

  /** The table serving a collection's reads, created empty on first use. */
  tableOf(collection: string): string {
    const table = this.serving.get(collection);
    if (table) return table;
    this.db.transaction(() => this.create(collection, collection, true, null))();
    return collection;
  }

  /** The physical tables of a collection: the serving one and any being built. */
  tablesOf(collection: string): string[] {
    return (this.db.prepare('SELECT physical FROM __tables WHERE collection = ? ORDER BY serving DESC, physical').pluck().all(collection) as string[]);
  }

  /** Tables built for `build` (a projection and version), by collection. */
  buildTables(build: string): Map<string, string> {
    const rows = this.db.prepare('SELECT collection, physical FROM __tables WHERE build = ? AND serving = 0').all(build) as { collection: string; physical: string }[];
    return new Map(rows.map((row) => [row.collection, row.physical]));
  }

  /** Creates a table (inside the caller's transaction): its key columns, its indexes, then the installed hooks. */
  create(collection: string, physical: string, serving: boolean, build: string | null): void {
    this.db.exec(`CREATE TABLE "${physical}" (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    this.db.prepare('INSERT INTO __tables (physical, collection, serving, build) VALUES (?, ?, ?, ?)').run(physical, collection, serving ? 1 : 0, build);
    if (serving) this.serving.set(collection, physical);
    for (const index of this.declared.get(collection) ?? []) this.index(physical, index);
    for (const install of this.created.get(collection) ?? []) install(this.db, physical);
  }

  /** Makes `physical` serve its collection and drops the table it replaces (inside the caller's transaction). */
  promote(collection: string, physical: string): void {
    const previous = this.serving.get(collection);
    this.db.prepare('UPDATE __tables SET serving = 1, build = NULL WHERE physical = ?').run(physical);
    this.serving.set(collection, physical);
    if (previous && previous !== physical) this.drop(collection, previous);
  }

  drop(collection: string, physical: string): void {
    for (const uninstall of this.dropped.get(collection) ?? []) uninstall(this.db, physical);
    this.db.exec(`DROP TABLE IF EXISTS "${physical}"`);
    this.db.prepare('DELETE FROM __tables WHERE physical = ?').run(physical);
    this.shapes.delete(physical);
    this.statements.clear();
  }

  declareIndex(collection: string, index: IndexSpec): void {
    const list = this.declared.get(collection) ?? [];
    const name = indexName('', index);
    if (!list.some((known) => indexName('', known) === name)) list.push(index);
    this.declared.set(collection, list);
    this.db.transaction(() => {
      for (const physical of [this.tableOf(collection), ...this.tablesOf(collection)]) this.index(physical, index);
    })();
  }

  onCreated(collection: string, install: TableListener): void {
    this.created.set(collection, [...(this.created.get(collection) ?? []), install]);
    this.db.transaction(() => {
      for (const physical of this.tablesOf(collection)) install(this.db, physical);
    })();
  }

  onDropped(collection: string, uninstall: TableListener): void {
    this.dropped.set(collection, [...(this.dropped.get(collection) ?? []), uninstall]);
  }

  shape(physical: string): SqliteTableShape {
    let shape = this.shapes.get(physical);
    if (!shape) {
      shape = new SqliteTableShape(this.db, physical);
      for (const column of this.db.prepare(`SELECT name FROM pragma_table_xinfo(?)`).pluck().all(physical) as string[]) {
        if (column.startsWith('k:')) shape.columns.set(column.slice(2), `"${column}"`);
      }
      this.shapes.set(physical, shape);
    }
    return shape;
  }

  /** Runs writes to a table in one transaction (a savepoint inside an enclosing one). */
  write(physical: string, work: () => void): void {
    this.shape(physical);
    this.db.transaction(work)();
  }

  private index(physical: string, index: IndexSpec): void {
    const shape = this.shape(physical);
    const keys = indexKeys(index);
    for (const { field } of keys) {
      if (shape.column(field)) continue;
      const key = keyAt(field);
      if (!key) throw new Error(`Cannot index ${field}: not a plain dotted path`);
      this.db.exec(`ALTER TABLE "${physical}" ADD COLUMN "k:${field}" GENERATED ALWAYS AS (${key}) VIRTUAL`);
      shape.columns.set(field, `"k:${field}"`);
      this.statements.clear();
    }
    const columns = keys.map(({ field, direction }) => `"k:${field}"${direction === -1 ? ' DESC' : ''}`).join(', ');
    this.db.exec(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${indexName(physical, index)}" ON "${physical}" (${columns})`);
  }
}

function indexName(physical: string, index: IndexSpec): string {
  return `${physical}:${indexKeys(index)
    .map(({ field, direction }) => `${field}${direction === -1 ? '-' : ''}`)
    .join(',')}${index.unique ? '!' : ''}`;
}
