import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import type { CheckpointStore } from './checkpoints/checkpoint-store.port';
import { SqliteCheckpointStore } from './checkpoints/sqlite-checkpoint-store';
import type { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import type { IntegrationPublisher } from './integration/integration-bus.port';
import type { ReadStore } from './read-store/read-store.port';
import { READ_MODELS_FILE, SqliteReadStore } from './read-store/sqlite-read-store';

/**
 * The adapters this process runs on, chosen by configuration: the embedded defaults, or the
 * production servers when their URL variables are set. Production clients are loaded lazily so
 * the embedded default never pays for them.
 */
export interface Adapters {
  eventStore: EventStore;
  /** The read models and, with them, the projections' checkpoints (`readStore.checkpoints`). */
  readStore: ReadStore;
  /** Durable checkpoints of the integration relay. */
  relayCheckpoints: CheckpointStore;
  publisher: IntegrationPublisher;
  close(): Promise<void>;
}

export async function createAdapters(config: AppConfig): Promise<Adapters> {
  let eventStore: EventStore;
  if (config.eventStoreUrl) {
    const { EsdbEventStore } = await import('./event-store/esdb-event-store');
    eventStore = new EsdbEventStore(config.eventStoreUrl);
  } else {
    eventStore = new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  }

  let readStore: ReadStore;
  let relayCheckpoints: CheckpointStore;
  const closers: (() => unknown)[] = [];
  if (config.mongoUrl) {
    const { MongoReadStore } = await import('./read-store/mongo-read-store');
    const { MongoCheckpointStore } = await import('./checkpoints/mongo-checkpoint-store');
    const mongo = await MongoReadStore.connect(config.mongoUrl, config.mongoDb);
    readStore = mongo;
    relayCheckpoints = new MongoCheckpointStore(mongo);
  } else {
    readStore = new SqliteReadStore(join(config.dataDir, READ_MODELS_FILE));
    const sqliteCheckpoints = new SqliteCheckpointStore(join(config.dataDir, 'checkpoints.sqlite'));
    relayCheckpoints = sqliteCheckpoints;
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
    relayCheckpoints,
    publisher,
    async close() {
      await publisher.close();
      await eventStore.close();
      await readStore.close();
      for (const close of closers) await close();
    },
  };
}
