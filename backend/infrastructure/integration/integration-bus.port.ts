import type { RecordedEvent } from '../../../events';

/**
 * Integration events leave the service through this port: Kafka in production, an in-process
 * fan-out otherwise. Delivery is at least once; consumers deduplicate by event id.
 */
export interface IntegrationPublisher {
  readonly adapter: 'kafka' | 'in-process';
  publish(events: RecordedEvent[]): Promise<void>;
  close(): Promise<void>;
}
