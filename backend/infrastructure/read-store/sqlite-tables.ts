import type Database from 'better-sqlite3';
import { type IndexSpec, indexKeys } from './read-store.port';
import { ELEMENT_KEY, jsonPath, keyAt } from './sql-filter-compiler';
import { SHAPES_TABLE_SQL, SqliteTableShape } from './sqlite-table-shape';

export type TableListener = (db: Database.Database, table: string) => void;

const STATEMENT_CACHE = 500;
/** Answers kept by `remember` (a total is a number and its key the query's text): a few hundred KB at most. */
const REMEMBERED = 256;

/**
 * The physical side of the SQLite read store: which table serves each collection (`__tables`),
 * the tables of rebuilds in progress, the declared indexes as generated key columns and SQL indexes,
 * the prepared statements, and the hooks other adapters (search) install on every table.
 */
export class SqliteTables {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly walks = new WeakMap<Database.Statement, string[] | null>();
  private readonly shapes = new Map<string, SqliteTableShape>();
  private readonly serving = new Map<string, string>();
  private readonly declared = new Map<string, IndexSpec[]>();
  private readonly created = new Map<string, TableListener[]>();
  private readonly dropped = new Map<string, TableListener[]>();
  /**
   * Tables being filled from empty (a projection from position 0): their plain SQL indexes, by name, are
   * created once the fill has caught up (one sort instead of a B-tree update per write) or when a query
   * needs them first. Unique indexes are never deferred: a duplicate must fail the batch that writes it.
   */
  private readonly deferred = new Map<string, Map<string, string>>();
  /** Set when other processes share the file (APP_ROLE api/projector): their schema changes are followed. */
  private schema: { version: number; read: Database.Statement } | null = null;
  /** Commits of this connection to each table (`write`, `clear`, `drop`): what `remember` compares. */
  private readonly generations = new Map<string, number>();
  private readonly remembered = new Map<string, { generation: number; dataVersion: number; value: unknown }>();
  private dataVersion: Database.Statement | null = null;

