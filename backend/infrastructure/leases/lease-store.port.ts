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
  /** Grows with every take (not with renewals): the fencing token of the holder's term. */
  token: number;
}

/** A renewal keeps the holder's term; a take (of a free, expired or own expired lease) starts a new one. */
export interface Held {
  token: number;
  taken: boolean;
}

export interface LeaseStore {
  /**
   * Renews the lease when `owner` holds it and it has not expired, or takes it (a new term, a new
   * token) when it is free or expired, whoever held it, until now + `ttlMs`, in one atomic step;
   * answers null when another owner holds it. An owner whose own lease expired gets a new term: it
   * must restart its work from the stored checkpoints (another may have worked in between).
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<Held | null>;
  /** Gives the lease up at once (an orderly stop: it expires now): another process may take it without waiting. */
  release(name: string, owner: string): Promise<void>;
  /** The lease's last holder, expired or not (null if never taken). */
  holder(name: string): Promise<Lease | null>;
}

/** A write refused because the writer no longer holds the lease it works under (a zombie after a takeover). */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(lease: string, owner: string) {
    super(`Lease ${lease} is no longer held by ${owner}`);
  }
}
