import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { resolveAuditKey } from '../config/audit-key';
import type { CheckpointStore } from './checkpoints/checkpoint-store.port';
import { SqliteCheckpointStore } from './checkpoints/sqlite-checkpoint-store';
import type { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { upcastingEventStore } from './event-store/upcasting-event-store';
import type { IntegrationPublisher } from './integration/integration-bus.port';
import type { LeaseStore } from './leases/lease-store.port';
import { type DeadLetterStore, SqliteDeadLetterStore } from './policies/dead-letter-store';
import type { ReadStore } from './read-store/read-store.port';
import { READ_MODELS_FILE, SqliteReadStore } from './read-store/sqlite-read-store';
import type { SearchIndex } from './search/search-index.port';

/**
 * The adapters this process runs on, chosen by configuration: the embedded defaults, or the
 * production servers when their URL variables are set. Production clients are loaded lazily so
 * the embedded default never pays for them.
 */
export interface Adapters {
  eventStore: EventStore;
  /** The read models and, with them, the projections' checkpoints (`readStore.checkpoints`). */
  readStore: ReadStore;
  /** Durable checkpoints of the integration relay (the policies keep theirs there too). */
  relayCheckpoints: CheckpointStore;
  /** Reactions of the policies that kept failing; on the read store when absent (MongoDB, tests). */
  deadLetters?: DeadLetterStore;
  publisher: IntegrationPublisher;
  /** Full-text search over the `speach_search` read model, on the read store's side. */
  searchIndex: SearchIndex;
  /** Who runs the background work when several processes share the stores (APP_ROLE=projector); absent in memory. */
  leases?: LeaseStore;
  close(): Promise<void>;
}

export async function createAdapters(config: AppConfig): Promise<Adapters> {
  let eventStore: EventStore;
  if (config.eventStoreUrl) {
    const { EsdbEventStore } = await import('./event-store/esdb-event-store');
    eventStore = new EsdbEventStore(config.eventStoreUrl);
  } else {
    eventStore = new SqliteEventStore(join(config.dataDir, 'events.sqlite'), { headKey: resolveAuditKey(config), syncAtCommit: config.appRole !== 'all' });
  }

  let readStore: ReadStore;
  let relayCheckpoints: CheckpointStore;
  let searchIndex: SearchIndex;
  let deadLetters: DeadLetterStore | undefined;
  let leases: LeaseStore;
  const closers: (() => unknown)[] = [];
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    const { MongoCheckpointStore } = await import('./checkpoints/mongo-checkpoint-store');
    const mongo = await MongoReadStore.connect(config.mongoUrl, config.mongoDb);
    readStore = mongo;
    const { MongoSearchIndex } = await import('./search/mongo-search-index');
    searchIndex = new MongoSearchIndex(mongo);
    relayCheckpoints = new MongoCheckpointStore(mongo);
    const { MongoLeaseStore } = await import('./leases/mongo-lease-store');
    const mongoLeases = await MongoLeaseStore.connect(config.mongoUrl, config.mongoDb);
    leases = mongoLeases;
    closers.push(() => mongoLeases.close());
  } else {
    const sqlite = new SqliteReadStore(join(config.dataDir, READ_MODELS_FILE));
    readStore = sqlite;
    if (config.appRole !== 'all') sqlite.followOtherProcesses();
    leases = sqlite.leases;
    // FTS5 tables and triggers beside each physical table of `speach_search`: the index commits with the projection's batch.
    const { attachSqliteSearch } = await import('./search/sqlite-search-index');
    searchIndex = attachSqliteSearch(sqlite);
    const sqliteCheckpoints = new SqliteCheckpointStore(join(config.dataDir, 'checkpoints.sqlite'));
    relayCheckpoints = sqliteCheckpoints;
    const sqliteDeadLetters = new SqliteDeadLetterStore(join(config.dataDir, 'checkpoints.sqlite'));
    deadLetters = sqliteDeadLetters;
    closers.push(
      () => sqliteCheckpoints.close(),
      () => sqliteDeadLetters.close(),
    );
  }

  let publisher: IntegrationPublisher;
  if (config.kafkaBrokers?.length) {
    const { KafkaPublisher } = await import('./integration/kafka-publisher');
    publisher = new KafkaPublisher({ brokers: config.kafkaBrokers, topic: config.kafkaTopic, clientId: 'speach-platform' });
  } else {
    const { InProcessPublisher } = await import('./integration/in-process-publisher');
    publisher = new InProcessPublisher();
  }

  return {
    eventStore,
    readStore,
    relayCheckpoints,
    publisher,
    searchIndex,
    deadLetters,
    leases,
    async close() {
      await publisher.close();
      await eventStore.close();
      await readStore.close();
      for (const close of closers) await close();
    },
  };
}

/** The same adapters, reading every event in its current schema (old stored versions lifted by their upcasters). */
export function withUpcasting(adapters: Adapters): Adapters {
  return { ...adapters, eventStore: upcastingEventStore(adapters.eventStore), close: () => adapters.close() };
}
