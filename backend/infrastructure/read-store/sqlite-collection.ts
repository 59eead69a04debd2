import { matcher } from './compile-filter';
import type { Collection, Document, Filter, FindOptions, IndexSpec, Pipeline, Sort, WriteOperation } from './read-store.port';
import { type SqlCondition, type TableShape, compileOrderBy, compileWhere, lookupsByRowid } from './sql-filter-compiler';
import type { SqliteTables } from './sqlite-tables';
import type { SqliteTableShape } from './sqlite-table-shape';
import { mingo } from './lazy-mingo';
import { distinctValues, isDistinctValue } from './distinct-values';

/**
 * How much cheaper an index entry walked (the searched field tested from the index) is than a looked-up match read
 * and sorted (its JSON parsed for the sort key and the other conditions): about 10 on the bench's speaches.
 */
const WALK_ADVANTAGE = 10;

/**
 * A read-model collection in one SQLite table (`_id`, `doc` JSON). Filters, sorts and pages run in
 * SQL where the compiler answers exactly; otherwise SQL narrows the candidates and mingo finishes
 * on them. Documents are parsed from JSON on every read: callers always get their own copies.
 */
export class SqliteCollection<T extends Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly tables: SqliteTables,
    /** The physical table this handle reads and writes (the serving one, or a rebuild's). */
    private readonly tableName: () => string,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const { docs, projected } = this.select(filter, options);
    return projected ? docs : this.shape(docs, options);
  }

  async findPage(filter: Filter, options: FindOptions): Promise<{ docs: T[]; total: number }> {
    const { docs, total, projected } = this.select(filter, options, true);
    return { docs: projected ? docs : this.shape(docs, options), total: total! };
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = await this.find(filter, { limit: 1 });
    return doc ?? null;
  }

  async findById(id: string): Promise<T | null> {
    const table = this.tableName();
    const doc = this.tables.statement(`SELECT doc FROM "${table}" WHERE _id = ?`).pluck(true).get(id) as string | undefined;
    return doc === undefined ? null : (JSON.parse(doc) as T);
  }

  async peekById(id: string): Promise<T | null> {
    return this.findById(id);
  }

  async findByIds(ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const table = this.tableName();
    const rows = this.tables
      .statement(`SELECT _id, doc FROM "${table}" WHERE _id IN (SELECT value FROM json_each(?))`)
      .pluck(false)
      .all(JSON.stringify(ids)) as { _id: string; doc: string }[];
    const byId = new Map(rows.map((row) => [row._id, row.doc]));
    return [...new Set(ids)].filter((id) => byId.has(id)).map((id) => JSON.parse(byId.get(id)!) as T);
  }

  async count(filter: Filter = {}): Promise<number> {
    const table = this.queried();
    const where = compileWhere(filter, this.tables.shape(table));
    if (where.exact) {
      const sql = `SELECT count(*) FROM "${table}" WHERE ${where.sql}`;
      return this.tables.remember(table, answerKey(sql, where.params), () =>
        this.tables
          .statement(sql)
          .pluck(true)
          .get(...where.params),
      ) as number;
    }
    return this.candidates(table, where.sql, where.params).filter(matcher(filter)).length;
  }

  async distinct(field: string, filter: Filter = {}): Promise<Array<string | number>> {
    const table = this.queried();
    const shape = this.tables.shape(table);
    const where = compileWhere(filter, shape);
    const column = shape.column(field);
    // An indexed scalar field: its key column holds the value itself for strings and numbers (flags, nulls and
    // missing values are keys of their own, left out), read from an index that covers it without the documents.
    if (where.exact && column && !shape.mayHoldNonScalar(field)) {
      const keys = this.tables
        .statement(`SELECT DISTINCT ${column} FROM "${table}" WHERE ${where.sql}`)
        .pluck(true)
        .all(...where.params);
      return keys.filter(isDistinctValue);
    }
    let matches = this.candidates(table, where.sql, where.params);
    if (!where.exact) matches = matches.filter(matcher(filter));
    return distinctValues(matches, field);
  }

  async aggregate<R>(pipeline: Pipeline): Promise<R[]> {
    const table = this.queried();
    const first = pipeline[0]?.$match as Filter | undefined;
    if (!first) return new (mingo().Aggregator)(pipeline, {}).run(this.candidates(table, '1', [])) as R[];
    const where = compileWhere(first, this.tables.shape(table));
    let rest = pipeline;
    let tail: string | undefined;
    if (where.exact) {
      rest = pipeline.slice(1);
      // A leading $match, $sort, $limit is one indexed query when the sort compiles.
      const sort = rest[0]?.$sort as Sort | undefined;
      const order = sort ? compileOrderBy(sort, this.tables.shape(table)) : null;
      const limit = rest[1]?.$limit;
      if (sort && order && typeof limit === 'number' && Number.isInteger(limit) && limit > 0) {
        tail = ` ORDER BY ${order} LIMIT ${limit}`;
        rest = rest.slice(2);
      }
    }
    const docs = this.candidates(table, where.sql, where.params, tail);
    return rest.length ? (new (mingo().Aggregator)(rest, {}).run(docs) as R[]) : (docs as R[]);
  }

  async replace(doc: T): Promise<void> {
    this.tables.write([this.tableName()], () => this.put(doc));
  }

  async updateById(id: string, update: Record<string, unknown>, options: { upsert?: boolean } = {}): Promise<void> {
    this.tables.write([this.tableName()], () => this.update(id, update, options.upsert ?? false));
  }

  async deleteById(id: string): Promise<void> {
    this.tables.write([this.tableName()], () => this.delete(id));
  }

  async bulkWrite(operations: WriteOperation<T>[]): Promise<void> {
    this.tables.write([this.tableName()], () => this.apply(operations));
  }

  /** Applies writes inside the caller's transaction. */
  apply(operations: WriteOperation<Document>[]): void {
    for (const op of operations) {
      if (op.kind === 'replace') this.put(op.doc);
      else if (op.kind === 'update') this.update(op.id, op.update, op.upsert ?? false);
      else this.delete(op.id);
    }
  }

  async createIndex(index: IndexSpec): Promise<void> {
    this.tables.declareIndex(this.name, index);
  }

  async clear(): Promise<void> {
    const table = this.tableName();
    this.tables.write([table], () => {
      this.tables.statement(`DELETE FROM "${table}"`).run();
      this.tables.shape(table).reset();
    });
  }

  private put(doc: Document): void {
    const table = this.tableName();
    this.tables.statement(`INSERT INTO "${table}"(_id, doc) VALUES (?, ?) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc`).run(doc._id, JSON.stringify(doc));
    this.tables.stored(table, doc);
  }

  private update(id: string, update: Record<string, unknown>, upsert: boolean): void {
    const table = this.tableName();
    const stored = this.tables.statement(`SELECT doc FROM "${table}" WHERE _id = ?`).pluck(true).get(id) as string | undefined;
    if (stored === undefined && !upsert) return;
    const next = stored === undefined ? { _id: id } : (JSON.parse(stored) as Document);
    mingo().update(next, update as never, undefined, undefined, { cloneMode: 'none' });
    this.put(next);
  }

  private delete(id: string): void {
    this.tables.statement(`DELETE FROM "${this.tableName()}" WHERE _id = ?`).run(id);
  }

  /** The page (and with `withTotal`, the number of all matches): SQL when exact, mingo on the candidates otherwise. */
  private select(filter: Filter, options: FindOptions, withTotal = false): { docs: T[]; total?: number; projected?: boolean } {
    const table = this.queried();
    const shape = this.tables.shape(table);
    const where = compileWhere(filter, shape);
    const sort = options.sort && Object.keys(options.sort).length ? options.sort : undefined;
    const order = sort ? compileOrderBy(sort, shape) : 'rowid';
    if (where.exact && order) {
      const skip = Math.trunc(options.skip ?? 0);
      const limit = Math.trunc(options.limit ?? 0);
      const page = limit ? ` LIMIT ${limit} OFFSET ${skip}` : skip ? ` LIMIT -1 OFFSET ${skip}` : '';
      // A lookup of ids alone (`projection: { _id: 1 }`, e.g. the authors matching a search) reads no document's JSON.
      const idsOnly = isIdsOnly(options.projection);
      const column = idsOnly ? `json_object('_id', _id)` : 'doc';
      const lookedUp = [...shape.substringTables.values()].some((trigrams) => where.sql.includes(`"${trigrams}"`));
      if (lookedUp && limit) {
        // A substring lookup drives the count by itself (its matches, then their rows or index entries; ordering them as
        // the page only sorts every match by a key read from its JSON). The total then chooses how the page is read.
        const first = firstKey(sort);
        const searchedFirst = first && searchedFields(shape, where).includes(first.field) ? shape.column(first.field) : undefined;
        const { total, low, high } = this.matchesAlong(table, where, searchedFirst);
        if (total <= skip) return { docs: [], total, projected: idsOnly };
        const tail = ` ORDER BY ${order}${page}`;
        // Ordered by the searched field, the page's walk starts at the first match (not at the index's first entry).
        const from =
          searchedFirst && first
            ? first.descending
              ? { column: searchedFirst, op: '<=', value: high }
              : { column: searchedFirst, op: '>=', value: low }
            : null;
        const read = this.pageAmong(table, filter, shape, where, tail, skip + limit, total, from?.value == null ? null : from);
        return { docs: this.candidates(table, read.sql, read.params, tail, column) as T[], total, projected: idsOnly };
      }
      const docs = this.candidates(table, where.sql, where.params, ` ORDER BY ${order}${page}`, column) as T[];
      if (!withTotal) return { docs, projected: idsOnly };
      const counted = !limit && !skip ? docs.length : this.countAlong(table, where.sql, where.params, sort && !lookedUp ? order : null);
      return { docs, total: counted, projected: idsOnly };
    }
    let matches = this.candidates(table, where.sql, where.params, ' ORDER BY rowid') as T[];
    if (!where.exact) matches = matches.filter(matcher(filter));
    let cursor = new (mingo().Query)({}, {}).find<T>(matches);
    if (sort) cursor = cursor.sort(sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return { docs: cursor.all() as T[], total: matches.length };
  }

  /**
   * Counts a page's matches through the index that served the page. A bare `count(*)` lets SQLite pick any
   * index whose leading equality columns match, and it does not rank an index over generated columns as
   * covering: on the admin list it chose one without the title and visibility, so every row's JSON was read
   * (15 ms instead of 1 ms over 5k speaches). Ordering the counted rows as the page is ordered makes the
   * planner take the page's index.
   */
  private countAlong(table: string, where: string, params: unknown[], page: string | null): number {
    // The last key that only breaks ties (`_id`, the rowid) is left out: `_id` is not in the index, so ordering by it
    // read every matching row and sorted them all, where the leading keys alone choose the index.
    const order = page?.replace(/(^|, )(_id|rowid)( DESC)?$/, '') || null;
    const sql = order
      ? `SELECT count(*) FROM (SELECT 1 FROM "${table}" WHERE ${where} ORDER BY ${order} LIMIT -1)`
      : `SELECT count(*) FROM "${table}" WHERE ${where}`;
    return this.tables.remember(table, answerKey(sql, params), () =>
      this.tables
        .statement(sql)
        .pluck(true)
        .get(...params),
    ) as number;
  }

  /**
   * The number of a substring lookup's matches, and with `column` (the page's first sort key, a searched field) its
   * lowest and highest key among them: read from the index entries the count visits anyway.
   */
  private matchesAlong(table: string, where: SqlCondition, column: string | undefined): { total: number; low?: unknown; high?: unknown } {
    if (!column) return { total: this.countAlong(table, where.sql, where.params, null) };
    const sql = `SELECT count(*) AS total, min(${column}) AS low, max(${column}) AS high FROM "${table}" WHERE ${where.sql}`;
    return this.tables.remember(table, answerKey(sql, where.params), () =>
      this.tables
        .statement(sql)
        .pluck(false)
        .get(...where.params),
    ) as { total: number; low?: unknown; high?: unknown };
  }

  /**
   * How a page of `total` substring matches is read: from the lookup (every match looked up again, and sorted unless
   * the lookup yields the page's order: about `total` rows), or by walking the index that holds the page's order with
   * the plain text test on each entry (about `end * rows / total` entries; no set of matches to build). An entry is far
   * cheaper than a row when the index holds the searched field (no JSON), about the same otherwise.
   */
  private pageAmong(
    table: string,
    filter: Filter,
    shape: SqliteTableShape,
    where: SqlCondition,
    tail: string,
    end: number,
    total: number,
    from: { column: string; op: string; value: unknown } | null,
  ): SqlCondition {
    // Read from the lookup, the matches drive by their rowids: by value, SQLite may walk an index testing each entry.
    const lookedUp = { ...where, sql: lookupsByRowid(where.sql) };
    const rows = (this.tables.statement(`SELECT max(rowid) FROM "${table}"`).pluck(true).get() as number | null) ?? 0;
    if (total * total * WALK_ADVANTAGE < end * rows) return lookedUp;
    const compiled = compileWhere(filter, withoutLookups(shape));
    const walked = from ? { ...compiled, sql: `(${compiled.sql}) AND ${from.column} ${from.op} ?`, params: [...compiled.params, from.value] } : compiled;
    const keys = this.tables.orderedWalk(`SELECT doc FROM "${table}" WHERE ${walked.sql}${tail}`, walked.params);
    if (!keys) return lookedUp;
    const searched = searchedFields(shape, where);
    const holds = searched.every((field) => keys.includes(field) || keys.includes(`${field}-`));
    return holds || total * total >= end * rows ? walked : lookedUp;
  }

  /** The table, with the indexes a fill from empty postponed created now: a query must not scan for want of them. */
  private queried(): string {
    const table = this.tableName();
    this.tables.indexNow(table);
    return table;
  }

  private candidates(table: string, where: string, params: unknown[], tail = ' ORDER BY rowid', column = 'doc'): Document[] {
    const rows = this.tables
      .statement(`SELECT ${column} FROM "${table}" WHERE ${where}${tail}`)
      .pluck()
      .all(...params) as string[];
    return rows.map((doc) => JSON.parse(doc) as Document);
  }

  private shape(found: T[], options: FindOptions): T[] {
    return options.projection ? (new (mingo().Query)({}, {}).find<T>(found, options.projection as never).all() as T[]) : found;
  }
}

