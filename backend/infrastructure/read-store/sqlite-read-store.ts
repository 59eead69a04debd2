import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoint, CheckpointStore } from '../checkpoints/checkpoint-store.port';
import { LeaseLostError } from '../leases/lease-store.port';
import { LEASES_TABLE, SqliteLeaseStore } from '../leases/sqlite-lease-store';
import type { Collection, CollectionWrites, Document, ReadStore, RebuildBeside } from './read-store.port';
import { SqliteCollection } from './sqlite-collection';
import { SqliteTables, type TableListener } from './sqlite-tables';

export const READ_MODELS_FILE = 'read-models.sqlite';

/** Checkpoints in a table of the read models' own file: committed in the same transactions as the writes. */
class SqliteCheckpoints implements CheckpointStore {
  private readonly get: Database.Statement;
  private readonly put: Database.Statement;

  constructor(db: Database.Database) {
    db.exec('CREATE TABLE IF NOT EXISTS __checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL)');
    this.get = db.prepare('SELECT name, position, version FROM __checkpoints WHERE name = ?');
    this.put = db.prepare(
      'INSERT INTO __checkpoints (name, position, version) VALUES (@name, @position, @version) ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version',
    );
  }

  async load(name: string): Promise<Checkpoint | null> {
    return this.loadNow(name);
  }

  loadNow(name: string): Checkpoint | null {
    return (this.get.get(name) as Checkpoint | undefined) ?? null;
  }

  async save(checkpoint: Checkpoint): Promise<void> {
    this.saveNow(checkpoint);
  }

  saveNow(checkpoint: Checkpoint): void {
    this.put.run({ name: checkpoint.name, position: checkpoint.position, version: checkpoint.version });
  }
}

const regexes = new Map<string, RegExp>();

/** REGEXP for `$regex`: JavaScript's own expressions and flags, so the answers are mingo's. */
function jsRegexp(value: unknown, source: unknown, flags: unknown): number {
  if (typeof value !== 'string') return 0;
  const cacheKey = `${String(flags)}/${String(source)}`;
  let expression = regexes.get(cacheKey);
  if (!expression) {
    if (regexes.size > 1000) regexes.clear();
    regexes.set(cacheKey, (expression = new RegExp(String(source), String(flags))));
  }
  return expression.test(value) ? 1 : 0;
}

/**
 * The embedded read store: one SQLite file (`DATA_DIR/read-models.sqlite`, WAL, synchronous=NORMAL),
 * a table per collection, the projections' checkpoints beside them. Only the pages a screen asks for
 * are read into the heap.
 */
