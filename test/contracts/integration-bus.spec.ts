import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import type { IntegrationPublisher } from '../../backend/infrastructure/integration/integration-bus.port';
import { InProcessPublisher } from '../../backend/infrastructure/integration/in-process-publisher';
import { IntegrationRelay } from '../../backend/infrastructure/integration/integration-relay';
import type { RecordedEvent } from '../../events';
import { newEvent, uniqueStream } from '../support/events';

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('IntegrationPublisher contract: in-process', () => {
  it('hands each batch to every subscriber in order, and stops after unsubscribe', async () => {
    const publisher = new InProcessPublisher();
    const seen: string[] = [];
    const unsubscribe = publisher.subscribe((events) => {
      seen.push(...events.map((e) => e.type));
    });
    const store = new MemoryEventStore();
    const { events } = await store.appendToStream(uniqueStream(), [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
    await publisher.publish(events);
    unsubscribe();
    await publisher.publish(events);
    expect(seen).toEqual(['A', 'B']);
  });
});

if (process.env.KAFKA_BROKERS) {
  describe('IntegrationPublisher contract: kafka', () => {
    it('publishes events keyed by stream with the event id header, acknowledged by the brokers', async () => {
      const { KafkaPublisher } = require('../../backend/infrastructure/integration/kafka-publisher');

      const { Kafka } = require('kafkajs');
      const topic = `contract-${Date.now()}`;
      const brokers = process.env.KAFKA_BROKERS!.split(',');
      const publisher: IntegrationPublisher = new KafkaPublisher({ brokers, topic, clientId: 'contract' });
      const store = new MemoryEventStore();
      const stream = uniqueStream();
      const { events } = await store.appendToStream(stream, [newEvent('A')], { expectedRevision: 'no_stream' });
      await publisher.publish(events);
      const consumer = new Kafka({ clientId: 'contract-consumer', brokers }).consumer({ groupId: `g-${topic}` });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      const received: { key: string; id: string }[] = [];
      await consumer.run({
        eachMessage: async ({ message }: { message: { key: Buffer; headers: Record<string, Buffer> } }) => {
          received.push({ key: message.key.toString(), id: message.headers['event-id'].toString() });
        },
      });
      await until(() => received.length > 0, 30_000);
      expect(received[0]).toEqual({ key: stream, id: events[0].id });
      await consumer.disconnect();
      await publisher.close();
    });
  });
}

describe('IntegrationRelay', () => {
  it('publishes every event once in $all order from its checkpoint, and resumes after it', async () => {
    const store = new MemoryEventStore();
    const checkpoints = new MemoryCheckpointStore();
    const published: RecordedEvent[] = [];
    const publisher = new InProcessPublisher();
    publisher.subscribe((events) => {
      published.push(...events);
    });
    await store.appendToStream('a-1', [newEvent('A1'), newEvent('A2')], { expectedRevision: 'no_stream' });
    const relay = new IntegrationRelay(store, publisher, checkpoints);
    await relay.start();
    await store.appendToStream('b-1', [newEvent('B1')], { expectedRevision: 'no_stream' });
    await until(() => published.length === 3);
    await relay.stop();
    expect(published.map((e) => e.type)).toEqual(['A1', 'A2', 'B1']);
    expect(await checkpoints.load('integration-relay')).toMatchObject({ position: 3 });

    await store.appendToStream('b-1', [newEvent('B2')], { expectedRevision: 0 });
    const again = new IntegrationRelay(store, publisher, checkpoints);
    await again.start();
    await until(() => published.length === 4);
    await again.stop();
    expect(published.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'B2']);
  });

  it('retries a failed publish instead of skipping events, and only then moves its checkpoint', async () => {
    const store = new MemoryEventStore();
    const checkpoints = new MemoryCheckpointStore();
    let failures = 2;
    const delivered: string[] = [];
    const flaky: IntegrationPublisher = {
      adapter: 'in-process',
      async publish(events) {
        if (failures-- > 0) throw new Error('broker down');
        delivered.push(...events.map((e) => e.type));
      },
      async close() {},
    };
    const errors: string[] = [];
    const relay = new IntegrationRelay(store, flaky, checkpoints, (m) => errors.push(m));
    await relay.start();
    await store.appendToStream('c-1', [newEvent('C1')], { expectedRevision: 'no_stream' });
    await until(() => delivered.length === 1);
    await relay.stop();
    expect(delivered).toEqual(['C1']);
    expect(errors.length).toBe(2);
    expect(await checkpoints.load('integration-relay')).toMatchObject({ position: 1 });
  });
});
