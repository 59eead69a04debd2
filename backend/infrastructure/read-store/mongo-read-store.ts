import { type AnyBulkWriteOperation, type ClientSession, type Db, type Filter as MongoFilter, MongoClient } from 'mongodb';
import type { Checkpoint, CheckpointStore } from '../checkpoints/checkpoint-store.port';
import { MongoCheckpointStore } from '../checkpoints/mongo-checkpoint-store';
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
  type RebuildBeside,
  type WriteOperation,
} from './read-store.port';
import { MONGO_LEASES } from '../leases/mongo-lease-store';
import { LeaseLostError } from '../leases/lease-store.port';
import { isDistinctValue } from './distinct-values';

/** Read-model documents use string ids (stream ids, UUIDv7), not ObjectIds. */
type MongoDocument = { _id: string; [key: string]: unknown };

/** A read-model collection in MongoDB: the same filter and pipeline language as the embedded store. */
class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly db: Db,
  ) {}

  private get native() {
    return this.db.collection<MongoDocument>(this.name);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.native.find(filter as MongoFilter<MongoDocument>, options.projection ? { projection: options.projection } : {});
    if (options.sort && Object.keys(options.sort).length) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.native.findOne(filter as MongoFilter<MongoDocument>)) as unknown as T | null;
  }

  async findById(id: string): Promise<T | null> {
    return (await this.native.findOne({ _id: id } as MongoFilter<MongoDocument>)) as unknown as T | null;
  }

  async peekById(id: string): Promise<T | null> {
    return this.findById(id);
  }

  async findByIds(ids: string[]): Promise<T[]> {
    return (await this.native.find({ _id: { $in: ids } } as MongoFilter<MongoDocument>).toArray()) as unknown as T[];
  }

  async findPage(filter: Filter, options: FindOptions): Promise<{ docs: T[]; total: number }> {
    const [docs, total] = await Promise.all([this.find(filter, options), this.count(filter)]);
    return { docs, total };
  }

  async distinct(field: string, filter: Filter = {}): Promise<Array<string | number>> {
    const values = (await this.native.distinct(field, filter as MongoFilter<MongoDocument>)) as unknown[];
    return values.filter(isDistinctValue);
  }

  async count(filter: Filter = {}): Promise<number> {
    return Object.keys(filter).length ? this.native.countDocuments(filter as MongoFilter<MongoDocument>) : this.native.estimatedDocumentCount();
  }

  async aggregate<R>(pipeline: Pipeline): Promise<R[]> {
    return (await this.native.aggregate(pipeline).toArray()) as R[];
  }

  async replace(doc: T): Promise<void> {
    await this.native.replaceOne({ _id: doc._id } as MongoFilter<MongoDocument>, doc, { upsert: true });
  }

  async updateById(id: string, update: Record<string, unknown>, options: { upsert?: boolean } = {}): Promise<void> {
    await this.native.updateOne({ _id: id } as MongoFilter<MongoDocument>, update, { upsert: options.upsert ?? false });
  }

  async deleteById(id: string): Promise<void> {
    await this.native.deleteOne({ _id: id } as MongoFilter<MongoDocument>);
  }

  async bulkWrite(operations: WriteOperation<T>[], session?: ClientSession): Promise<void> {
    if (operations.length === 0) return;
    const ops: AnyBulkWriteOperation<MongoDocument>[] = operations.map((op) => {
      if (op.kind === 'replace') return { replaceOne: { filter: { _id: op.doc._id }, replacement: op.doc, upsert: true } };
      if (op.kind === 'update') return { updateOne: { filter: { _id: op.id }, update: op.update, upsert: op.upsert ?? false } };
      return { deleteOne: { filter: { _id: op.id } } };
    }) as AnyBulkWriteOperation<MongoDocument>[];
    // Ordered: two writes to one document in a batch must apply in sequence.
    await this.native.bulkWrite(ops, { ordered: true, session });
  }

  async createIndex(index: IndexSpec): Promise<void> {
    // An unanchored $regex can't use a B-tree index: it would only cost writes.
    if (index.substring) return;
    const keys = Object.fromEntries(indexKeys(index).map(({ field, direction }) => [field, direction ?? 1]));
    await this.native.createIndex(keys, { unique: index.unique ?? false });
  }

  async clear(): Promise<void> {
    await this.native.deleteMany({});
  }
}

/** The production read store (`MONGO_URL`). */
export class MongoReadStore implements ReadStore {
  readonly adapter = 'mongo' as const;
  readonly checkpoints: CheckpointStore = new MongoCheckpointStore(this);
  private readonly db: Db;
  /** Known after the first batch: a standalone server has no transactions. */
  private transactions: boolean | undefined;
  /** The lease term a projector process commits in (APP_ROLE=projector), checked by every commit. */
  private fencing: { lease: string; owner: string; token: number } | null = null;

  private constructor(
    private readonly client: MongoClient,
    dbName: string,
  ) {
    this.db = client.db(dbName);
  }

