import type { Filter, Sort } from './read-store.port';

/**
 * Compiles the port's MongoDB filters and sorts to SQL over `"<table>"(_id, doc)`, with mingo's
 * semantics. Every value is compared through its *key*: a scalar SQL value whose native order is
 * mingo's order between types (missing and null -Inf, which mingo's sort does not tell apart, < numbers < strings < false X'00' < true X'01';
 * objects X'02' and arrays X'03' only mark the shape), so a declared field's generated column of that
 * key serves equality, ranges and sorts from an SQL index.
 *
 * A condition SQL cannot answer exactly compiles to a superset (often TRUE) and `exact: false`: the
 * caller then tests the candidates in JS (compile-filter's matcher, mingo). Array fields match when
 * one element does (json_each over the documents whose key marks an array).
 */
export interface TableShape {
  /** The generated column holding the key of a declared field, if there is one. */
  column(path: string): string | undefined;
  /** The table of a declared field's array elements (`key`, `id` = the document's rowid), if there is one. */
  elements(path: string): string | undefined;
  /** Whether some document may hold an array at this exact path. */
  mayHoldArray(path: string): boolean;
  /** Whether some document may hold an array or an object at this exact path. */
  mayHoldNonScalar(path: string): boolean;
  /** The trigram table of a field declared for substring searches (`rowid` = the document's), if there is one. */
  substrings?(path: string): string | undefined;
  /** The table itself: exclusions by id read its rowids, which every index holds. */
  readonly table?: string;
  /**
   * Compiled for a walk along the page's ordered index (a page of many substring matches): flags stay indexable
   * beside an $or, since the walk's index leads with them (see beside).
   */
  readonly walk?: boolean;
}

export interface SqlCondition {
  sql: string;
  params: unknown[];
  /** False when `sql` only narrows the candidates and the filter must still be tested in JS. */
  exact: boolean;
  /** An $or: answered best by uniting the indexes of its branches. */
  or?: boolean;
}

/**
 * Beside an $or, flags and nulls must not take the index: without statistics SQLite would read
 * every document of `archived = false` rather than unite the $or's selective indexes.
 */