  constructor(readonly db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS __tables (physical TEXT PRIMARY KEY, collection TEXT NOT NULL, serving INTEGER NOT NULL, build TEXT)`);
    db.exec(SHAPES_TABLE_SQL);
    this.learnServing();
  }

  /**
   * Another process sharing the file may create a collection's table, switch a rebuild over (dropping
   * the old table) or add index tables: before each use, a change of the schema's version makes this
   * one learn the tables again (one cheap header read per use).
   */
  followOtherProcesses(): void {
    const read = this.db.prepare('PRAGMA schema_version').pluck();
    this.schema = { version: read.get() as number, read };
  }

  private learnServing(): void {
    this.serving.clear();
    for (const row of this.db.prepare('SELECT physical, collection FROM __tables WHERE serving = 1').all() as { physical: string; collection: string }[]) {
      this.serving.set(row.collection, row.physical);
    }
  }

  private refresh(): void {
    if (!this.schema) return;
    const version = this.schema.read.get() as number;
    if (version === this.schema.version) return;
    this.schema.version = version;
    this.learnServing();
    this.shapes.clear();
    this.statements.clear();
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

  /**
   * How SQLite reads this query's rows, when it reads them in its ORDER BY's order from an index (at most ties sorted,
   * so that a LIMIT stops the walk early): the walked index's keys; null otherwise. Asked once per prepared statement
   * (a schema change prepares them again).
   */
  orderedWalk(sql: string, params: unknown[]): string[] | null {
    const statement = this.statement(sql);
    let walk = this.walks.get(statement);
    if (walk === undefined) {
      const plan = (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
      const index = plan.map((detail) => /^(?:SCAN|SEARCH) \S+ USING (?:COVERING )?INDEX (\S+)/.exec(detail)?.[1]).find((name) => name);
      // Index names list their keys after the table's name (`table:archived,updatedAt-`; see indexName).
      walk = index && !plan.some((detail) => detail.includes('USE TEMP B-TREE FOR ORDER BY')) ? index.slice(index.lastIndexOf(':') + 1).split(',') : null;
      this.walks.set(statement, walk);
    }
    return walk;
  }

  /** The table serving a collection's reads, created empty on first use. */
  tableOf(collection: string): string {
    this.refresh();
    const table = this.serving.get(collection);
    if (table) return table;
    this.db
      .transaction(() => {
        // Another process may have created it meanwhile (the write lock is held from here on).
        const existing =
          this.schema && (this.db.prepare('SELECT physical FROM __tables WHERE collection = ? AND serving = 1').pluck().get(collection) as string | undefined);
        if (existing) this.serving.set(collection, existing);
        else this.create(collection, collection, true, null);
      })
      .immediate();
    return this.serving.get(collection)!;
  }

  /** The physical tables of a collection: the serving one and any being built. */
  tablesOf(collection: string): string[] {
    return this.db.prepare('SELECT physical FROM __tables WHERE collection = ? ORDER BY serving DESC, physical').pluck().all(collection) as string[];
  }

  /** Tables built for `build` (a projection and version), by collection. */
  buildTables(build: string): Map<string, string> {
    const rows = this.db.prepare('SELECT collection, physical FROM __tables WHERE build = ? AND serving = 0').all(build) as {
      collection: string;
      physical: string;
    }[];
    return new Map(rows.map((row) => [row.collection, row.physical]));
  }

  /** Creates a table (inside the caller's transaction): its key columns, its indexes, then the installed hooks. */
  create(collection: string, physical: string, serving: boolean, build: string | null): void {
    this.db.exec(`CREATE TABLE "${physical}" (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    this.db.prepare('INSERT INTO __tables (physical, collection, serving, build) VALUES (?, ?, ?, ?)').run(physical, collection, serving ? 1 : 0, build);
    if (serving) this.serving.set(collection, physical);
    const declared = this.declared.get(collection) ?? [];
    // An empty table holds no array or object anywhere: its declared paths are known from the start, so no process
    // ever reads the whole table to learn them (a path that leads no index cost a scan at its first query).
    this.shape(physical).learnEmpty(declared.flatMap((index) => (index.substring ? [] : indexKeys(index).map((key) => key.field))));
    for (const index of declared) this.index(physical, index);
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
    this.deferred.delete(physical);
    this.syncForFills();
    for (const uninstall of this.dropped.get(collection) ?? []) uninstall(this.db, physical);
    for (const elements of this.elementTablesOf(physical)) this.db.exec(`DROP TABLE "${elements}"`);
    for (const trigrams of this.tablesPrefixed(physical, TRIGRAMS)) this.db.exec(`DROP TABLE "${trigrams}"`);
    this.db.exec(`DROP TABLE IF EXISTS "${physical}"`);
    this.db.prepare('DELETE FROM __tables WHERE physical = ?').run(physical);
    this.db.prepare('DELETE FROM __shapes WHERE physical = ?').run(physical);
    this.shapes.delete(physical);
    this.statements.clear();
    this.written(physical);
  }

  /**
   * From now on (the table must be empty) the table's plain indexes wait for `indexNow`: the existing ones
   * are dropped, in one transaction with their recorded definitions. A crash before `indexNow` leaves them
   * missing until the next start declares them again (`CREATE INDEX IF NOT EXISTS`).
   */
  deferIndexes(physical: string): void {
    const pending = this.deferred.get(physical) ?? new Map<string, string>();
    const existing = this.db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE %'`)
      .all(physical) as { name: string; sql: string }[];
    this.db
      .transaction(() => {
        for (const { name, sql } of existing) {
          this.db.exec(`DROP INDEX "${name}"`);
          pending.set(name, sql);
        }
      })
      .immediate();
    this.deferred.set(physical, pending);
    this.statements.clear();
    this.syncForFills();
  }

  /** Creates the indexes `deferIndexes` postponed (none: nothing to do). */
  indexNow(physical: string): void {
    const pending = this.deferred.get(physical);
    if (!pending) return;
    this.deferred.delete(physical);
    this.syncForFills();
    this.db
      .transaction(() => {
        for (const sql of pending.values()) this.db.exec(sql.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
      })
      .immediate();
    this.statements.clear();
  }

  /**
   * While a table is filled from empty, commits skip the fsync (synchronous=OFF); NORMAL again once
   * no fill remains. Safe because a process crash loses nothing (WAL pages are in the OS already), and
   * an OS crash or power loss can lose only the latest commits: each holds its writes together with
   * the fill's checkpoint, so the next start resumes (or, from position 0, restarts) that fill from the
   * last durable checkpoint. A query needing the indexes early ends the fill's OFF too: only slower.
   */
  private syncForFills(): void {
    const wanted = this.deferred.size > 0 ? 0 : 1;
    if (this.db.pragma('synchronous', { simple: true }) !== wanted) this.db.pragma(`synchronous = ${wanted ? 'NORMAL' : 'OFF'}`);
  }

  declareIndex(collection: string, index: IndexSpec): void {
    const list = this.declared.get(collection) ?? [];
    const name = indexName('', index);
    if (!list.some((known) => indexName('', known) === name)) list.push(index);
    this.declared.set(collection, list);
    this.db
      .transaction(() => {
        for (const physical of [this.tableOf(collection), ...this.tablesOf(collection)]) {
          // Declared on a table still empty (a projection declares its indexes one by one after the first made it).
          if (!index.substring && this.db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM "${physical}")`).pluck().get() === 1)
            this.shape(physical).learnEmpty(indexKeys(index).map((key) => key.field));
          this.index(physical, index);
        }
      })
      .immediate();
  }

  onCreated(collection: string, install: TableListener): void {
    this.created.set(collection, [...(this.created.get(collection) ?? []), install]);
    this.db
      .transaction(() => {
        for (const physical of this.tablesOf(collection)) install(this.db, physical);
      })
      .immediate();
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
      for (const table of this.elementTablesOf(physical)) shape.elementTables.set(table.slice(physical.length + ':mk:'.length), table);
      for (const table of this.tablesPrefixed(physical, TRIGRAMS)) shape.substringTables.set(table.slice(physical.length + TRIGRAMS.length), table);
      const collection = this.db.prepare('SELECT collection FROM __tables WHERE physical = ?').pluck().get(physical) as string | undefined;
      for (const index of this.declared.get(collection ?? '') ?? []) {
        if (index.substring) continue;
        const keys = indexKeys(index);
        if (keys.length === 1 && !shape.elements(keys[0].field)) shape.pendingElements.add(keys[0].field);
      }
      this.shapes.set(physical, shape);
    }
    return shape;
  }

  /** Runs writes in one transaction (a savepoint inside an enclosing one); a failure leaves no stale knowledge of the tables. */
  write(physicals: string[], work: () => void): void {
    for (const physical of physicals) this.shape(physical);
    try {
      // IMMEDIATE: the write lock from the start, so a batch never fails on a snapshot another process moved.
      this.db.transaction(work).immediate();
    } catch (error) {
      // Element tables created inside the rolled-back transaction are gone: learn the tables again.
      for (const physical of physicals) this.shapes.delete(physical);
      this.statements.clear();
      throw error;
    } finally {
      for (const physical of physicals) this.written(physical);
    }
  }

  /**
   * A query's answer over `physical` (e.g. a list's total), computed once and then given again until the table is
   * written: by this connection (`write`) or by any other one sharing the file (SQLite's `data_version`). A list paged
   * or refreshed with the same filter counts its matches once, however many they are. Never inside a transaction:
   * what it sees may yet roll back.
   */
  remember<T>(physical: string, key: string, compute: () => T): T {
    if (this.db.inTransaction) return compute();
    const generation = this.generations.get(physical) ?? 0;
    const dataVersion = (this.dataVersion ??= this.db.prepare('PRAGMA data_version').pluck()).get() as number;
    const id = `${physical}\u0000${key}`;
    const kept = this.remembered.get(id);
    this.remembered.delete(id);
    if (kept && kept.generation === generation && kept.dataVersion === dataVersion) {
      this.remembered.set(id, kept);
      return kept.value as T;
    }
    const value = compute();
    // The least recently used answer goes first (a Map iterates in insertion order; a hit is inserted again).
    if (this.remembered.size >= REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(id, { generation, dataVersion, value });
    return value;
  }

  /** Forgets every remembered answer (the bench's cold measures). */
  forgetAnswers(): void {
    this.remembered.clear();
  }

  private written(physical: string): void {
    this.generations.set(physical, (this.generations.get(physical) ?? 0) + 1);
  }

  /** After a document is written: the shape learns it, and a declared field's first array gets its element table. */
  stored(physical: string, doc: Record<string, unknown>): void {
    for (const field of this.shape(physical).observe(doc)) this.indexElements(physical, field);
  }

  private elementTablesOf(physical: string): string[] {
    return this.tablesPrefixed(physical, ':mk:');
  }

  /** Tables named after `physical` and a kind (element and trigram tables); FTS5's own shadow tables (`…_data`) excluded. */
  private tablesPrefixed(physical: string, kind: string): string[] {
    const rows = this.db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?`)
      .all(physical.length + kind.length, `${physical}${kind}`) as { name: string; sql: string | null }[];
    return rows.filter((row) => kind !== TRIGRAMS || /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => row.name);
  }

  private indexSubstrings(physical: string, field: string): void {
    const shape = this.shape(physical);
    if (shape.substrings(field)) return;
    for (const sql of trigramTableSql(physical, field)) this.db.exec(sql);
    shape.substringTables.set(field, `${physical}${TRIGRAMS}${field}`);
    this.statements.clear();
  }

  private indexElements(physical: string, field: string): void {
    for (const sql of elementTableSql(physical, field)) this.db.exec(sql);
    const shape = this.shape(physical);
    shape.elementTables.set(field, `${physical}:mk:${field}`);
    shape.pendingElements.delete(field);
    this.statements.clear();
  }

  private index(physical: string, index: IndexSpec): void {
    const shape = this.shape(physical);
    const keys = indexKeys(index);
    if (index.substring) {
      if (keys.length !== 1 || !jsonPath(keys[0].field))
        throw new Error(`Cannot index substrings of ${keys.map((k) => k.field).join(', ')}: one plain dotted path`);
      this.indexSubstrings(physical, keys[0].field);
      return;
    }
    for (const { field } of keys) {
      if (shape.column(field)) continue;
      const key = keyAt(field);
      if (!key) throw new Error(`Cannot index ${field}: not a plain dotted path`);
      this.db.exec(`ALTER TABLE "${physical}" ADD COLUMN "k:${field}" GENERATED ALWAYS AS (${key}) VIRTUAL`);
      shape.columns.set(field, `"k:${field}"`);
      this.statements.clear();
    }
    if (keys.length === 1 && !shape.elements(keys[0].field)) {
      if (shape.mayHoldArray(keys[0].field)) this.indexElements(physical, keys[0].field);
      else shape.pendingElements.add(keys[0].field);
    }
    const columns = keys.map(({ field, direction }) => `"k:${field}"${direction === -1 ? ' DESC' : ''}`).join(', ');
    const name = indexName(physical, index);
    const pending = this.deferred.get(physical);
    if (pending && !index.unique) pending.set(name, `CREATE INDEX "${name}" ON "${physical}" (${columns})`);
    else this.db.exec(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON "${physical}" (${columns})`);
  }
}

/**
 * MongoDB's multikey index: the elements of the arrays a declared field holds, in a table kept in step
 * by triggers (inside the writes' own transactions), so `{ coEditorIds: 'u1' }` is an index lookup.
 */
function elementTableSql(physical: string, field: string): string[] {
  const table = `"${physical}:mk:${field}"`;
  const json = jsonPath(field)!;
  const insert = (row: string) =>
    `INSERT INTO ${table} (key, id) SELECT ${ELEMENT_KEY}, ${row}.rowid FROM json_each(${row}.doc, ${json}) e WHERE json_type(${row}.doc, ${json}) = 'array'`;
  const trigger = (event: string) => `"${physical}:mk:${field}:${event}"`;
  return [
    `CREATE TABLE ${table} (key, id INTEGER NOT NULL)`,
    `CREATE INDEX "${physical}:mk:${field}:key" ON ${table} (key)`,
    `CREATE INDEX "${physical}:mk:${field}:id" ON ${table} (id)`,
    `INSERT INTO ${table} (key, id) SELECT ${ELEMENT_KEY}, t.rowid FROM "${physical}" t, json_each(t.doc, ${json}) e WHERE json_type(t.doc, ${json}) = 'array'`,
    `CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON "${physical}" BEGIN ${insert('NEW')}; END`,
    `CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF doc ON "${physical}" BEGIN DELETE FROM ${table} WHERE id = OLD.rowid; ${insert('NEW')}; END`,
    `CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON "${physical}" BEGIN DELETE FROM ${table} WHERE id = OLD.rowid; END`,
  ];
}

const TRIGRAMS = ':tri:';

/**
 * A substring index: the field's string values in an FTS5 trigram table (rowid = the document's rowid), kept in
 * step by triggers inside the writes' own transactions. Its matches are folded by case (Unicode), so a superset
 * of what LIKE or instr find; the compiler keeps that exact test on the few rows it returns.
 */
function trigramTableSql(physical: string, field: string): string[] {
  const table = `"${physical}${TRIGRAMS}${field}"`;
  const json = jsonPath(field)!;
  const insert = (row: string) =>
    `INSERT INTO ${table} (rowid, text) SELECT ${row}.rowid, json_extract(${row}.doc, ${json}) WHERE json_type(${row}.doc, ${json}) = 'text'`;
  const trigger = (event: string) => `"${physical}${TRIGRAMS}${field}:${event}"`;
  return [
    `CREATE VIRTUAL TABLE ${table} USING fts5(text, tokenize = 'trigram')`,
    `INSERT INTO ${table} (rowid, text) SELECT rowid, json_extract(doc, ${json}) FROM "${physical}" WHERE json_type(doc, ${json}) = 'text'`,
    `CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON "${physical}" BEGIN ${insert('NEW')}; END`,
    // Most writes of a document leave the field as it was (a user's last activity): its trigrams stay.
    `CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF doc ON "${physical}" WHEN json_type(OLD.doc, ${json}) IS NOT json_type(NEW.doc, ${json}) OR json_extract(OLD.doc, ${json}) IS NOT json_extract(NEW.doc, ${json}) BEGIN DELETE FROM ${table} WHERE rowid = OLD.rowid; ${insert('NEW')}; END`,
    `CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON "${physical}" BEGIN DELETE FROM ${table} WHERE rowid = OLD.rowid; END`,
  ];
}

function indexName(physical: string, index: IndexSpec): string {
  return `${physical}:${indexKeys(index)
    .map(({ field, direction }) => `${field}${direction === -1 ? '-' : ''}`)
    .join(',')}${index.unique ? '!' : ''}${index.substring ? '~' : ''}`;
}
