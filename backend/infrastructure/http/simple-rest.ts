import { ValidationError } from '../decider/decider';

/**
 * The query protocol of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]` (inclusive),
 * `filter={...}` (with `{"id":[...]}` for getMany). Malformed parameters are a 400 naming them.
 */
export interface SimpleRestQuery {
  sort: { field: string; order: 1 | -1 } | null;
  skip: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError(name, `${name} must be JSON`);
  }
}

export function parseSimpleRestQuery(query: Record<string, string | undefined>, sortable: string[], maxPage = 500): SimpleRestQuery {
  const sortRaw = parseJson('sort', query.sort);
  let sort: SimpleRestQuery['sort'] = null;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || sortRaw.length !== 2 || !sortable.includes(String(sortRaw[0])) || !['ASC', 'DESC'].includes(String(sortRaw[1]))) {
      throw new ValidationError('sort', `sort must be ["field","ASC"|"DESC"] with field one of ${sortable.join(', ')}`);
    }
    sort = { field: String(sortRaw[0]), order: sortRaw[1] === 'ASC' ? 1 : -1 };
  }
  const rangeRaw = parseJson('range', query.range);
  let skip = 0;
  let limit = 25;
  if (rangeRaw !== undefined) {
    if (!Array.isArray(rangeRaw) || rangeRaw.length !== 2 || !rangeRaw.every((n) => Number.isInteger(n) && n >= 0) || rangeRaw[1] < rangeRaw[0]) {
      throw new ValidationError('range', 'range must be [start, end] with 0 <= start <= end');
    }
    skip = rangeRaw[0];
    limit = Math.min(rangeRaw[1] - rangeRaw[0] + 1, maxPage);
  }
  const filterRaw = parseJson('filter', query.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw new ValidationError('filter', 'filter must be a JSON object');
  }
  return { sort, skip, limit, filter: filterRaw as Record<string, unknown> };
}

/**
 * The value types a resource declares for its list filters: a `string`, a `boolean` (also "true"/"false"
 * as react-admin may send), a `strings` (one string or a list of them, for IN), or a `date` (YYYY-MM-DD...).
 */
export type FilterType = 'string' | 'boolean' | 'strings' | 'date';

function matches(type: FilterType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    case 'strings':
      return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    case 'date':
      return value === '' || value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value));
  }
}

/**
 * Only the declared filters, each with its declared type: a query operator (`{"$where":…}`, `{"$ne":…}`),
 * a prototype key or an unknown field is bad input naming the field, never a query to run.
 */
export function checkFilter(filter: Record<string, unknown>, declared: Record<string, FilterType>): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    const type = Object.prototype.hasOwnProperty.call(declared, key) ? declared[key] : undefined;
    if (!type) throw new ValidationError(`filter.${key}`, `unknown filter ${key}`);
    if (!matches(type, value))
      throw new ValidationError(`filter.${key}`, `${key} must be ${type === 'strings' ? 'a string or a list of strings' : `a ${type}`}`);
  }
  return filter;
}

/** `users 0-24/312`; an empty page has no first or last item, so it names only the total, as RFC 9110's unsatisfied range does (`users *` then `/0`). */
export function contentRange(resource: string, skip: number, count: number, total: number): string {
  if (count === 0) return `${resource} */${total}`;
  return `${resource} ${skip}-${skip + count - 1}/${total}`;
}

/** Escapes user text for a MongoDB $regex: a search for "a.b(" finds the literal text. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
