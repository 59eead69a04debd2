import type { RecordedEvent } from '../../../events';
import type { SubscribeOptions, Subscription } from './event-store.port';

/** Something that says "new events were appended", so live subscribers need not poll hard. */
export interface AppendSignal {
  /**
   * Resolves at the next append, or after `timeoutMs` (appends by another process go unsignalled);
   * at once when an append was signalled since `seen` (a `signalled()` taken before the last read).
   */
  wait(timeoutMs: number, seen?: number): Promise<void>;
  /** How many appends were signalled so far. */
  signalled?(): number;
}

export class InProcessAppendSignal implements AppendSignal {
  private waiters: (() => void)[] = [];
  private count = 0;
  notify(): void {
    this.count++;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
  signalled(): number {
    return this.count;
  }
  wait(timeoutMs: number, seen?: number): Promise<void> {
    // An append between the subscriber's read and this wait would otherwise sleep a whole poll tick.
    if (seen !== undefined && seen !== this.count) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      timer.unref?.();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.waiters = self.waiters.filter((w) => w !== done);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}

/**
 * Catch-up then live: reads stored events after the checkpoint in batches, hands each batch to
 * the subscriber and waits for it, then sleeps until the next append signal (or a poll tick).
 */
export function catchUpSubscription(
  readAfter: (after: number, maxCount: number) => Promise<RecordedEvent[]>,
  signal: AppendSignal,
  options: SubscribeOptions,
  pollMs = 250,
): Subscription {
  let stopped = false;
  let position = options.after;
  const batchSize = options.batchSize ?? 1000;
  const loop = (async () => {
    while (!stopped) {
      const seen = signal.signalled?.();
      const batch = await readAfter(position, batchSize);
      if (stopped) break;
      if (batch.length === 0) {
        await signal.wait(pollMs, seen);
        continue;
      }
      await options.onEvents(batch);
      position = batch[batch.length - 1].position;
    }
  })().catch((error: unknown) => {
    stopped = true;
    if (options.onError) options.onError(error);
  });
  return {
    async stop() {
      stopped = true;
      if (signal instanceof InProcessAppendSignal) signal.notify();
      await loop;
    },
  };
}
