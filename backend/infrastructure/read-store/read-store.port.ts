import type { Checkpoint, CheckpointStore } from '../checkpoints/checkpoint-store.port';

/**
 * The read side's document store. Queries use the MongoDB filter and aggregation language so
 * the embedded (mingo) and production (MongoDB) adapters answer the same questions the same way.
 */
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;
export type Pipeline = Record<string, unknown>[];

export interface Document {
  _id: string;
  [key: string]: unknown;
}

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
  /**
   * The caller only reads the documents: an in-memory store may answer its own objects instead of
   * copies (large scans such as dashboard buckets). Never change what such a call returns.
   */
  readOnly?: boolean;
}

export type WriteOperation<T extends Document = Document> =
  /**
   * `adopt`: the caller hands the document over and never changes it afterwards, so an in-memory
   * store may keep the object itself instead of a copy (projections' unit of work).
   */
  | { kind: 'replace'; doc: T; adopt?: boolean }
  | { kind: 'update'; id: string; update: Record<string, unknown>; upsert?: boolean }
  | { kind: 'delete'; id: string };

/** One key of an index: a dotted field path, ascending unless `direction` is -1. */
export interface IndexKey {
  field: string;
  direction?: 1 | -1;
}

/**
 * An index a projection declares: one field (`{ field }`: equality and $in filters on it do not scan
 * the collection), or a composite (`{ fields }`: a list screen filtering on equality on the first keys
 * and sorting on the next ones reads its page from the index).
 */
export type IndexSpec = ({ field: string; fields?: undefined } | { fields: IndexKey[]; field?: undefined }) & {
  unique?: boolean;
  /**
   * A one-field index for substring searches (a `$regex` of plain text, what a search box builds) on a string
   * field: where the adapter has one (SQLite: a trigram table), a word is an index lookup instead of a test of
   * every document. The other adapters ignore it.
   */
  substring?: boolean;
};

/** The keys of an index, whichever way it was declared. */
export function indexKeys(index: IndexSpec): IndexKey[] {
  return index.fields ?? [{ field: index.field!, direction: 1 }];
}

export interface Collection<T extends Document = Document> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter): Promise<T | null>;
  findById(id: string): Promise<T | null>;
  /**
   * The document for reading only: the stored object itself where the adapter can (memory), a copy
   * elsewhere. The caller must not change it (projections build new documents with spreads).
   */
  peekById(id: string): Promise<T | null>;
  findByIds(ids: string[]): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** A page of the matches and how many there are in all (a list screen's two questions; one scan in memory). */
  findPage(filter: Filter, options: FindOptions): Promise<{ docs: T[]; total: number }>;
  /**
   * The distinct string and number values of `field` among the matches (an array's elements count one by one, like
   * MongoDB's `distinct`; other values are left out), in no particular order. Read from an index where the adapter has
   * one on the field, without the documents (e.g. the users who got a notification in a period).
   */
  distinct(field: string, filter?: Filter): Promise<Array<string | number>>;
  aggregate<R = Record<string, unknown>>(pipeline: Pipeline): Promise<R[]>;
  /** Inserts or replaces the whole document. */
  replace(doc: T): Promise<void>;
  /** Applies MongoDB update operators ($set, $unset, $inc, $push, $pull, $addToSet) to one document. */
  updateById(id: string, update: Record<string, unknown>, options?: { upsert?: boolean }): Promise<void>;
  deleteById(id: string): Promise<void>;
  bulkWrite(operations: WriteOperation<T>[]): Promise<void>;
  createIndex(index: IndexSpec): Promise<void>;
  /** Removes every document (a projection rebuild starts here). */
  clear(): Promise<void>;
}

/** A rebuild in fresh tables: its own view of the store, where it stands, and the switch to it. */
export interface RebuildBeside {
  /** Reads and writes the fresh tables (other collections: the serving ones); its checkpoints are the build's. */
  store: ReadStore;
  position: number;
  /** Serves the fresh tables, stores the projection's checkpoint and drops the old tables, in one transaction. */
  switchOver(checkpoint: Checkpoint): Promise<void>;
}

/** One collection's share of a projection batch: coalesced, at most one write per document. */
export interface CollectionWrites {
  collection: string;
  operations: WriteOperation[];
}

export interface ReadStore {
  readonly adapter: 'memory' | 'mongo' | 'sqlite';
  /** The projections' checkpoints, kept with the read models they describe. */
  readonly checkpoints: CheckpointStore;
  /**
   * Stores a projection batch: its writes and its checkpoint together (one transaction where the
   * adapter has them), so a restart resumes exactly after what the read models hold.
   */
  commit(writes: CollectionWrites[], checkpoint: Checkpoint): Promise<void>;
  /**
   * Several projections' batches, each with its checkpoint, all or nothing in one transaction (where
   * the adapter has them): a live batch costs one commit instead of one per projection.
   */
  commitAll?(batches: { writes: CollectionWrites[]; checkpoint: Checkpoint }[]): Promise<void>;
  /**
   * Where the adapter can, a projection is rebuilt into fresh tables while reads keep going to the
   * current ones (`fresh`: start over even if a build of this version was left half-way).
   * Adapters without it clear the collections in place.
   */
  rebuildBeside?(projection: string, version: number, collections: string[], fresh: boolean): Promise<RebuildBeside>;
  /**
   * Where the adapter gains by it: these collections are being filled from empty (a projection from
   * position 0), so their secondary indexes may wait until `indexNow` (or a query that needs them).
   */
  deferIndexes?(collections: string[]): void;
  /** Creates the indexes `deferIndexes` postponed; nothing when none are. */
  indexNow?(collections: string[]): void;
  collection<T extends Document = Document>(name: string): Collection<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
