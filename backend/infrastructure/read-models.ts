import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { requestContext } from './http/request-context';
import { PROJECTION_RUNNER } from './tokens';

/**
 * For a service that reads back what its own request just wrote (e.g. answers the created
 * record): waits until the projections have applied every event the request appended.
 */
@Injectable()
export class ReadModels {
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async settled(): Promise<void> {
    const position = requestContext.current()?.lastAppendedPosition ?? 0;
    if (position > 0) await this.projections.waitFor(position, this.config.readYourWritesTimeoutMs);
  }
}
