import type { RecordedEvent } from '../../../events';
import { InProcessAppendSignal, catchUpSubscription } from './catch-up-subscription';

const HOUR = 3_600_000;
const event = (position: number): RecordedEvent =>
  ({
    id: `e${position}`,
    streamId: 's',
    type: 'Happened',
    revision: position - 1,
    position,
    data: {},
    metadata: {},
    time: new Date(0).toISOString(),
  }) as unknown as RecordedEvent;

/** Lets the subscription's loop run; bounded in turns of the event loop, not in time. */
async function turns(until: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !until(); turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('catch-up subscription', () => {
  it('an append signalled while the subscriber was reading is read at once, not after a poll tick', async () => {
    const log: RecordedEvent[] = [];
    const signal = new InProcessAppendSignal();
    let reads = 0;
    const readAfter = async (after: number) => {
      const found = log.slice(after);
      // The first read finds nothing, and an append lands (and is signalled) before the subscriber waits.
      if (++reads === 1) {
        log.push(event(1));
        signal.notify();
      }
      return found;
    };
    const seen: number[] = [];
    const subscription = catchUpSubscription(readAfter, signal, { after: 0, onEvents: async (batch) => void seen.push(...batch.map((e) => e.position)) }, HOUR);
    try {
      await turns(() => seen.length > 0);
      expect(seen).toEqual([1]);
    } finally {
      await subscription.stop();
    }
  });

  it('with nothing appended, waits for the next signal, then reads what it brought', async () => {
    const log: RecordedEvent[] = [];
    const signal = new InProcessAppendSignal();
    const seen: number[] = [];
    const subscription = catchUpSubscription(
      async (after) => log.slice(after),
      signal,
      { after: 0, onEvents: async (batch) => void seen.push(...batch.map((e) => e.position)) },
      HOUR,
    );
    try {
      await turns(() => false);
      expect(seen).toEqual([]);
      log.push(event(1), event(2));
      signal.notify();
      await turns(() => seen.length === 2);
      expect(seen).toEqual([1, 2]);
    } finally {
      await subscription.stop();
    }
  });
});
