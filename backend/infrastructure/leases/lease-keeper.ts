import type { LeaseStore } from './lease-store.port';

export interface LeaseWork {
  /**
   * Starts the work the lease guards, for the term of `token` (its writes check it: fencing). It
   * must not wait for the work to catch up; renewals go on meanwhile.
   */
  start(token: number): Promise<void>;
  /** Stops it, finishing the batch under way; runs before the lease is released. */
  stop(): Promise<void>;
}

export interface LeaseKeeperOptions {
  ttlMs: number;
  /** How often the lease is renewed, or tried for while another holds it; a quarter of the TTL by default. */
  renewEveryMs?: number;
  log?: (message: string) => void;
  error?: (message: string) => void;
}

/**
 * Holds one lease for this process and runs `work` while it does: tries for it on a timer, starts
 * the work once taken, renews it, and stops the work as soon as a renewal fails (another process
 * took it after an expiry, or the store is unreachable). Renewals never wait for the work to start
 * or stop. When this process's own lease expired before a renewal (a long pause), the renewal is a
 * new term: the work restarts from the stored checkpoints. The work's writes check the term's
 * token (fencing), so a process paused past its expiry cannot write after a takeover.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | null = null;
  private renewals: Promise<void> = Promise.resolve();
  private transitions: Promise<void> = Promise.resolve();
  private token: number | null = null;
  private closed = false;
  private readonly renewEveryMs: number;

  constructor(
    private readonly store: LeaseStore,
    readonly lease: string,
    readonly owner: string,
    private readonly work: LeaseWork,
    private readonly options: LeaseKeeperOptions,
  ) {
    this.renewEveryMs = options.renewEveryMs ?? Math.max(50, Math.floor(options.ttlMs / 4));
  }

  get held(): boolean {
    return this.token !== null;
  }

  /** Tries for the lease once now (the work starts in the background if taken), then keeps trying or renewing. */
  async start(): Promise<void> {
    this.closed = false;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.renewEveryMs);
    this.timer.unref();
  }

  /** Stops the work (finishing its batch) and releases the lease, so a standby takes over at once. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewals;
    const held = this.token !== null;
    this.token = null;
    await this.transition(() => (held ? this.work.stop() : Promise.resolve()));
    if (!held) return;
    await this.store.release(this.lease, this.owner).catch((e: unknown) => this.options.error?.(`Lease ${this.lease}: release failed: ${String(e)}`));
    this.options.log?.(`Lease ${this.lease} released by ${this.owner}`);
  }

  /** One try or renewal at a time: a slow store must not let two overlap. */
  private tick(): Promise<void> {
    const next = this.renewals.then(async () => {
      if (this.closed) return;
      let held: Awaited<ReturnType<LeaseStore['acquire']>>;
      try {
        held = await this.store.acquire(this.lease, this.owner, this.options.ttlMs);
      } catch (error) {
        this.options.error?.(`Lease ${this.lease}: ${String(error)}`);
        held = null;
      }
      if (this.closed) return;
      if (held && (held.taken || this.token === null)) {
        const restart = this.token !== null;
        this.token = held.token;
        this.options.log?.(`Lease ${this.lease} ${restart ? 'taken again after it expired' : 'taken'} by ${this.owner} (term ${held.token})`);
        void this.transition(async () => {
          if (restart) await this.work.stop();
          try {
            await this.work.start(held.token);
          } catch (error) {
            this.options.error?.(`Lease ${this.lease}: the work did not start: ${String(error)}`);
            // Given up: the next renewal finds the lease free again (or another process took it).
            await this.work.stop().catch(() => undefined);
            if (this.token === held.token) {
              this.token = null;
              await this.store.release(this.lease, this.owner).catch(() => undefined);
            }
          }
        });
      } else if (!held && this.token !== null) {
        this.token = null;
        this.options.error?.(`Lease ${this.lease} lost by ${this.owner}: stopping its work`);
        void this.transition(() => this.work.stop().catch((e: unknown) => this.options.error?.(`Lease ${this.lease}: stopping failed: ${String(e)}`)));
      }
    });
    this.renewals = next.catch(() => undefined);
    return next;
  }

  /** Starts and stops of the work, in order. */
  private transition(step: () => Promise<void>): Promise<void> {
    const next = this.transitions.then(step);
    this.transitions = next.catch(() => undefined);
    return next;
  }
}
