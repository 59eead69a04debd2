import type { FastifyReply } from 'fastify';
import { ValidationError } from '../../infrastructure/decider/decider';
import { type FilterType, checkFilter, contentRange, escapeRegex, parseSimpleRestQuery } from '../../infrastructure/http/simple-rest';
import type { Collection, Document, Filter } from '../../infrastructure/read-store/read-store.port';

/**
 * One ra-data-simple-rest list over a read-model collection: `q` searches the given text fields,
 * `id` (getMany) selects ids, other allowed filters are equality; answers the page and sets
 * Content-Range.
 */
export async function restList<T extends Document, R>(
  resource: string,
  collection: Collection<T>,
  query: Record<string, string | undefined>,
  reply: FastifyReply,
  options: {
    sortable: string[];
    defaultSort: string;
    searchFields: string[];
    /** How `q` filters, when a collection keeps a search field of its own instead of testing `searchFields` one by one. */
    search?: (text: string) => Filter;
    /** Equality filters and the type of value each accepts. */
    equalityFilters?: Record<string, FilterType>;
    /** Filters that are not plain equality: the type each accepts, and how it turns into a MongoDB filter (or null for none). */
    customFilters?: Record<string, { type: FilterType; filter: (value: unknown) => Filter | null }>;
    toRecord: (doc: T) => R;
  },
): Promise<R[]> {
  const { sort, skip, limit, filter } = parseSimpleRestQuery(query, options.sortable);
  const declared: Record<string, FilterType> = { id: 'strings', q: 'string', ...options.equalityFilters };
  for (const [key, custom] of Object.entries(options.customFilters ?? {})) declared[key] = custom.type;
  checkFilter(filter, declared);
  const clauses: Filter[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'id') {
      const ids = Array.isArray(value) ? value : [value];
      if (!ids.every((id) => typeof id === 'string')) throw new ValidationError('filter.id', 'ids must be strings');
      clauses.push({ _id: { $in: ids } });
    } else if (key === 'q') {
      if (typeof value !== 'string') throw new ValidationError('filter.q', 'q must be a string');
      const text = value.trim().slice(0, 200);
      const pattern = escapeRegex(text);
      if (pattern && options.search) clauses.push(options.search(text));
      else if (pattern) clauses.push({ $or: options.searchFields.map((field) => ({ [field]: { $regex: pattern, $options: 'i' } })) });
    } else if (options.customFilters?.[key]) {
      const custom = options.customFilters[key].filter(value);
      if (custom) clauses.push(custom);
    } else {
      const type = options.equalityFilters?.[key];
      const scalar = type === 'boolean' && typeof value === 'string' ? value === 'true' : value;
      clauses.push({ [key]: Array.isArray(scalar) ? { $in: scalar } : scalar });
    }
  }
  const mongoFilter: Filter = clauses.length === 0 ? {} : clauses.length === 1 ? clauses[0] : { $and: clauses };
  const sortField = sort ? (sort.field === 'id' ? '_id' : sort.field) : options.defaultSort;
  const { docs, total } = await collection.findPage(mongoFilter, { sort: { [sortField]: sort?.order ?? 1, _id: 1 }, skip, limit });
  void reply.header('Content-Range', contentRange(resource, skip, docs.length, total));
  void reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return docs.map(options.toRecord);
}