/**
 * The table's shape with no substring index, for a walk along the page's order: the same filter compiled to tests
 * of each index entry (or row), its flags left indexable beside an $or so that the ordered index can lead with them.
 */
function withoutLookups(shape: TableShape): TableShape {
  return {
    walk: true,
    table: shape.table,
    column: (path) => shape.column(path),
    elements: (path) => shape.elements(path),
    mayHoldArray: (path) => shape.mayHoldArray(path),
    mayHoldNonScalar: (path) => shape.mayHoldNonScalar(path),
  };
}

/** The fields a compiled condition looks up in their substring (trigram) tables. */
function searchedFields(shape: SqliteTableShape, where: SqlCondition): string[] {
  return [...shape.substringTables].filter(([, trigrams]) => where.sql.includes(`"${trigrams}"`)).map(([field]) => field);
}

function firstKey(sort: Sort | undefined): { field: string; descending: boolean } | null {
  const [entry] = Object.entries(sort ?? {});
  return entry ? { field: entry[0], descending: entry[1] === -1 } : null;
}

/** What identifies a query's answer: its SQL and its parameters (strings, numbers, blobs). */
function answerKey(sql: string, params: unknown[]): string {
  return `${sql}\u0000${JSON.stringify(params)}`;
}

function isIdsOnly(projection: FindOptions['projection']): boolean {
  return !!projection && Object.keys(projection).length === 1 && projection._id === 1;
}