  /**
   * One transaction on a replica set (docker-compose runs one); on a standalone server the writes,
   * then the checkpoint: a crash in between replays events the documents' `_position` skips.
   */
  async commit(writes: CollectionWrites[], checkpoint: Checkpoint): Promise<void> {
    await this.commitTo((name) => name, writes, checkpoint);
  }

  /**
   * From now on a batch commits only while `owner` still holds `lease` in the term of `token`, as on
   * SQLite. The check writes the lease document inside the batch's transaction, so a takeover (which
   * writes it too) and a paused zombie's commit conflict: one of them aborts, and the zombie's retry
   * finds the new term and stops. On a standalone server (no transactions) the check runs just before
   * the writes: a narrower window, not none; production runs a replica set.
   */
  fence(lease: string, owner: string, token: number): void {
    this.fencing = { lease, owner, token };
  }

  private async checkFence(session?: ClientSession): Promise<void> {
    const fencing = this.fencing;
    if (!fencing) return;
    const held = await this.db
      .collection<{ _id: string; owner: string; token: number; fencedAt?: number }>(MONGO_LEASES)
      .updateOne({ _id: fencing.lease, owner: fencing.owner, token: fencing.token }, { $set: { fencedAt: Date.now() } }, { session });
    if (held.matchedCount === 0) throw new LeaseLostError(fencing.lease, fencing.owner);
  }

  /**
   * A rebuild beside the serving collections: side collections `<collection>__v<version>` (resumed when
   * a previous process left them all with their checkpoint), with the serving ones' indexes, and the
   * switch: each renamed over its serving collection (atomic per collection in MongoDB), then the
   * projection's checkpoint. A crash between two renames leaves a side missing: the build starts over.
   */
  async rebuildBeside(projection: string, version: number, collections: string[], fresh: boolean): Promise<RebuildBeside> {
    const build = `${projection}@v${version}`;
    const sides = new Map(collections.map((c) => [c, `${c}__v${version}`]));
    const existing = new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    const resumable = !fresh && (await this.checkpoints.load(build)) !== null && [...sides.values()].every((side) => existing.has(side));
    if (!resumable) {
      for (const [collection, side] of sides) {
        if (existing.has(side)) await this.db.collection(side).drop();
        await this.db.createCollection(side);
        for (const index of existing.has(collection) ? await this.db.collection(collection).listIndexes().toArray() : []) {
          if (index.name === '_id_') continue;
          await this.db.collection(side).createIndex(index.key, { unique: index.unique ?? false, name: index.name });
        }
      }
      await this.checkpoints.save({ name: build, position: 0, version });
    }
    const resolve = (name: string) => sides.get(name) ?? name;
    const target: ReadStore = {
      adapter: 'mongo',
      checkpoints: {
        load: async () => {
          const checkpoint = await this.checkpoints.load(build);
          return checkpoint && { ...checkpoint, name: projection };
        },
        save: (checkpoint) => this.checkpoints.save({ ...checkpoint, name: build }),
      },
      collection: <T extends Document>(name: string) => new MongoCollection<T>(resolve(name), this.db),
      commit: (writes, checkpoint) => this.commitTo(resolve, writes, { ...checkpoint, name: build }),
      ping: () => this.ping(),
      close: async () => undefined,
    };
    return {
      store: target,
      position: (await this.checkpoints.load(build))?.position ?? 0,
      switchOver: async (checkpoint) => {
        for (const [collection, side] of sides) await this.db.renameCollection(side, collection, { dropTarget: true });
        await this.checkpoints.save(checkpoint);
        await this.db.collection('_checkpoints').deleteOne({ _id: build as never });
      },
    };
  }

  private async commitTo(resolve: (collection: string) => string, writes: CollectionWrites[], checkpoint: Checkpoint): Promise<void> {
    const store = async (session?: ClientSession) => {
      await this.checkFence(session);
      for (const { collection, operations } of writes) await new MongoCollection<Document>(resolve(collection), this.db).bulkWrite(operations, session);
      await this.db
        .collection<{ _id: string; position: number; version: number }>('_checkpoints')
        .replaceOne({ _id: checkpoint.name }, { position: checkpoint.position, version: checkpoint.version }, { upsert: true, session });
    };
    if (this.transactions !== false) {
      const session = this.client.startSession();
      try {
        await session.withTransaction(() => store(session));
        this.transactions = true;
        return;
      } catch (error) {
        if (this.transactions === true || !/Transaction numbers are only allowed|replica set/i.test(String(error))) throw error;
        this.transactions = false;
      } finally {
        await session.endSession();
      }
    }
    await store();
  }

  static async connect(url: string, dbName = 'speach'): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, dbName);
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new MongoCollection<T>(name, this.db);
  }

  /** The driver's database, for what the port does not say (the search index's text index and `$text` queries). */
  get database(): Db {
    return this.db;
  }

  async ping(): Promise<boolean> {
    try {
      await this.db.command({ ping: 1 });
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
