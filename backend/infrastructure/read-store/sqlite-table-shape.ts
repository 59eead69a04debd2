import type Database from 'better-sqlite3';
import { keyAt, type TableShape } from './sql-filter-compiler';

interface PathShape {
  array: boolean;
  nonScalar: boolean;
}

/** A document's value at an exact dotted path (no descent into arrays, like a JSON path). */
function valueAt(doc: Record<string, unknown>, parts: string[]): unknown {
  let value: unknown = doc;
  for (const part of parts) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * What was learnt of each table's paths, kept across restarts: learning a path that leads no index reads every row
 * (0.7 s for the notifications' `position` on the quick set, at the first digest or notification page after each
 * start). Every path learnt is loaded with the table's shape, so this process's writes keep all of them true.
 */
export const SHAPES_TABLE_SQL = `CREATE TABLE IF NOT EXISTS __shapes (physical TEXT NOT NULL, path TEXT NOT NULL, array INTEGER NOT NULL, nonScalar INTEGER NOT NULL, PRIMARY KEY (physical, path))`;

/**
 * What a table's documents hold at the paths queries use: whether some document holds an array, or
 * an object, at a path. Learnt once per path (an indexed lookup for a declared field, one scan
 * otherwise) and kept true by every write this process stores (the embedded store has one writer),
 * so the filter compiler uses plain key comparisons and indexes where no array can be.
 */
export class SqliteTableShape implements TableShape {
  private readonly paths = new Map<string, PathShape & { parts: string[] }>();
  readonly columns = new Map<string, string>();
  readonly elementTables = new Map<string, string>();
  /** Declared substring indexes: the trigram table of each field. */
  readonly substringTables = new Map<string, string>();
  /** Paths learnt by a read and not stored yet. */
  private readonly unstored = new Set<string>();
  /** Declared fields with no element table yet: one is made when a first array is stored there. */
  readonly pendingElements = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    readonly table: string,
  ) {
    const rows = db.prepare('SELECT path, array, nonScalar FROM __shapes WHERE physical = ?').all(table) as {
      path: string;
      array: number;
      nonScalar: number;
    }[];
    for (const row of rows) this.paths.set(row.path, { array: row.array === 1, nonScalar: row.nonScalar === 1, parts: row.path.split('.') });
  }

  column(path: string): string | undefined {
    return this.columns.get(path);
  }

  elements(path: string): string | undefined {
    return this.elementTables.get(path);
  }

  substrings(path: string): string | undefined {
    return this.substringTables.get(path);
  }

  mayHoldArray(path: string): boolean {
    return path !== '_id' && this.shapeOf(path).array;
  }

  mayHoldNonScalar(path: string): boolean {
    return path !== '_id' && this.shapeOf(path).nonScalar;
  }

  /** Called with every document stored in the table; answers the pending declared fields it holds arrays at. */
  observe(doc: Record<string, unknown>): string[] {
    const arrays: string[] = [];
    if (this.unstored.size) {
      for (const path of this.unstored) this.remember(path, this.paths.get(path)!);
      this.unstored.clear();
    }
    for (const field of this.pendingElements) if (Array.isArray(valueAt(doc, field.split('.')))) arrays.push(field);
    for (const [path, shape] of this.paths) {
      if (shape.nonScalar) continue;
      const value = valueAt(doc, shape.parts);
      if (value !== null && typeof value === 'object') {
        shape.nonScalar = true;
        if (Array.isArray(value)) shape.array = true;
        // Inside the write's own transaction: a rolled-back write leaves the stored knowledge as it was.
        this.remember(path, shape);
      }
    }
    return arrays;
  }

  /** The table was just created, empty: these paths hold nothing but scalars so far (stored at once, in its transaction). */
  learnEmpty(paths: string[]): void {
    for (const path of new Set(paths)) {
      if (path === '_id' || this.paths.has(path)) continue;
      const shape = { array: false, nonScalar: false, parts: path.split('.') };
      this.paths.set(path, shape);
      this.remember(path, shape);
    }
  }

  /** The table was emptied. */
  reset(): void {
    for (const shape of this.paths.values()) shape.array = shape.nonScalar = false;
    this.db.prepare('UPDATE __shapes SET array = 0, nonScalar = 0 WHERE physical = ?').run(this.table);
  }

  private remember(path: string, shape: PathShape): void {
    this.db
      .prepare('INSERT OR REPLACE INTO __shapes (physical, path, array, nonScalar) VALUES (?, ?, ?, ?)')
      .run(this.table, path, shape.array ? 1 : 0, shape.nonScalar ? 1 : 0);
  }

  private shapeOf(path: string): PathShape {
    let shape = this.paths.get(path);
    if (!shape) {
      const key = this.columns.get(path) ?? keyAt(path);
      let learnt: PathShape = { array: true, nonScalar: true };
      if (key) {
        const row = this.db
          .prepare(
            `SELECT EXISTS (SELECT 1 FROM "${this.table}" WHERE ${key} = X'03') AS array, EXISTS (SELECT 1 FROM "${this.table}" WHERE ${key} IN (X'02', X'03')) AS nonScalar`,
          )
          .get() as { array: number; nonScalar: number };
        learnt = { array: row.array === 1, nonScalar: row.nonScalar === 1 };
      }
      this.paths.set(path, (shape = { ...learnt, parts: path.split('.') }));
      // Stored with the table's next write (inside its transaction): a read never takes the write lock.
      if (key) this.unstored.add(path);
    }
    return shape;
  }
}
