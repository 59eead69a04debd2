import { Aggregator, Query, update as applyUpdate } from 'mingo';
import { deepFreeze } from '../immutability/deep-freeze';
import { matcher } from './compile-filter';
import { compileSort, topK } from './top-k';
import { distinctValues } from './distinct-values';
import type { Checkpoint } from '../checkpoints/checkpoint-store.port';
import { MemoryCheckpointStore } from '../checkpoints/memory-checkpoint-store';
import {
  type Collection,
  type CollectionWrites,
  type Document,
  type Filter,
  type FindOptions,
  type IndexSpec,
  indexKeys,
  type Pipeline,
  type ReadStore,
  type WriteOperation,
} from './read-store.port';

type Key = string | number | boolean | null;

/** Values a document holds at a dotted path; arrays index each element (MongoDB multikey semantics). */
function valuesAt(doc: Record<string, unknown>, path: string | string[]): Key[] {
  let value: unknown = doc;
  for (const part of typeof path === 'string' ? path.split('.') : path) {
    if (value === null || typeof value !== 'object') {
      value = undefined;
      break;
    }
    value = (value as Record<string, unknown>)[part];
  }
  if (!Array.isArray(value)) return isKey(value) ? [value === undefined ? null : (value as Key)] : [];
  return value.filter(isKey).map((v) => (v === undefined ? null : v)) as Key[];
}

function isKey(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean';
}

class FieldIndex {
  private readonly buckets = new Map<Key, Set<string>>();
  private readonly path: string[];
  constructor(readonly spec: IndexSpec) {
    this.path = spec.field!.split('.');
  }

  keysOf(doc: Document): Key[] {
    return valuesAt(doc, this.path);
  }

  add(doc: Document, keys: Key[] = this.keysOf(doc)): void {
    for (const key of keys) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = new Set()));
      if (this.spec.unique && key !== null && bucket.size > 0 && !bucket.has(doc._id)) {
        throw new Error(`Duplicate key ${String(key)} for unique index ${this.spec.field}`);
      }
      bucket.add(doc._id);
    }
  }

  remove(doc: Document, keys: Key[] = this.keysOf(doc)): void {
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      bucket?.delete(doc._id);
      if (bucket && bucket.size === 0) this.buckets.delete(key);
    }
  }

  /** Ids matching an equality or $in condition on the field, or undefined when the condition is not one. */
  lookup(condition: unknown): Set<string> | undefined {
    const keys = equalityKeys(condition);
    if (!keys) return undefined;
    const ids = new Set<string>();
    for (const key of keys) for (const id of this.buckets.get(key) ?? []) ids.add(id);
    return ids;
  }
}

function equalityKeys(condition: unknown): Key[] | undefined {
  if (condition === null || ['string', 'number', 'boolean'].includes(typeof condition)) return [condition as Key];
  if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
    const ops = Object.keys(condition);
    if (ops.length !== 1) return undefined;
    const operand = (condition as Record<string, unknown>)[ops[0]];
    if (ops[0] === '$eq' && isKey(operand)) return [operand as Key];
    if (ops[0] === '$in' && Array.isArray(operand) && operand.every(isKey)) return operand as Key[];
  }
  return undefined;
}

/**
 * A collection kept in a Map and queried with mingo (MongoDB's query language). Declared indexes
 * are Maps from value to ids, so equality and $in filters on them do not scan. Documents are
 * copied in and out: callers can never mutate the stored state by accident.
 */
class MemoryCollection<T extends Document> implements Collection<T> {
  private readonly docs = new Map<string, T>();
  private readonly indexes = new Map<string, FieldIndex>();

  constructor(
    readonly name: string,
    private readonly freezeAdopted: boolean,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return this.shape(this.page(this.matches(filter), options), options);
  }

  async findPage(filter: Filter, options: FindOptions): Promise<{ docs: T[]; total: number }> {
    const matches = this.matches(filter);
    return { docs: this.shape(this.page(matches, options), options), total: matches.length };
  }

  private shape(found: T[], options: FindOptions): T[] {
    const shaped = options.projection ? (new Query({}, {}).find<T>(found, options.projection as never).all() as T[]) : found;
    return options.readOnly && !options.projection ? shaped : shaped.map((doc) => structuredClone(doc));
  }

  private matches(filter: Filter): T[] {
    const { docs: candidates, exact } = this.select(filter);
    return exact ? candidates : candidates.filter(matcher(filter));
  }

