import { Kafka, type Producer } from 'kafkajs';
import type { RecordedEvent } from '../../../events';
import type { IntegrationPublisher } from './integration-bus.port';

/**
 * Kafka adapter of the integration bus (`KAFKA_BROKERS`): an idempotent producer, one message per
 * event keyed by stream id (per-stream order within a partition), the event id in a header so
 * consumers can deduplicate the relay's at-least-once delivery.
 */
export class KafkaPublisher implements IntegrationPublisher {
  readonly adapter = 'kafka' as const;
  private readonly producer: Producer;
  private connected: Promise<void> | null = null;

  constructor(private readonly options: { brokers: string[]; topic: string; clientId: string }) {
    const kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers });
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
  }

  async publish(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.connected ??= this.producer.connect();
    await this.connected;
    await this.producer.send({
      topic: this.options.topic,
      acks: -1,
      messages: events.map((event) => ({
        key: event.streamId,
        value: JSON.stringify({
          id: event.id,
          type: event.type,
          streamId: event.streamId,
          revision: event.revision,
          position: event.position,
          time: event.time,
          schemaVersion: event.schemaVersion,
          data: event.data,
          metadata: event.metadata,
        }),
        headers: { 'event-id': event.id, 'event-type': event.type, 'schema-version': String(event.schemaVersion) },
      })),
    });
  }

  async close(): Promise<void> {
    if (this.connected) await this.producer.disconnect();
  }
}
