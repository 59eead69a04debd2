import type { RecordedEvent } from '../../../events';
import type { IntegrationPublisher } from './integration-bus.port';

type Handler = (events: RecordedEvent[]) => void | Promise<void>;

/** The integration bus without a broker: each published batch goes to in-process subscribers, in order. */
export class InProcessPublisher implements IntegrationPublisher {
  readonly adapter = 'in-process' as const;
  private handlers: Handler[] = [];

  subscribe(handler: Handler): () => void {
    this.handlers.push(handler);
    return () => {
      this.handlers = this.handlers.filter((h) => h !== handler);
    };
  }

  async publish(events: RecordedEvent[]): Promise<void> {
    for (const handler of this.handlers) await handler(events);
  }

  async close(): Promise<void> {
    this.handlers = [];
  }
}
