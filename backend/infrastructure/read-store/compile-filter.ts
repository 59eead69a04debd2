import type { Filter } from './read-store.port';
import { mingo } from './lazy-mingo';

/**
 * Compiles the filters the product's lists use into one plain function, so a scan of the memory
 * read store tests a document in a few property reads instead of mingo's generic evaluation (its
 * path resolution and operator dispatch were 45 % of a filtered user list's time).
 *
 * Supported, with MongoDB's semantics (arrays match when one element does; `null` matches a
 * missing field; comparisons only between values of the same type): equality to a scalar, `$eq`,
 * `$ne`, `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte`, `$regex` (+ `$options` i, m, s, u),
 * `$exists`, `$size`, `$and`, `$or`, `$nor`, on dotted paths. Anything else returns null and the
 * caller uses mingo: the compiler only ever takes the filters it can answer exactly (checked
 * against mingo by a property test).
 */
export type Predicate = (doc: object) => boolean;

type Scalar = string | number | boolean | null;

/** What a document holds at a path: the values (arrays expanded one level), and whether some branch lacked it. */
interface Resolved {
  values: unknown[];
  missing: boolean;
  /** The values as stored (arrays not expanded), for `$size`. */
  raw: unknown[];
}

function resolve(doc: object, path: string[]): Resolved {
  let current: unknown[] = [doc];
  let missing = false;
  for (const part of path) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) {
        for (const element of value) {
          if (element !== null && typeof element === 'object' && !Array.isArray(element)) {
            const inner = (element as Record<string, unknown>)[part];
            if (inner === undefined) missing = true;
            else next.push(inner);
          }
        }
      } else if (value !== null && typeof value === 'object') {
        const inner = (value as Record<string, unknown>)[part];
        if (inner === undefined) missing = true;
        else next.push(inner);
      } else {
        missing = true;
      }
    }
    current = next;
  }
  const values: unknown[] = [];
  for (const value of current) {
    if (Array.isArray(value)) for (const element of value) values.push(element);
    else values.push(value);
  }
  return { values, missing: missing || current.length === 0, raw: current };
}

const MISSING: Resolved = { values: [], missing: true, raw: [] };

/**
 * A top-level field holding a scalar is the common case: resolved into one reused holder instead of
 * fresh arrays per document (the tests are synchronous and never keep what they are given).
 */
