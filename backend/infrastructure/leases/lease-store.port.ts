/**
 * Who runs a piece of background work (the projections, the policies) when several processes share
 * the stores: a lease held in the read store, with an owner and an expiry. The holder renews it
 * well before it expires; a process that dies stops renewing and another takes it once it expired.
 */
export interface Lease {
  name: string;
  owner: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface LeaseStore {
  /**
   * Takes the lease when it is free or expired, or renews it when `owner` holds it, until now +
   * `ttlMs`, in one atomic step; answers whether `owner` holds it now.
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (an orderly stop): another process may take it without waiting for the expiry. */
  release(name: string, owner: string): Promise<void>;
  holder(name: string): Promise<Lease | null>;
}

/** A write refused because the writer no longer holds the lease it works under (a zombie after a takeover). */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(lease: string, owner: string) {
    super(`Lease ${lease} is no longer held by ${owner}`);
  }
}
