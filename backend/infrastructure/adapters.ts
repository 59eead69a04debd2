import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import type { CheckpointStore } from './checkpoints/checkpoint-store.port';
import { MemoryCheckpointStore } from './checkpoints/memory-checkpoint-store';
import { SqliteCheckpointStore } from './checkpoints/sqlite-checkpoint-store';
import type { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import type { IntegrationPublisher } from './integration/integration-bus.port';
import { type DeadLetterStore, SqliteDeadLetterStore } from './policies/dead-letter-store';
import type { ReadStore } from './read-store/read-store.port';
import { MemoryReadStore } from './read-store/memory-read-store';
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
  /** Durable checkpoints of the integration relay (the policies keep theirs there too). */
  relayCheckpoints: CheckpointStore;
  /** Reactions of the policies that kept failing; on the read store when absent (MongoDB, tests). */
  deadLetters?: DeadLetterStore;
  publisher: IntegrationPublisher;
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
  let deadLetters: DeadLetterStore | undefined;
  const closers: (() => unknown)[] = [];
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    const { MongoCheckpointStore } = await import('./checkpoints/mongo-checkpoint-store');
    const mongo = await MongoReadStore.connect(config.mongoUrl, config.mongoDb);
    readStore = mongo;
    projectionCheckpoints = new MongoCheckpointStore(mongo);
    relayCheckpoints = projectionCheckpoints;
  } else {
    readStore = new MemoryReadStore();
    projectionCheckpoints = new MemoryCheckpointStore();
    const sqliteCheckpoints = new SqliteCheckpointStore(join(config.dataDir, 'checkpoints.sqlite'));
    relayCheckpoints = sqliteCheckpoints;
    const settings = snapshotSettings(env);
    if (settings.enabled) readModelSnapshot = { file: join(config.dataDir, SNAPSHOT_FILE), settings };
    const sqliteDeadLetters = new SqliteDeadLetterStore(join(config.dataDir, 'checkpoints.sqlite'));
    deadLetters = sqliteDeadLetters;
    closers.push(() => sqliteCheckpoints.close(), () => sqliteDeadLetters.close());
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
    readModelSnapshot,
    deadLetters,
    async close() {
      await publisher.close();
      await eventStore.close();
      await readStore.close();
      for (const close of closers) await close();
    },
  };
}
