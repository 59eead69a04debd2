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
  /** Declared fields with no element table yet: one is made when a first array is stored there. */
  readonly pendingElements = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    readonly table: string,
  ) {}

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
    for (const field of this.pendingElements) if (Array.isArray(valueAt(doc, field.split('.')))) arrays.push(field);
    for (const shape of this.paths.values()) {
      if (shape.nonScalar) continue;
      const value = valueAt(doc, shape.parts);
      if (value !== null && typeof value === 'object') {
        shape.nonScalar = true;
        if (Array.isArray(value)) shape.array = true;
      }
    }
    return arrays;
  }

  /** The table was emptied. */
  reset(): void {
    for (const shape of this.paths.values()) shape.array = shape.nonScalar = false;
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
    }
    return shape;
  }
}
