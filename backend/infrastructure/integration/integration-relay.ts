import type { CheckpointStore } from '../checkpoints/checkpoint-store.port';
import type { EventStore, Subscription } from '../event-store/event-store.port';
import type { IntegrationPublisher } from './integration-bus.port';

const RELAY = 'integration-relay';

/**
 * Publishes every stored event to the integration bus, in `$all` order, at least once: the
 * checkpoint is saved only after the publisher acknowledged the batch. On a publish failure it
 * retries the same batch with backoff (100 ms to 5 s) rather than skipping events.
 */
export class IntegrationRelay {
  private subscription: Subscription | null = null;
  private position = 0;
  private failures = 0;
  lastError: string | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly publisher: IntegrationPublisher,
    private readonly checkpoints: CheckpointStore,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.position = (await this.checkpoints.load(RELAY))?.position ?? 0;
    this.subscription = this.events.subscribeToAll({
      after: this.position,
      batchSize: 500,
      onEvents: async (batch) => {
        for (;;) {
          try {
            await this.publisher.publish(batch);
            break;
          } catch (error) {
            this.failures += 1;
            this.lastError = error instanceof Error ? error.message : String(error);
            this.onError(`Integration relay: publish failed (${this.lastError}), retrying`);
            await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** Math.min(this.failures, 6))));
            if (!this.subscription) return;
          }
        }
        this.failures = 0;
        this.lastError = null;
        this.position = batch[batch.length - 1].position;
        await this.checkpoints.save({ name: RELAY, position: this.position, version: 1 });
      },
      onError: (error) => this.onError(`Integration relay stopped: ${String(error)}`),
    });
  }

  get checkpoint(): number {
    return this.position;
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }
}
