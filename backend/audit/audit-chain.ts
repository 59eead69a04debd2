import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { resolveAuditKey } from '../config/audit-key';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import { type ChainStatus, EMPTY_CHAIN, verifyChain } from '../infrastructure/event-store/hash-chain';
import { EVENT_STORE } from '../infrastructure/tokens';
import type { ChainReport } from './audit.view';

export type { ChainReport } from './audit.view';

/** Pages of the walk at start: each is one slice of the thread, so requests are answered between them. */
const START_WALK_PAGE = 1000;

/**
 * The tamper evidence of the running server: the whole chain is walked once at start (a break is
 * logged, not ignored), then each check resumes from the last verified link and compares the log
 * with its signed head, so a truncation shows at once. The audit screen and /api/health read it.
 * The walk at start takes time in proportion to the log (tens of seconds on millions of events), so
 * it runs in the background between requests: until it ends, /api/health reports how far it got
 * (`verifying`) instead of keeping the whole server from answering; a break it finds degrades it then.
 */
@Injectable()
export class AuditChain implements OnApplicationBootstrap {
  private readonly logger = new Logger('AuditChain');
  private chain: ChainStatus = EMPTY_CHAIN;
  private walk: Promise<ChainStatus> | null = null;
  private key: Buffer | null = null;
  /** How far the walk at start got, while it runs; null once it ended (or before it began). */
  private startWalk: ChainStatus | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.startWalk = EMPTY_CHAIN;
    this.chain = EMPTY_CHAIN;
    this.walk = verifyChain(this.events, EMPTY_CHAIN, START_WALK_PAGE, this.headKey(), (walked) => {
      if (this.startWalk) this.startWalk = walked;
    }).finally(() => (this.walk = null));
    void this.walk.then(
      (chain) => {
        this.startWalk = null;
        this.chain = chain;
        if (!chain.ok) this.logger.error(`The audit chain is broken: ${chain.error ?? `at position ${chain.firstBroken?.position}`}`);
      },
      (error: unknown) => {
        this.startWalk = null;
        this.logger.error(`The audit chain could not be verified: ${String(error)}`);
      },
    );
  }

  async status(full = false): Promise<ChainReport> {
    if (full) this.chain = EMPTY_CHAIN;
    // A break stays reported (health polls must not walk a broken log again and again) until a full recheck.
    // One walk at a time: concurrent calls share it.
    if (this.chain.ok) {
      this.walk ??= verifyChain(this.events, this.chain, undefined, this.headKey()).finally(() => (this.walk = null));
      this.chain = await this.walk;
    }
    return this.report(this.chain);
  }

  /**
   * What /api/health shows: while the walk at start runs, the links verified so far (`verifying`),
   * without waiting for the rest; afterwards the same incremental check as `status`.
   */
  async current(): Promise<ChainReport & { verifying?: true }> {
    const walked = this.startWalk;
    if (walked) return { ...(await this.report(walked)), verifying: true };
    return this.status();
  }

  private async report(chain: ChainStatus): Promise<ChainReport> {
    const head = await this.events.headPosition();
    return {
      ok: chain.ok,
      verified: chain.verified,
      head,
      lastVerifiedPosition: chain.lastPosition,
      lastVerifiedHash: chain.lastHash,
      firstBroken: chain.firstBroken,
      ...(chain.error ? { error: chain.error } : {}),
    };
  }

  /** Only adapters that sign a head need the key (the in-memory store of the tests signs none). */
  private headKey(): Buffer | undefined {
    if (!this.events.readSignedHead) return undefined;
    this.key ??= resolveAuditKey(this.config, (m) => this.logger.warn(m));
    return this.key;
  }
}