export class SqliteReadStore implements ReadStore {
  readonly adapter = 'sqlite' as const;
  readonly database: Database.Database;
  readonly checkpoints: SqliteCheckpoints;
  /** The leases of the processes sharing this file (APP_ROLE=projector), beside the checkpoints they fence. */
  readonly leases: SqliteLeaseStore;
  private readonly tables: SqliteTables;
  private fencing: { lease: string; owner: string; token: number; holds: Database.Statement } | null = null;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.database = new Database(file);
    this.database.pragma('journal_mode = WAL');
    this.database.pragma('synchronous = NORMAL');
    this.database.function('js_regexp', { deterministic: true }, jsRegexp);
    this.tables = new SqliteTables(this.database);
    this.checkpoints = new SqliteCheckpoints(this.database);
    this.leases = new SqliteLeaseStore(this.database);
  }

  /**
   * From now on each commit of writes with their checkpoint also checks, in its transaction, that
   * `owner` still holds `lease` in the term of `token`, and rolls back otherwise: a process that lost
   * its lease (paused past the expiry, then resumed) cannot apply a batch the new holder applies too.
   * An expiry alone does not refuse: while no one took the lease over, no one else applied anything.
   */
  fence(lease: string, owner: string, token: number): void {
    const holds = this.database.prepare(`SELECT 1 FROM ${LEASES_TABLE} WHERE name = ? AND owner = ? AND token = ?`);
    this.fencing = { lease, owner, token, holds };
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new SqliteCollection<T>(name, this.tables, () => this.tables.tableOf(name));
  }

  deferIndexes(collections: string[]): void {
    for (const collection of collections) this.tables.deferIndexes(this.tables.tableOf(collection));
  }

  indexNow(collections: string[]): void {
    for (const collection of collections) this.tables.indexNow(this.tables.tableOf(collection));
  }

  /** Other processes share the file (APP_ROLE api/projector): follow the tables they create and switch. */
  followOtherProcesses(): void {
    this.tables.followOtherProcesses();
  }

  /** The physical table serving a collection's reads now. */
  tableOf(collection: string): string {
    return this.tables.tableOf(collection);
  }

  /** `install` runs for every physical table of the collection: now for the existing ones, then inside the transaction creating each new one. */
  onTableCreated(collection: string, install: TableListener): void {
    this.tables.onCreated(collection, install);
  }

  /** `uninstall` runs before a physical table of the collection is dropped, in the same transaction. */
  onTableDropped(collection: string, uninstall: TableListener): void {
    this.tables.onDropped(collection, uninstall);
  }

  async commit(writes: CollectionWrites[], checkpoint: Checkpoint): Promise<void> {
    this.commitTo((collection) => this.tables.tableOf(collection), [{ writes, checkpoint }]);
  }

  async commitAll(batches: { writes: CollectionWrites[]; checkpoint: Checkpoint }[]): Promise<void> {
    this.commitTo((collection) => this.tables.tableOf(collection), batches);
  }

  /**
   * A rebuild beside the serving tables: fresh tables `<collection>__v<version>` (resumed if a
   * previous process left them with their checkpoint), a store writing to them, and the switch.
   */
  async rebuildBeside(projection: string, version: number, collections: string[], fresh: boolean): Promise<RebuildBeside> {
    const build = `${projection}@v${version}`;
    let tables = this.tables.buildTables(build);
    const saved = this.checkpoints.loadNow(build);
    const resumable = !fresh && saved !== null && collections.every((c) => tables.has(c));
    this.database
      .transaction(() => {
        if (resumable) return;
        for (const [collection, physical] of tables) this.tables.drop(collection, physical);
        tables = new Map();
        for (const collection of collections) {
          const serving = this.tables.tableOf(collection);
          let physical = `${collection}__v${version}`;
          for (let n = 2; physical === serving || this.tables.tablesOf(collection).includes(physical); n++) physical = `${collection}__v${version}_${n}`;
          this.tables.create(collection, physical, false, build);
          tables.set(collection, physical);
        }
        this.checkpoints.saveNow({ name: build, position: 0, version });
      })
      .immediate();
    const resolve = (collection: string) => tables.get(collection) ?? this.tables.tableOf(collection);
    const store = this;
    const target: ReadStore = {
      adapter: 'sqlite',
      checkpoints: {
        load: async () => {
          const checkpoint = this.checkpoints.loadNow(build);
          return checkpoint && { ...checkpoint, name: projection };
        },
        save: async (checkpoint) => this.checkpoints.saveNow({ ...checkpoint, name: build }),
      },
      collection: <T extends Document>(name: string) => new SqliteCollection<T>(name, this.tables, () => resolve(name)),
      commit: async (writes, checkpoint) => this.commitTo(resolve, [{ writes, checkpoint: { ...checkpoint, name: build } }]),
      deferIndexes: (names) => {
        for (const name of names) if (tables.has(name)) this.tables.deferIndexes(tables.get(name)!);
      },
      indexNow: (names) => {
        for (const name of names) if (tables.has(name)) this.tables.indexNow(tables.get(name)!);
      },
      ping: () => store.ping(),
      close: async () => undefined,
    };
    return {
      store: target,
      position: this.checkpoints.loadNow(build)?.position ?? 0,
      switchOver: async (checkpoint) => {
        this.database
          .transaction(() => {
            for (const [collection, physical] of tables) this.tables.promote(collection, physical);
            this.database.prepare('DELETE FROM __checkpoints WHERE name = ?').run(build);
            this.checkpoints.saveNow(checkpoint);
          })
          .immediate();
      },
    };
  }

  async ping(): Promise<boolean> {
    try {
      this.database.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.database.open) this.database.close();
  }

  private commitTo(resolve: (collection: string) => string, batches: { writes: CollectionWrites[]; checkpoint: Checkpoint }[]): void {
    const touched = batches.flatMap(({ writes }) => writes.map(({ collection }) => resolve(collection)));
    this.tables.write(touched, () => {
      for (const { writes, checkpoint } of batches) {
        for (const { collection, operations } of writes) {
          new SqliteCollection(collection, this.tables, () => resolve(collection)).apply(operations);
        }
        this.checkpoints.saveNow(checkpoint);
      }
      // Checked last, once the transaction holds the write lock: no takeover can commit in between.
      const fencing = this.fencing;
      if (fencing && !fencing.holds.get(fencing.lease, fencing.owner, fencing.token)) throw new LeaseLostError(fencing.lease, fencing.owner);
    });
  }
}