function beside(clauses: SqlCondition[], shape: TableShape): SqlCondition[] {
  if (shape.walk || !clauses.some((c) => c.or)) return clauses;
  return clauses.map((c) => {
    // With the flags out of the index, a substring lookup by value could seek nothing: by rowid it drives the plan.
    const sql = lookupsByRowid(c.sql);
    return c.or ? { ...c, sql } : { ...c, sql: sql.replace(/likelihood\("/g, 'likelihood(+"') };
  });
}

/** A substring lookup by the field's values (textLeaf), as found in compiled SQL. */
const LOOKUP_BY_VALUE = /"k:[^"]+" IN \(SELECT text FROM "([^"]+)" WHERE "\1" MATCH /g;

/** The same condition with its substring lookups by value made lookups by rowid: the matches drive the plan, whatever the indexes. */
export function lookupsByRowid(sql: string): string {
  return sql.replace(LOOKUP_BY_VALUE, 'rowid IN (SELECT rowid FROM "$1" WHERE "$1" MATCH ');
}

const NULL_KEY = '-9e999';
const ARRAY_KEY = "X'03'";
const TRUE_KEY = "X'01'";
const FALSE_KEY = "X'00'";
const ANYTHING: SqlCondition = { sql: '1', params: [], exact: false };

/** The key of a JSON value from its json_type and its SQL value (see the header). */
export function keyOf(type: string, value: string): string {
  return `CASE IFNULL(${type}, 'null') WHEN 'true' THEN X'01' WHEN 'false' THEN X'00' WHEN 'null' THEN ${NULL_KEY} WHEN 'array' THEN X'03' WHEN 'object' THEN X'02' ELSE ${value} END`;
}

/** `'$."a"."b"'` as an SQL literal, or null for paths SQL can't address like mingo does. */
export function jsonPath(path: string): string | null {
  const parts = path.split('.');
  if (parts.some((part) => part === '' || /^\d+$/.test(part) || /["\\]/.test(part) || part.startsWith('$'))) return null;
  return `'$${parts
    .map((part) => `."${part}"`)
    .join('')
    .replace(/'/g, "''")}'`;
}

/** The key expression of a document's value at a path (the generated column's expression too). */
export function keyAt(path: string): string | null {
  const json = jsonPath(path);
  return json && keyOf(`json_type(doc, ${json})`, `json_extract(doc, ${json})`);
}

/** The key of an element of a `json_each` row `e`. */
export const ELEMENT_KEY = keyOf('e.type', 'e.atom');

type Scalar = string | number | boolean | null;
type Leaf = (key: string, element: boolean) => { sql: string; params: unknown[] } | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function equals(operand: Scalar): Leaf {
  return (key) => {
    // Null and flags match many documents: told so, the planner prefers a selective index beside them (e.g. an $or of ids).
    if (operand === null) return { sql: `likelihood(${key} = ${NULL_KEY}, 0.5)`, params: [] };
    if (typeof operand === 'boolean') return { sql: `likelihood(${key} = ${operand ? TRUE_KEY : FALSE_KEY}, 0.5)`, params: [] };
    return { sql: `${key} = ?`, params: [operand] };
  };
}

function among(operands: Scalar[]): Leaf {
  return (key, element) => {
    const values = operands.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    const parts: string[] = [];
    if (values.length) parts.push(`${key} IN (${values.map(() => '?').join(', ')})`);
    for (const flag of [true, false]) if (operands.includes(flag)) parts.push(`${key} = ${flag ? TRUE_KEY : FALSE_KEY}`);
    if (operands.includes(null)) parts.push(equals(null)(key, element)!.sql);
    return { sql: parts.length ? `(${parts.join(' OR ')})` : '0', params: values };
  };
}

function compare(op: string, operand: unknown): Leaf | null {
  const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op]!;
  const upward = op === '$gt' || op === '$gte';
  // Bounded to the operand's own type: mingo compares values of the same type only.
  if (typeof operand === 'number' && Number.isFinite(operand)) {
    return (key) => ({ sql: `(${key} ${sign} ? AND ${key} ${upward ? "< ''" : `> ${NULL_KEY}`})`, params: [operand] });
  }
  if (typeof operand === 'string') return (key) => ({ sql: `(${key} ${sign} ? AND ${key} ${upward ? "< X''" : ">= ''"})`, params: [operand] });
  return null;
}

function regex(pattern: unknown, options: unknown, trigrams?: string): Leaf | null {
  let source: string;
  let flags: string;
  if (pattern instanceof RegExp && options === undefined) {
    if (pattern.global || pattern.sticky) return null;
    source = pattern.source;
    flags = pattern.flags;
  } else if (typeof pattern === 'string' && (options === undefined || (typeof options === 'string' && /^[imsu]*$/.test(options)))) {
    try {
      new RegExp(pattern, options ?? '');
    } catch {
      return null;
    }
    source = pattern;
    flags = options ?? '';
  } else return null;
  const text = plainText(source, flags);
  if (text !== null) return textLeaf(text, flags.includes('i'), trigrams);
  return (key) => ({ sql: `js_regexp(${key}, ?, ?)`, params: [source, flags] });
}

const METACHARACTERS = /[\\^$.*+?()[\]{}|]/;

/**
 * The text a pattern stands for when it is printable ASCII with its metacharacters escaped (what
 * searches build with escapeRegex), or null. Such a pattern is a substring test SQL answers without
 * calling back into JavaScript for every row: outside `u` mode JavaScript's `i` folds ASCII letters only
 * among themselves (no other character's upper case maps onto ASCII), exactly as SQLite's LIKE does.
 */
function plainText(source: string, flags: string): string | null {
  if (flags.includes('u') || flags.includes('v')) return null;
  let text = '';
  for (let i = 0; i < source.length; i++) {
    let char = source[i];
    if (char === '\\') {
      char = source[++i];
      if (char === undefined || !METACHARACTERS.test(char)) return null;
    } else if (METACHARACTERS.test(char)) return null;
    text += char;
  }
  return /^[\x20-\x7e]*$/.test(text) ? text : null;
}

/** Every character a number's key (or null's, -Inf) can show as text; the other keys' texts are control characters. */
const NUMBER_TEXT = /^[0-9.+\-eEiInNfF]*$/;

function textLeaf(text: string, ignoreCase: boolean, trigrams?: string): Leaf {
  // Only strings match a $regex; a key is SQL text exactly when the value is a string. A generated key is computed
  // again at every mention, so the type is tested only when the text could also be found in a number's digits.
  const typed = (key: string, test: string) => (NUMBER_TEXT.test(text) ? `(typeof(${key}) = 'text' AND ${test})` : test);
  const exact: Leaf = ignoreCase
    ? (key) => ({ sql: typed(key, `${key} LIKE ? ESCAPE '\\'`), params: [`%${text.replace(/[\\%_]/g, '\\$&')}%`] })
    : (key) => ({ sql: typed(key, `instr(${key}, ?) > 0`), params: [text] });
  // Trigrams need three characters. The table's matches (folded by case) narrow to a few rows, then the exact test decides.
  if (!trigrams || text.length < 3) return exact;
  // The trigram table holds the field's value exactly when it is a string, so the exact test reads the table's own copy
  // of the text: a search matching half the users reads no document's JSON to tell the matches (nor to count them).
  const test = ignoreCase
    ? { sql: `text LIKE ? ESCAPE '\\'`, params: [`%${text.replace(/[\\%_]/g, '\\$&')}%`] }
    : { sql: `instr(text, ?) > 0`, params: [text] };
  // A field with a key column is looked up by its matching values: each is then a seek into an index holding the field
  // after equality keys (the admin list's `archived, published, titleKey, …`), whose other keys decide the match without
  // the document's JSON (14 instead of 85 ms for 6,667 of 100k speaches). Otherwise by the matching documents' rowids.
  return (key) => {
    const [looked, selected] = key.startsWith('"k:') ? [key, 'text'] : ['rowid', 'rowid'];
    return {
      sql: `${looked} IN (SELECT ${selected} FROM "${trigrams}" WHERE "${trigrams}" MATCH ? AND ${test.sql})`,
      params: [`"${text.replace(/"/g, '""')}"`, ...test.params],
    };
  };
}

/** Null and existence through nested paths: left to mingo, as compile-filter does. */
function nullSensitive(spec: unknown): boolean {
  if (spec === null) return true;
  if (!spec || typeof spec !== 'object' || spec instanceof RegExp) return false;
  return Object.entries(spec as Record<string, unknown>).some(
    ([op, operand]) => op === '$exists' || operand === null || ((op === '$in' || op === '$nin') && Array.isArray(operand) && operand.includes(null)),
  );
}

/** Ids are strings: (in)equality to strings reads the primary key, not the JSON (its TEXT affinity would make 5 equal '5'). */
function byIdText(spec: unknown): boolean {
  if (typeof spec === 'string') return true;
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return false;
  const entries = Object.entries(spec as Record<string, unknown>);
  return (
    entries.length === 1 &&
    (((entries[0][0] === '$eq' || entries[0][0] === '$ne') && typeof entries[0][1] === 'string') ||
      ((entries[0][0] === '$in' || entries[0][0] === '$nin') && Array.isArray(entries[0][1]) && entries[0][1].every((v) => typeof v === 'string')))
  );
}

/**
 * `_id` `$ne`/`$nin` strings (the path editor's "not already in the path") as rowids: every index holds the
 * rowid, so a count of the rest stays on the index that serves the page instead of reading each row's `_id`.
 */
function exclusionById(spec: unknown, table: string): SqlCondition | null {
  if (!spec || typeof spec !== 'object') return null;
  const [[op, operand]] = Object.entries(spec as Record<string, unknown>);
  if (op !== '$ne' && op !== '$nin') return null;
  const ids = op === '$ne' ? [operand] : (operand as string[]);
  return { sql: `rowid NOT IN (SELECT rowid FROM "${table}" WHERE _id IN (${ids.map(() => '?').join(', ')}))`, params: ids, exact: true };
}

function not(condition: { sql: string; params: unknown[] }) {
  // SQL's NULL (a missing value compared) means "no match": negate it as false.
  return { sql: `NOT IFNULL(${condition.sql}, 0)`, params: condition.params };
}

function fieldCondition(path: string, spec: unknown, shape: TableShape): SqlCondition {
  const json = jsonPath(path);
  if (!json) return ANYTHING;
  const parts = path.split('.');
  if (parts.length > 1 && nullSensitive(spec)) return ANYTHING;
  const byId = path === '_id' && byIdText(spec);
  if (byId && shape.table) {
    const excluded = exclusionById(spec, shape.table);
    if (excluded) return excluded;
  }
  const key = byId ? '_id' : (shape.column(path) ?? keyAt(path)!);
  const arrays = shape.mayHoldArray(path);
  const throughArrays = parts
    .slice(0, -1)
    .map((_, i) => parts.slice(0, i + 1).join('.'))
    .filter((prefix) => shape.mayHoldArray(prefix));
  // Only where the value is one string per document: the trigram table holds no array elements.
  const trigrams = arrays || throughArrays.length ? undefined : shape.substrings?.(path);

  /** Some value at the path passes: the value itself, or one element of an array there. */
  const some = (leaf: Leaf) => {
    const direct = leaf(key, false);
    if (!direct) return null;
    if (!arrays) return direct;
    const elements = shape.elements(path);
    if (elements) {
      const element = leaf('key', true)!;
      return { sql: `(${direct.sql} OR rowid IN (SELECT id FROM "${elements}" WHERE ${element.sql}))`, params: [...direct.params, ...element.params] };
    }
    const element = leaf(ELEMENT_KEY, true)!;
    return {
      sql: `(${direct.sql} OR (${key} = ${ARRAY_KEY} AND EXISTS (SELECT 1 FROM json_each(doc, ${json}) e WHERE ${element.sql})))`,
      params: [...direct.params, ...element.params],
    };
  };

  const conditions: { sql: string; params: unknown[] }[] = [];
  let negated = false;
  const operators = spec !== null && typeof spec === 'object' && !(spec instanceof RegExp) && !Array.isArray(spec) ? (spec as Record<string, unknown>) : null;
  if (isScalar(spec)) conditions.push(some(equals(spec))!);
  else if (spec instanceof RegExp) {
    const leaf = regex(spec, undefined, trigrams);
    if (!leaf) return ANYTHING;
    conditions.push(some(leaf)!);
  } else if (operators) {
    const entries = Object.entries(operators);
    if (entries.length === 0 || entries.some(([op]) => !op.startsWith('$'))) return ANYTHING;
    for (const [op, operand] of entries) {
      let condition: { sql: string; params: unknown[] } | null = null;
      switch (op) {
        case '$eq':
          condition = isScalar(operand) ? some(equals(operand)) : null;
          break;
        case '$ne': {
          const eq = isScalar(operand) ? some(equals(operand)) : null;
          condition = eq && not(eq);
          negated = true;
          break;
        }
        case '$in':
          condition = Array.isArray(operand) && operand.every(isScalar) ? some(among(operand)) : null;
          break;
        case '$nin': {
          const inside = Array.isArray(operand) && operand.every(isScalar) ? some(among(operand)) : null;
          condition = inside && not(inside);
          negated = true;
          break;
        }
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte': {
          const leaf = compare(op, operand);
          condition = leaf && some(leaf);
          break;
        }
        case '$regex': {
          const leaf = regex(operand, operators.$options, trigrams);
          condition = leaf && some(leaf);
          break;
        }
        case '$options':
          if (!('$regex' in operators)) return ANYTHING;
          continue;
        case '$exists':
          if (typeof operand !== 'boolean' || parts.length > 1) return ANYTHING;
          condition = { sql: `json_type(doc, ${json}) IS ${operand ? 'NOT ' : ''}NULL`, params: [] };
          break;
        case '$size':
          if (typeof operand !== 'number' || !Number.isInteger(operand) || parts.length > 1) return ANYTHING;
          // A declared field's element table counts the elements from its index, without the document's JSON.
          condition = shape.elements(path)
            ? {
                sql:
                  operand === 0
                    ? `(${key} = ${ARRAY_KEY} AND rowid NOT IN (SELECT id FROM "${shape.elements(path)}"))`
                    : `(${key} = ${ARRAY_KEY} AND rowid IN (SELECT id FROM "${shape.elements(path)}" GROUP BY id HAVING count(*) = ?))`,
                params: operand === 0 ? [] : [operand],
              }
            : { sql: `(${key} = ${ARRAY_KEY} AND json_array_length(doc, ${json}) = ?)`, params: [operand] };
          break;
        default:
          return ANYTHING;
      }
      if (!condition) return ANYTHING;
      conditions.push(condition);
    }
  } else return ANYTHING;

  const sql = conditions.map((c) => c.sql).join(' AND ');
  const params = conditions.flatMap((c) => c.params);
  if (throughArrays.length === 0) return { sql, params, exact: true };
  // An array on the way (`steps.userId` over a list of steps): JSON paths don't descend into it.
  // Positive conditions still narrow to their matches plus the documents holding such arrays.
  if (negated) return ANYTHING;
  const arrayPrefixes = throughArrays.map((prefix) => `json_type(doc, ${jsonPath(prefix)}) = 'array'`);
  return { sql: `(${sql} OR ${arrayPrefixes.join(' OR ')})`, params, exact: false };
}

/** The WHERE clause of a filter over a table of this shape. */
export function compileWhere(filter: Filter, shape: TableShape): SqlCondition {
  const clauses: SqlCondition[] = [];
  for (const [key, spec] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(spec) || spec.length === 0 || !spec.every((p) => p && typeof p === 'object' && !Array.isArray(p))) {
        clauses.push(ANYTHING);
        continue;
      }
      const parts =
        key === '$and'
          ? beside(
              spec.map((part) => compileWhere(part as Filter, shape)),
              shape,
            )
          : spec.map((part) => compileWhere(part as Filter, shape));
      const exact = parts.every((p) => p.exact);
      const params = parts.flatMap((p) => p.params);
      const joined = parts.map((p) => p.sql).join(key === '$and' ? ' AND ' : ' OR ');
      if (key !== '$nor') clauses.push({ sql: `(${joined})`, params, exact, or: key === '$or' || parts.some((p) => p.or) });
      else clauses.push(exact ? { ...not({ sql: `(${joined})`, params }), exact } : ANYTHING);
      continue;
    }
    if (key.startsWith('$')) {
      clauses.push(ANYTHING);
      continue;
    }
    clauses.push(fieldCondition(key, spec, shape));
  }
  const narrowing = beside(
    clauses.filter((c) => c.sql !== '1'),
    shape,
  );
  return {
    or: narrowing.some((c) => c.or),
    sql: narrowing.length ? narrowing.map((c) => c.sql).join(' AND ') : '1',
    params: narrowing.flatMap((c) => c.params),
    exact: clauses.every((c) => c.exact),
  };
}

/**
 * ORDER BY for a sort in mingo's order (types as in the header, binary string order, ties in
 * insertion order: the rowid), or null when a sort key may be an array or object (mingo's order
 * between those is left to mingo).
 */
export function compileOrderBy(sort: Sort | undefined, shape: TableShape): string | null {
  const keys: string[] = [];
  const entries = Object.entries(sort ?? {});
  for (const [path, direction] of entries) {
    const desc = direction === -1 ? ' DESC' : '';
    if (path === '_id') {
      keys.push(`_id${desc}`);
      continue;
    }
    const parts = path.split('.');
    if (!jsonPath(path)) return null;
    for (let i = 1; i < parts.length; i++) if (shape.mayHoldArray(parts.slice(0, i).join('.'))) return null;
    if (shape.mayHoldNonScalar(path)) return null;
    keys.push(`${shape.column(path) ?? keyAt(path)}${desc}`);
  }
  // Ties keep the insertion order (mingo's stable sort); `_id` is unique, and a rowid after it would keep an index from serving the order.
  if (!entries.some(([path]) => path === '_id')) keys.push('rowid');
  return keys.join(', ');
}
