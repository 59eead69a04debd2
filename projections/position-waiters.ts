/**
 * Callers waiting until a processor of the log (the projections, the policies) has reached a
 * position: read-your-writes. Each resolves true once `release` is told a position at or past its
 * own, false after its timeout or when the processor stops.
 */
export class PositionWaiters {
  private waiters: { position: number; resolve: (reached: boolean) => void; timer: NodeJS.Timeout }[] = [];

  /** `reached` is where the processor is now: a position already behind it resolves at once. */
  wait(position: number, reached: number, timeoutMs: number): Promise<boolean> {
    if (reached >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  release(reached: number): void {
    if (!this.waiters.length) return;
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.position > reached) return true;
      clearTimeout(waiter.timer);
      waiter.resolve(true);
      return false;
    });
  }

  /** The processor stops: nobody will be released any more. */
  abandon(): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiters = [];
  }
}
