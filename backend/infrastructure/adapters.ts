import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import type { CheckpointStore } from './checkpoints/checkpoint-store.port';
import { MemoryCheckpointStore } from './checkpoints/memory-checkpoint-store';
import { SqliteCheckpointStore } from './checkpoints/sqlite-checkpoint-store';
import type { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import type { IntegrationPublisher } from './integration/integration-bus.port';
import type { ReadStore } from './read-store/read-store.port';
import { MemoryReadStore } from './read-store/memory-read-store';
import type { SearchIndex } from './search/search-index.port';
import { MemorySearchIndex } from './search/memory-search-index';
import { SNAPSHOT_FILE, type SnapshotSettings, snapshotSettings } from './read-store/read-model-snapshot';

/**
 * The adapters this process runs on, chosen by configuration: the embedded defaults, or the
 * production servers when their URL variables are set. Production clients are loaded lazily so
 * the embedded default never pays for them.
 */
export interface Adapters {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Checkpoints of the projections: where the read models are (memory: rebuilt at each boot). */
  projectionCheckpoints: CheckpointStore;
  /** Durable checkpoints of the integration relay. */
  relayCheckpoints: CheckpointStore;
  publisher: IntegrationPublisher;
  /** Full-text search over the `speach_search` read model, on the read store's side. */
  searchIndex: SearchIndex;
  /**
   * Embedded default only (memory read store and memory projection checkpoints): where the read
   * models and their checkpoints are snapshotted together, so a start need not replay the whole log.
   */
  readModelSnapshot?: { file: string; settings: SnapshotSettings };
  close(): Promise<void>;
}

export async function createAdapters(config: AppConfig, env: Record<string, string | undefined> = process.env): Promise<Adapters> {
  let eventStore: EventStore;
  if (config.eventStoreUrl) {
    const { EsdbEventStore } = await import('./event-store/esdb-event-store');
    eventStore = new EsdbEventStore(config.eventStoreUrl);
  } else {
    eventStore = new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  }

  let readStore: ReadStore;
  let projectionCheckpoints: CheckpointStore;
  let relayCheckpoints: CheckpointStore;
  let readModelSnapshot: Adapters['readModelSnapshot'];
  let searchIndex: SearchIndex;
  const closers: (() => unknown)[] = [];
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    const { MongoCheckpointStore } = await import('./checkpoints/mongo-checkpoint-store');
    const mongo = await MongoReadStore.connect(config.mongoUrl, config.mongoDb);
    readStore = mongo;
    const { MongoSearchIndex } = await import('./search/mongo-search-index');
    searchIndex = new MongoSearchIndex(mongo);
    projectionCheckpoints = new MongoCheckpointStore(mongo);
    relayCheckpoints = projectionCheckpoints;
  } else {
    const memory = new MemoryReadStore();
    readStore = memory;
    searchIndex = new MemorySearchIndex(memory);
    projectionCheckpoints = new MemoryCheckpointStore();
    const sqliteCheckpoints = new SqliteCheckpointStore(join(config.dataDir, 'checkpoints.sqlite'));
    relayCheckpoints = sqliteCheckpoints;
    const settings = snapshotSettings(env);
    if (settings.enabled) readModelSnapshot = { file: join(config.dataDir, SNAPSHOT_FILE), settings };
    closers.push(() => sqliteCheckpoints.close());
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
    projectionCheckpoints,
    relayCheckpoints,
    publisher,
    searchIndex,
    readModelSnapshot,
    async close() {
      await publisher.close();
      await eventStore.close();
      await readStore.close();
      for (const close of closers) await close();
    },
  };
}
