import { Controller, Get, Put, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ReadModels } from '../infrastructure/read-models';
import { SpeachQueries } from '../speach';
import { PeriodicReviews } from './periodic-reviews.service';
import { WorkflowCommands } from './workflow-commands.service';
import { WorkflowQueries } from './workflow-queries.service';
import { PeriodicReviewListQuery, SpeachIdParamQuery } from './workflow.dto';

/** Spec §7 admin workflow calls, next to the admin speach list. */
@Controller('api/v2/admin')
@Roles('ADMIN')
export class AdminWorkflowController {
  constructor(
    private readonly commands: WorkflowCommands,
    private readonly workflows: WorkflowQueries,
    private readonly reviews: PeriodicReviews,
    private readonly speaches: SpeachQueries,
    private readonly readModels: ReadModels,
  ) {}

  @Get('speach/workflow-representation')
  async representation(@CurrentUser() actor: Actor, @Query() query: SpeachIdParamQuery) {
    return this.workflows.representation(query.speachId, await this.speaches.viewer(actor), query.stateFilter);
  }

  @Put('speach/cancelWorkflow')
  async cancel(@CurrentUser() actor: Actor, @Query() query: SpeachIdParamQuery) {
    await this.commands.cancel(actor, query.speachId);
    await this.readModels.settled();
    return this.speaches.card(query.speachId, await this.speaches.viewer(actor));
  }

  @Get('periodic-reviews')
  async periodicReviews(@CurrentUser() actor: Actor, @Query() query: PeriodicReviewListQuery) {
    return this.reviews.adminList(await this.speaches.viewer(actor), query);
  }
}
