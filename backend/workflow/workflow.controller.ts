import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ReadModels } from '../infrastructure/read-models';
import { SpeachQueries } from '../speach';
import { PeriodicReviews } from './periodic-reviews.service';
import { WorkflowCommands } from './workflow-commands.service';
import { WorkflowDefinitions } from './workflow-definitions.service';
import { WorkflowQueries } from './workflow-queries.service';
import { RejectBody, ResubmitBody, ReviewDecisionBody, SubmitBody, ValidateBody, WorkflowGridQuery } from './workflow.dto';
import type { WorkflowDefinitionView } from './workflow.view';

/**
 * The submission, validation and periodic-review calls of the learner app (docs/workflow-api.md). A
 * command answers with the workflow as it now stands: one wait for the read models, then one read.
 */
@Controller()
export class WorkflowController {
  constructor(
    private readonly commands: WorkflowCommands,
    private readonly workflows: WorkflowQueries,
    private readonly definitionList: WorkflowDefinitions,
    private readonly reviews: PeriodicReviews,
    private readonly speaches: SpeachQueries,
    private readonly readModels: ReadModels,
  ) {}

  private async representation(actor: Actor, speachId: string) {
    await this.readModels.settled();
    return this.workflows.representation(speachId, await this.speaches.viewer(actor));
  }

  /** Definitions an author may choose from when submitting (the default first). */
  @Get('api/v2/workflow/definitions')
  @Roles('FORMATEUR', 'ADMIN')
  async definitions(): Promise<WorkflowDefinitionView[]> {
    const records = await this.definitionList.records(await this.definitionList.definitions.find({}, { sort: { name: 1 } }));
    return records.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  }

  @Post('api/v2/workflow/submit')
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(200)
  async submit(@CurrentUser() actor: Actor, @Body() body: SubmitBody) {
    await this.commands.submit(actor, body);
    return this.representation(actor, body.speachId);
  }

  @Get('api/v2/workflow/speach/:speachId')
  async get(@CurrentUser() actor: Actor, @Param('speachId') speachId: string) {
    return this.workflows.representation(speachId, await this.speaches.viewer(actor));
  }

  @Get('api/v2/workflow/speach/:speachId/draft')
  async draft(@CurrentUser() actor: Actor, @Param('speachId') speachId: string) {
    return this.workflows.draftForReview(speachId, await this.speaches.viewer(actor));
  }

  /** The site's flags are read once and serve the command (the final dialog's review choice) and the answer. */
  @Post('api/v2/workflow/speach/:speachId/validate')
  @HttpCode(200)
  async validate(@CurrentUser() actor: Actor, @Param('speachId') speachId: string, @Body() body: ValidateBody) {
    const flags = await this.commands.enabledFlags();
    await this.commands.validate(actor, speachId, body, flags);
    await this.readModels.settled();
    return this.workflows.representation(speachId, await this.speaches.viewer(actor), undefined, flags);
  }

  @Post('api/v2/workflow/speach/:speachId/reject')
  @HttpCode(200)
  async reject(@CurrentUser() actor: Actor, @Param('speachId') speachId: string, @Body() body: RejectBody) {
    await this.commands.reject(actor, speachId, body.comment, body.signature);
    return this.representation(actor, speachId);
  }

  @Post('api/v2/workflow/speach/:speachId/resubmit')
  @HttpCode(200)
  async resubmit(@CurrentUser() actor: Actor, @Param('speachId') speachId: string, @Body() body: ResubmitBody) {
    await this.commands.resubmit(actor, speachId, body.scheduledAt);
    return this.representation(actor, speachId);
  }

  @Post('api/v2/periodic-review/:speachId/decision')
  @HttpCode(200)
  async decide(@CurrentUser() actor: Actor, @Param('speachId') speachId: string, @Body() body: ReviewDecisionBody) {
    await this.reviews.decide(actor, speachId, body.decision, body.comment, body.signature);
    await this.readModels.settled();
    return this.speaches.card(speachId, await this.speaches.viewer(actor));
  }

  @Get('api/v2/my/speachInWorkflowValidation')
  async inValidation(@CurrentUser() actor: Actor, @Query() query: WorkflowGridQuery) {
    return this.workflows.inValidation(await this.speaches.viewer(actor), query);
  }

  @Get('api/v2/my/speachWorkflowToValidate')
  async toValidate(@CurrentUser() actor: Actor, @Query() query: WorkflowGridQuery) {
    return this.workflows.toValidate(await this.speaches.viewer(actor), query);
  }

  @Get('api/v2/my/speachToReview')
  async toReview(@CurrentUser() actor: Actor, @Query() query: WorkflowGridQuery) {
    return this.workflows.toReview(await this.speaches.viewer(actor), query);
  }

  @Get('api/v2/my/periodicReviewsNearing')
  async nearing(@CurrentUser() actor: Actor, @Query() query: WorkflowGridQuery) {
    return this.workflows.nearing(await this.speaches.viewer(actor), query);
  }
}
