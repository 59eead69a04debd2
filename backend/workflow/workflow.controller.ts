import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { restList, CurrentUser, Roles, type AuthenticatedUser } from '../identity';
import { SpeachQueries } from '../speach';
import {
  DefinitionBody,
  PeriodicReviewListQuery,
  RejectBody,
  ResubmitBody,
  ReviewDecisionBody,
  SpeachIdParamQuery,
  SubmitBody,
  ValidateBody,
  WorkflowGridQuery,
} from './workflow.dto';
import { WorkflowService } from './workflow.service';

/** The submission, validation and periodic-review calls of the learner app (docs/workflow-api.md). */
@Controller()
export class WorkflowController {
  constructor(
    private readonly workflows: WorkflowService,
    private readonly queries: SpeachQueries,
  ) {}

  private async representation(user: AuthenticatedUser, speachId: string) {
    return this.workflows.representation(speachId, await this.queries.viewer(user));
  }

  /** Definitions an author may choose from when submitting (the default first). */
  @Get('api/v2/workflow/definitions')
  @Roles('FORMATEUR', 'ADMIN')
  async definitions() {
    const records = await this.workflows.definitionRecords(await this.workflows.definitions.find({}, { sort: { name: 1 } }));
    return records.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  }

  @Post('api/v2/workflow/submit')
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(200)
  async submit(@CurrentUser() user: AuthenticatedUser, @Body() body: SubmitBody) {
    await this.workflows.submit(user, body);
    return this.representation(user, body.speachId);
  }

  @Get('api/v2/workflow/speach/:speachId')
  async get(@CurrentUser() user: AuthenticatedUser, @Param('speachId') speachId: string) {
    return this.representation(user, speachId);
  }

  @Get('api/v2/workflow/speach/:speachId/draft')
  async draft(@CurrentUser() user: AuthenticatedUser, @Param('speachId') speachId: string) {
    return this.workflows.draftForReview(speachId, await this.queries.viewer(user));
  }

  @Post('api/v2/workflow/speach/:speachId/validate')
  @HttpCode(200)
  async validate(@CurrentUser() user: AuthenticatedUser, @Param('speachId') speachId: string, @Body() body: ValidateBody) {
    await this.workflows.validate(user, speachId, body);
    return this.representation(user, speachId);
  }

  @Post('api/v2/workflow/speach/:speachId/reject')
  @HttpCode(200)
  async reject(@CurrentUser() user: AuthenticatedUser, @Param('speachId') speachId: string, @Body() body: RejectBody) {
    await this.workflows.reject(user, speachId, body.comment, body.signature);
    return this.representation(user, speachId);
  }

  @Post('api/v2/workflow/speach/:speachId/resubmit')
  @HttpCode(200)
  async resubmit(@CurrentUser() user: AuthenticatedUser, @Param('speachId') speachId: string, @Body() body: ResubmitBody) {
    await this.workflows.resubmit(user, speachId, body.scheduledAt);
    return this.representation(user, speachId);
  }

  @Post('api/v2/periodic-review/:speachId/decision')
  @HttpCode(200)
  async decide(@CurrentUser() user: AuthenticatedUser, @Param('speachId') speachId: string, @Body() body: ReviewDecisionBody) {
    await this.workflows.decideReview(user, speachId, body.decision, body.comment, body.signature);
    return this.queries.card(speachId, await this.queries.viewer(user));
  }

  @Get('api/v2/my/speachInWorkflowValidation')
  async inValidation(@CurrentUser() user: AuthenticatedUser, @Query() query: WorkflowGridQuery) {
    return this.workflows.inValidation(await this.queries.viewer(user), query);
  }

  @Get('api/v2/my/speachWorkflowToValidate')
  async toValidate(@CurrentUser() user: AuthenticatedUser, @Query() query: WorkflowGridQuery) {
    return this.workflows.toValidate(await this.queries.viewer(user), query);
  }

  @Get('api/v2/my/speachToReview')
  async toReview(@CurrentUser() user: AuthenticatedUser, @Query() query: WorkflowGridQuery) {
    return this.workflows.toReview(await this.queries.viewer(user), query);
  }

  @Get('api/v2/my/periodicReviewsNearing')
  async nearing(@CurrentUser() user: AuthenticatedUser, @Query() query: WorkflowGridQuery) {
    return this.workflows.nearing(await this.queries.viewer(user), query);
  }
}

/** Spec §7 admin workflow calls, next to the admin speach list. */
@Controller('api/v2/admin')
@Roles('ADMIN')
export class AdminWorkflowController {
  constructor(
    private readonly workflows: WorkflowService,
    private readonly queries: SpeachQueries,
  ) {}

  @Get('speach/workflow-representation')
  async representation(@CurrentUser() user: AuthenticatedUser, @Query() query: SpeachIdParamQuery) {
    return this.workflows.representation(query.speachId, await this.queries.viewer(user), query.stateFilter);
  }

  @Put('speach/cancelWorkflow')
  async cancel(@CurrentUser() user: AuthenticatedUser, @Query() query: SpeachIdParamQuery) {
    await this.workflows.cancel(user, query.speachId);
    return this.queries.card(query.speachId, await this.queries.viewer(user));
  }

  @Get('periodic-reviews')
  async periodicReviews(@CurrentUser() user: AuthenticatedUser, @Query() query: PeriodicReviewListQuery) {
    return this.workflows.adminReviews(await this.queries.viewer(user), query);
  }
}

/** react-admin resource `workflow-definitions` (ra-data-simple-rest protocol). */
@Controller('api/rest/workflow-definitions')
@Roles('ADMIN')
export class WorkflowDefinitionsRestController {
  constructor(private readonly workflows: WorkflowService) {}

  @Get()
  async list(@Query() query: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    const docs = await restList('workflow-definitions', this.workflows.definitions, query, reply, {
      sortable: ['id', 'name', 'createdAt', 'updatedAt', 'version'],
      defaultSort: 'name',
      searchFields: ['name'],
      toRecord: (doc) => doc,
    });
    return this.workflows.definitionRecords(docs);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.workflows.definitionRecord(id);
  }

  @Post()
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: DefinitionBody) {
    return this.workflows.definitionRecord(await this.workflows.saveDefinition(user, null, body));
  }

  @Put(':id')
  async update(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: DefinitionBody) {
    return this.workflows.definitionRecord(await this.workflows.saveDefinition(user, id, body));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string) {
    const record = await this.workflows.definitionRecord(id);
    await this.workflows.deleteDefinition(user, id);
    return record;
  }
}
