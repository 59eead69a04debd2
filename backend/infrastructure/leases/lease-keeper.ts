import type { LeaseStore } from './lease-store.port';

export interface LeaseWork {
  /** Starts the work the lease guards; it must not wait for the work to catch up (renewals would wait too). */
  start(): Promise<void>;
  /** Stops it, finishing the batch under way; runs before the lease is released or another may take it. */
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
 * Holds one lease for this process and runs `work` while it does: tries for it on a timer, starts the
 * work once taken, renews it, and stops the work as soon as a renewal fails (another process took it
 * after an expiry, or the store is unreachable). The writes of the work check the lease themselves
 * (fencing), so a process paused past its expiry cannot write after a takeover.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();
  private holding = false;
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
    return this.holding;
  }

  /** Tries for the lease once now (starting the work if taken), then keeps trying or renewing. */
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
    await this.serially(async () => {
      if (!this.holding) return;
      this.holding = false;
      await this.work.stop();
      await this.store.release(this.lease, this.owner).catch((e: unknown) => this.options.error?.(`Lease ${this.lease}: release failed: ${String(e)}`));
      this.options.log?.(`Lease ${this.lease} released by ${this.owner}`);
    });
  }

  /** One try or renewal at a time: a slow store must not let two overlap. */
  private tick(): Promise<void> {
    return this.serially(async () => {
      if (this.closed) return;
      let holds: boolean;
      try {
        holds = await this.store.acquire(this.lease, this.owner, this.options.ttlMs);
      } catch (error) {
        this.options.error?.(`Lease ${this.lease}: ${String(error)}`);
        holds = false;
      }
      if (holds && !this.holding) {
        this.holding = true;
        this.options.log?.(`Lease ${this.lease} taken by ${this.owner}`);
        try {
          await this.work.start();
        } catch (error) {
          this.options.error?.(`Lease ${this.lease}: the work did not start: ${String(error)}`);
          this.holding = false;
          await this.work.stop().catch(() => undefined);
          await this.store.release(this.lease, this.owner).catch(() => undefined);
        }
      } else if (!holds && this.holding) {
        this.holding = false;
        this.options.error?.(`Lease ${this.lease} lost by ${this.owner}: stopping its work`);
        await this.work.stop().catch((e: unknown) => this.options.error?.(`Lease ${this.lease}: stopping failed: ${String(e)}`));
      }
    });
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.turn.then(step);
    this.turn = next.catch(() => undefined);
    return next;
  }
}