  /** Sorted and paged; a page of a sort over scalars is selected without sorting everything. */
  private page(matches: T[], options: FindOptions): T[] {
    const sort = options.sort && Object.keys(options.sort).length ? (options.sort as Record<string, 1 | -1>) : undefined;
    if (!sort && !options.skip && !options.limit) return matches;
    if (sort && options.limit) {
      const compare = compileSort(sort, matches as Record<string, unknown>[]);
      if (compare) {
        const skip = options.skip ?? 0;
        return topK(matches as Record<string, unknown>[], skip + options.limit, compare).slice(skip) as T[];
      }
    }
    let cursor = new Query({}, {}).find<T>(matches);
    if (sort) cursor = cursor.sort(sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all() as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = await this.find(filter, { limit: 1 });
    return doc ?? null;
  }

  async findById(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  async peekById(id: string): Promise<T | null> {
    return this.docs.get(id) ?? null;
  }

  async findByIds(ids: string[]): Promise<T[]> {
    return ids
      .map((id) => this.docs.get(id))
      .filter((d): d is T => !!d)
      .map((d) => structuredClone(d));
  }

  async distinct(field: string, filter: Filter = {}): Promise<Array<string | number>> {
    return distinctValues(this.matches(filter), field);
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return this.docs.size;
    const { docs, exact } = this.select(filter);
    if (exact) return docs.length;
    const test = matcher(filter);
    let n = 0;
    for (const doc of docs) if (test(doc)) n++;
    return n;
  }

  async aggregate<R>(pipeline: Pipeline): Promise<R[]> {
    const first = pipeline[0]?.$match as Filter | undefined;
    const source = first ? this.candidates(first) : [...this.docs.values()];
    return structuredClone(new Aggregator(pipeline, {}).run(source)) as R[];
  }

  async replace(doc: T): Promise<void> {
    this.put(structuredClone(doc));
  }

  async updateById(id: string, update: Record<string, unknown>, options: { upsert?: boolean } = {}): Promise<void> {
    const existing = this.docs.get(id);
    if (!existing && !options.upsert) return;
    const next = existing ? structuredClone(existing) : ({ _id: id } as T);
    applyUpdate(next, update as never, undefined, undefined, { cloneMode: 'deep' });
    this.put(next);
  }

  async deleteById(id: string): Promise<void> {
    const existing = this.docs.get(id);
    if (!existing) return;
    for (const index of this.indexes.values()) index.remove(existing);
    this.docs.delete(id);
  }

  async bulkWrite(operations: WriteOperation<T>[]): Promise<void> {
    for (const op of operations) {
      if (op.kind === 'replace') this.put(op.adopt ? this.adopted(op.doc) : structuredClone(op.doc));
      else if (op.kind === 'update') await this.updateById(op.id, op.update, { upsert: op.upsert });
      else await this.deleteById(op.id);
    }
  }

  /** A composite index is kept as a map of its first field (what equality lookups use here). */
  async createIndex(spec: IndexSpec): Promise<void> {
    if (spec.substring) return;
    const keys = indexKeys(spec);
    const field = keys[0].field;
    if (this.indexes.has(field)) return;
    const index = new FieldIndex({ field, unique: keys.length === 1 && spec.unique });
    for (const doc of this.docs.values()) index.add(doc);
    this.indexes.set(field, index);
  }

  async clear(): Promise<void> {
    this.docs.clear();
    for (const [field, index] of this.indexes) this.indexes.set(field, new FieldIndex(index.spec));
  }

  /** When asked, adopted documents are frozen: a projection changing a document it read fails loudly. */
  private adopted(doc: T): T {
    return this.freezeAdopted ? deepFreeze(doc) : doc;
  }

  private put(doc: T): void {
    const previous = this.docs.get(doc._id);
    // Only the indexes whose keys change are touched: most writes (counters, states) keep them.
    const changes: { index: FieldIndex; before: Key[]; after: Key[] }[] = [];
    for (const index of this.indexes.values()) {
      const before = previous ? index.keysOf(previous) : [];
      const after = index.keysOf(doc);
      if (!previous || before.length !== after.length || before.some((key, i) => key !== after[i])) changes.push({ index, before, after });
    }
    for (const { index, before } of changes) if (previous) index.remove(previous, before);
    try {
      for (const { index, after } of changes) index.add(doc, after);
    } catch (error) {
      for (const { index, after } of changes) index.remove(doc, after);
      if (previous) for (const { index, before } of changes) index.add(previous, before);
      throw error;
    }
    this.docs.set(doc._id, doc);
  }

  /**
   * The candidates, and whether they are exactly the matches: an empty filter, or one condition
   * answered by an index (equality or $in on an indexed field or _id), needs no further test.
   */
  private select(filter: Filter): { docs: T[]; exact: boolean } {
    const fields = Object.keys(filter);
    if (fields.length === 0) return { docs: [...this.docs.values()], exact: true };
    if (fields.length === 1) {
      const [field] = fields;
      const ids = field === '_id' ? idLookup(filter[field]) : this.indexes.get(field)?.lookup(filter[field]);
      if (ids) return { docs: this.byIds(ids), exact: true };
    }
    return { docs: this.candidates(filter), exact: false };
  }

  /** The smallest set of documents an indexed equality in the filter allows; every document otherwise. */
  private candidates(filter: Filter): T[] {
    let best: Set<string> | undefined;
    for (const [field, condition] of Object.entries(filter)) {
      const ids = field === '_id' ? idLookup(condition) : this.indexes.get(field)?.lookup(condition);
      if (ids && (!best || ids.size < best.size)) best = ids;
    }
    return best ? this.byIds(best) : [...this.docs.values()];
  }

  private byIds(ids: Set<string>): T[] {
    const docs: T[] = [];
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }
}

function idLookup(condition: unknown): Set<string> | undefined {
  const keys = equalityKeys(condition);
  return keys ? new Set(keys.map(String)) : undefined;
}

export class MemoryReadStore implements ReadStore {
  readonly adapter = 'memory' as const;
  readonly checkpoints = new MemoryCheckpointStore();
  private readonly collections = new Map<string, MemoryCollection<Document>>();
  private readonly freezeAdopted: boolean;

  /**
   * `freezeAdopted`: deep-freeze the documents a projection hands over, so a projection that mutates what it read
   * fails a test instead of corrupting the runner's document cache. Test harnesses turn it on; it costs a walk of
   * every written document, so it is off unless asked.
   */
  constructor(options: { freezeAdopted?: boolean } = {}) {
    this.freezeAdopted = options.freezeAdopted ?? false;
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new MemoryCollection(name, this.freezeAdopted)));
    return collection as unknown as Collection<T>;
  }

  /** Nothing else runs between the writes and the checkpoint (one event loop turn of map updates). */
  async commit(writes: CollectionWrites[], checkpoint: Checkpoint): Promise<void> {
    for (const { collection, operations } of writes) await this.collection(collection).bulkWrite(operations);
    await this.checkpoints.save(checkpoint);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.collections.clear();
  }
}
