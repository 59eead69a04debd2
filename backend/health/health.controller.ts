import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { AuditChain } from '../audit';
import { Public } from '../infrastructure/http/auth.decorators';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import type { IntegrationPublisher } from '../infrastructure/integration/integration-bus.port';
import type { IntegrationRelay } from '../infrastructure/integration/integration-relay';
import { PolicyRunner } from '../infrastructure/policies/policy-runner';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { EVENT_STORE, INTEGRATION_PUBLISHER, INTEGRATION_RELAY, PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';
import { Platform } from '../infrastructure/infrastructure.module';

/**
 * Liveness and lag: 200 with status "ok" when stores answer, no projection failed, no policy holds a
 * dead letter (or stopped) and the audit chain holds; 503 otherwise.
 */
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(INTEGRATION_RELAY) private readonly relay: IntegrationRelay,
    @Inject(INTEGRATION_PUBLISHER) private readonly publisher: IntegrationPublisher,
    private readonly policyRunner: PolicyRunner,
    private readonly auditChain: AuditChain,
    private readonly platform: Platform,
  ) {}

  /** Liveness: the process answers (an orchestrator restarts it otherwise); nothing else is checked. */
  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: whether to send this process requests (503 while starting or shutting down, or when
   * a store does not answer). A projector standing by for the lease is ready: it takes over at once.
   */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const readiness = this.platform.readiness();
    const eventStore = await this.events.headPosition().then(
      () => true,
      () => false,
    );
    const readStore = await this.readStore.ping().catch(() => false);
    const ready = readiness.ready && eventStore && readStore;
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not-ready', ...readiness, ready, stores: { eventStore, readStore } };
  }

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    let head = 0;
    let storeOk = true;
    try {
      head = await this.events.headPosition();
    } catch {
      storeOk = false;
    }
    const readStoreOk = await this.readStore.ping().catch(() => false);
    const projections = this.projections.status().map((p) => ({ ...p, lag: Math.max(0, head - p.position) }));
    // A broken tamper-evidence chain degrades the service: the log can no longer be trusted as is.
    const audit = storeOk
      ? await this.auditChain.current().then(
          (chain) => ({
            ok: chain.ok,
            head: { position: chain.lastVerifiedPosition, hash: chain.lastVerifiedHash },
            ...(chain.error ? { error: chain.error } : {}),
            // The walk of the whole log at start is still going: `head` is how far it got.
            ...(chain.verifying ? { verifying: true } : {}),
          }),
          (error: unknown) => ({ ok: false, head: null, error: String(error) }),
        )
      : { ok: false, head: null, error: 'event store unavailable' };
    const policies = this.policyRunner.status();
    const ok =
      storeOk &&
      readStoreOk &&
      audit.ok &&
      projections.every((p) => p.state !== 'failed') &&
      policies.every((p) => p.state !== 'stopped' && p.deadLetters.length === 0);
    void reply.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'degraded',
      eventStore: { adapter: this.events.adapter, ok: storeOk, headPosition: head },
      readStore: { adapter: this.readStore.adapter, ok: readStoreOk },
      integration: {
        adapter: this.publisher.adapter,
        position: this.relay.checkpoint,
        lag: Math.max(0, head - this.relay.checkpoint),
        lastError: this.relay.lastError,
      },
      projections,
      policies,
      audit,
    };
  }
}
