import { Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { ProjectionRunner, ProjectionStatus } from '../../projections/projection-runner';
import { Roles } from '../infrastructure/http/auth.decorators';
import { NotFoundError } from '../infrastructure/decider/decider';
import { PROJECTION_RUNNER, PROJECTIONS } from '../infrastructure/tokens';
import type { ProjectionDefinition } from '../../projections/projection';

/** Live rebuild of read models (after a fix to a projection that failed, for instance). Admins only. */
@Controller('api/admin/projections')
@Roles('ADMIN')
export class ProjectionsController {
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(PROJECTIONS) private readonly projections: ProjectionDefinition[],
  ) {}

  @Post('rebuild')
  @ApiQuery({ name: 'name', required: false, description: 'One projection; all of them when left out' })
  @HttpCode(200)
  async rebuild(@Query('name') name?: string): Promise<ProjectionStatus[]> {
    if (name !== undefined && !this.projections.some((p) => p.name === name)) throw new NotFoundError(`Unknown projection ${name}`);
    await this.runner.rebuild(name || undefined);
    await this.runner.catchUp(60_000);
    // On the embedded store the rebuild runs in fresh tables beside the serving ones: answer once it serves.
    await this.runner.rebuilt(60_000);
    return this.runner.status();
  }
}