function topLevel(field: string, test: (resolved: Resolved) => boolean): Predicate {
  const single: Resolved = { values: [undefined], missing: false, raw: [undefined] };
  return (doc) => {
    const value = (doc as Record<string, unknown>)[field];
    if (value === undefined) return test(MISSING);
    if (Array.isArray(value)) return test(resolve(doc, [field]));
    single.values[0] = value;
    single.raw[0] = value;
    return test(single);
  };
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `{ field: null }`: no value, a branch without it, or a null value. */
function matchesNull(resolved: Resolved): boolean {
  return resolved.missing || resolved.values.includes(null) || resolved.raw.includes(null);
}

function equals(operand: Scalar): ((resolved: Resolved) => boolean) | null {
  if (operand === null) return matchesNull;
  return (resolved) => resolved.values.includes(operand);
}

function among(operands: unknown): ((resolved: Resolved) => boolean) | null {
  if (!Array.isArray(operands) || !operands.every(isScalar)) return null;
  const set = new Set<Scalar>(operands);
  const withNull = set.has(null);
  return (resolved) => {
    if (withNull && matchesNull(resolved)) return true;
    for (const value of resolved.values) if (set.has(value as Scalar)) return true;
    return false;
  };
}

function compare(op: string, operand: unknown): ((resolved: Resolved) => boolean) | null {
  if (typeof operand !== 'string' && typeof operand !== 'number') return null;
  const type = typeof operand;
  const test =
    op === '$gt'
      ? (v: string | number) => v > operand
      : op === '$gte'
        ? (v: string | number) => v >= operand
        : op === '$lt'
          ? (v: string | number) => v < operand
          : (v: string | number) => v <= operand;
  return (resolved) => {
    for (const value of resolved.values) if (typeof value === type && test(value as string | number)) return true;
    return false;
  };
}

function regex(pattern: unknown, options: unknown): ((resolved: Resolved) => boolean) | null {
  let expression: RegExp;
  if (pattern instanceof RegExp && options === undefined) expression = pattern;
  else if (typeof pattern === 'string' && (options === undefined || (typeof options === 'string' && /^[imsu]*$/.test(options)))) {
    try {
      expression = new RegExp(pattern, options ?? '');
    } catch {
      return null;
    }
  } else return null;
  // A global or sticky expression keeps state between tests: never reuse one.
  if (expression.global || expression.sticky) return null;
  return (resolved) => {
    for (const value of resolved.values) if (typeof value === 'string' && expression.test(value)) return true;
    return false;
  };
}

/** Null and existence through nested paths: mingo's answers differ from MongoDB's, so leave those to mingo. */
function nullSensitive(spec: unknown): boolean {
  if (spec === null) return true;
  if (!spec || typeof spec !== 'object') return false;
  return Object.entries(spec as Record<string, unknown>).some(
    ([op, operand]) => op === '$exists' || operand === null || ((op === '$in' || op === '$nin') && Array.isArray(operand) && operand.includes(null)),
  );
}

function condition(path: string[], spec: unknown): ((resolved: Resolved) => boolean) | null {
  if (path.length > 1 && nullSensitive(spec)) return null;
  if (isScalar(spec)) return equals(spec);
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec) || spec instanceof RegExp) return null;
  const entries = Object.entries(spec as Record<string, unknown>);
  if (entries.length === 0 || entries.some(([key]) => !key.startsWith('$'))) return null;
  const tests: ((resolved: Resolved) => boolean)[] = [];
  const record = spec as Record<string, unknown>;
  for (const [op, operand] of entries) {
    let test: ((resolved: Resolved) => boolean) | null = null;
    switch (op) {
      case '$eq':
        test = isScalar(operand) ? equals(operand) : null;
        break;
      case '$ne': {
        const eq = isScalar(operand) ? equals(operand) : null;
        test = eq && ((resolved) => !eq(resolved));
        break;
      }
      case '$in':
        test = among(operand);
        break;
      case '$nin': {
        const inside = among(operand);
        test = inside && ((resolved) => !inside(resolved));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        test = compare(op, operand);
        break;
      case '$regex':
        test = regex(operand, record.$options);
        break;
      case '$options':
        if (!('$regex' in record)) return null;
        continue;
      case '$exists':
        if (typeof operand !== 'boolean') return null;
        test = (resolved) => resolved.raw.length > 0 === operand;
        break;
      case '$size':
        // Through arrays of documents mingo and MongoDB disagree on $size: top-level fields only.
        if (typeof operand !== 'number' || !Number.isInteger(operand) || path.length > 1) return null;
        test = (resolved) => resolved.raw.some((value) => Array.isArray(value) && value.length === operand);
        break;
      default:
        return null;
    }
    if (!test) return null;
    tests.push(test);
  }
  return tests.length === 1 ? tests[0] : (resolved) => tests.every((t) => t(resolved));
}

export function compileFilter(filter: Filter): Predicate | null {
  const clauses: Predicate[] = [];
  for (const [key, spec] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(spec) || spec.length === 0) return null;
      const parts = spec.map((part) => (part && typeof part === 'object' && !Array.isArray(part) ? compileFilter(part as Filter) : null));
      if (parts.some((p) => p === null)) return null;
      const compiled = parts as Predicate[];
      if (key === '$and') clauses.push((doc) => compiled.every((p) => p(doc)));
      else if (key === '$or') clauses.push((doc) => compiled.some((p) => p(doc)));
      else clauses.push((doc) => !compiled.some((p) => p(doc)));
      continue;
    }
    if (key.startsWith('$')) return null;
    const path = key.split('.');
    if (path.some((part) => part === '' || /^\d+$/.test(part))) return null; // positional paths: mingo's business
    const test = condition(path, spec);
    if (!test) return null;
    clauses.push(path.length === 1 ? topLevel(key, test) : (doc) => test(resolve(doc, path)));
  }
  if (clauses.length === 0) return () => true;
  if (clauses.length === 1) return clauses[0];
  return (doc) => clauses.every((c) => c(doc));
}

/** The filter as a plain predicate when it can be compiled, mingo's evaluation otherwise. */
export function matcher(filter: Filter): Predicate {
  const compiled = compileFilter(filter);
  if (compiled) return compiled;
  const query = new (mingo().Query)(filter, {});
  return (doc) => query.test(doc as Record<string, unknown>);
}
