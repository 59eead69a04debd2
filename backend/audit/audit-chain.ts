import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { resolveAuditKey } from '../config/audit-key';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import { type ChainStatus, EMPTY_CHAIN, verifyChain } from '../infrastructure/event-store/hash-chain';
import { EVENT_STORE } from '../infrastructure/tokens';

export interface ChainReport {
  ok: boolean;
  verified: number;
  head: number;
  lastVerifiedPosition: number;
  /** The hash of the last verified link: the head the log is known good up to. */
  lastVerifiedHash: string;
  firstBroken: ChainStatus['firstBroken'];
  error?: string;
}

/**
 * The tamper evidence of the running server: the whole chain is walked once at start (a break is
 * logged, not ignored), then each check resumes from the last verified link and compares the log
 * with its signed head, so a truncation shows at once. The audit screen and /api/health read it.
 */
@Injectable()
export class AuditChain implements OnApplicationBootstrap {
  private readonly logger = new Logger('AuditChain');
  private chain: ChainStatus = EMPTY_CHAIN;
  private walk: Promise<ChainStatus> | null = null;
  private key: Buffer | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.status(true).then(
      (report) => {
        if (!report.ok) this.logger.error(`The audit chain is broken: ${report.error ?? `at position ${report.firstBroken?.position}`}`);
      },
      (error: unknown) => this.logger.error(`The audit chain could not be verified: ${String(error)}`),
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
    const head = await this.events.headPosition();
    return {
      ok: this.chain.ok,
      verified: this.chain.verified,
      head,
      lastVerifiedPosition: this.chain.lastPosition,
      lastVerifiedHash: this.chain.lastHash,
      firstBroken: this.chain.firstBroken,
      ...(this.chain.error ? { error: this.chain.error } : {}),
    };
  }

  /** Only adapters that sign a head need the key (the in-memory store of the tests signs none). */
  private headKey(): Buffer | undefined {
    if (!this.events.readSignedHead) return undefined;
    this.key ??= resolveAuditKey(this.config, (m) => this.logger.warn(m));
    return this.key;
  }
}
