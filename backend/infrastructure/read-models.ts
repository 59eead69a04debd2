import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionDefinition } from '../../projections/projection';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { requestContext } from './http/request-context';
import type { Adapters } from './adapters';
import { PolicyRunner } from './policies/policy-runner';
import { StoredPositions } from './roles/stored-positions';
import { ADAPTERS, PROJECTION_RUNNER, PROJECTIONS } from './tokens';

/**
 * For a service that reads back what its own request just wrote (e.g. answers the created
 * record): waits until the policies have reacted to every event the request appended and the
 * projections have applied those events and the reactions'.
 */
@Injectable()
export class ReadModels {
  /** In an API process the runners are elsewhere: it waits on their stored checkpoints instead. */
  private readonly stored: StoredPositions | null;

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    private readonly policies: PolicyRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ADAPTERS) adapters: Adapters,
    @Inject(PROJECTIONS) definitions: ProjectionDefinition[],
  ) {
    this.stored =
      config.appRole === 'api'
        ? new StoredPositions(
            adapters.eventStore,
            { store: adapters.readStore.checkpoints, names: () => definitions.map((p) => p.name), stopped: true },
            { store: adapters.relayCheckpoints, names: () => policies.checkpointNames() },
          )
        : null;
  }

  /** Waits for the request's own writes; a second call with nothing appended since waits no more. */
  async settled(): Promise<void> {
    const context = requestContext.current();
    const position = context?.lastAppendedPosition ?? 0;
    if (position <= 0 || (context?.settled && context.settled.position >= position)) return;
    const reached = await this.settle(position);
    if (context) context.settled = { position, reached };
  }

  /**
   * Bounded by READ_YOUR_WRITES_TIMEOUT_MS in all; answers the position the projections were asked
   * to reach. A policy's own commands do not wait for the policies (it would wait for itself).
   */
  async settle(position: number): Promise<number> {
    const timeout = this.config.readYourWritesTimeoutMs;
    if (this.stored) return this.stored.settle(position, timeout, !requestContext.current()?.policy);
    const deadline = Date.now() + timeout;
    const target = requestContext.current()?.policy ? position : await this.policies.reach(position, timeout);
    await this.projections.waitFor(target, Math.max(0, deadline - Date.now()));
    return target;
  }
}
