import type { Clock } from '../clock/clock';

export interface ThrottleLimits {
  /** Attempts that may fail (or be in flight) per account within the window. */
  perAccount: number;
  /** The same per client address, across accounts (one address trying many e-mails). */
  perAddress: number;
  windowSeconds: number;
}

/** Too many failed attempts: a 429 whose `Retry-After` says when the oldest one leaves the window. */
export class TooManyAttemptsError extends Error {
  override readonly name = 'TooManyAttemptsError';
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts; try again later.');
  }
}

/** One attempt under way: it counts against its keys until it is known to have succeeded. */
export interface Attempt {
  /** The secret was right: the attempt no longer counts and the account's earlier failures are forgiven. */
  succeeded(): void;
}

/** Keys kept at most; past it, the keys whose last attempt is oldest are forgotten first. */
const MAX_KEYS = 100_000;

/**
 * Brute-force protection for secrets checked by hashing (passwords, access codes). An attempt is
 * counted when it begins, before any hash is computed, so a flood (even a concurrent one) past the
 * limit is refused at the cost of a map lookup; a success takes its own attempt back.
 *
 * In memory, per process: a restart forgets the counts, and each API process of a scaled-out
 * deployment counts on its own (the effective limit is the limit times the processes). That is
 * enough to turn an online guess from hundreds per second into a handful per window.
 */
export class AttemptThrottle {
  /** Key → times (ms) of the attempts still in the window, oldest first. */
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly clock: Clock,
  ) {}

  /** Counts an attempt for the account and the address, or throws TooManyAttemptsError when either is spent. */
  begin(account: string | null, address: string | null): Attempt {
    const now = this.clock.now().getTime();
    const keys: [string, number][] = [];
    if (account !== null) keys.push([`account:${account}`, this.limits.perAccount]);
    if (address !== null) keys.push([`address:${address}`, this.limits.perAddress]);
    let retryAfterMs = 0;
    for (const [key, limit] of keys) {
      const times = this.live(key, now);
      if (times.length >= limit) retryAfterMs = Math.max(retryAfterMs, times[times.length - limit] + this.windowMs - now);
    }
    if (retryAfterMs > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    for (const [key] of keys) this.record(key, now);
    let settled = false;
    return {
      succeeded: () => {
        if (settled) return;
        settled = true;
        for (const [key] of keys) {
          if (key.startsWith('account:')) this.attempts.delete(key);
          else this.forget(key, now);
        }
      },
    };
  }

  private get windowMs(): number {
    return this.limits.windowSeconds * 1000;
  }

  private live(key: string, now: number): number[] {
    const times = this.attempts.get(key);
    if (!times) return [];
    const from = times.findIndex((time) => time > now - this.windowMs);
    if (from === -1) {
      this.attempts.delete(key);
      return [];
    }
    if (from > 0) times.splice(0, from);
    return times;
  }

  private record(key: string, now: number): void {
    const times = this.attempts.get(key) ?? [];
    times.push(now);
    // Re-inserted so the map's order is the order of last use: the eviction below drops the stalest.
    this.attempts.delete(key);
    this.attempts.set(key, times);
    for (const stale of this.attempts.keys()) {
      if (this.attempts.size <= MAX_KEYS) break;
      this.attempts.delete(stale);
    }
  }

  private forget(key: string, time: number): void {
    const times = this.attempts.get(key);
    const index = times?.lastIndexOf(time) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
    if (times?.length === 0) this.attempts.delete(key);
  }
}
