import { Module, type OnModuleInit } from '@nestjs/common';
import { SignatureModule } from '../signature';
import { SpeachModule, WorkflowCards } from '../speach';
import { workflowCardFields } from './workflow-card';
import { AdminWorkflowController } from './admin-workflow.controller';
import { WorkflowController } from './workflow.controller';
import { WorkflowDefinitionsRestController } from './workflow-definitions-rest.controller';
import { PublishOnValidationPolicy } from './policies/publish-on-validation.policy';
import { RevokeApprovalsOnEditPolicy } from './policies/revoke-approvals-on-edit.policy';
import { PeriodicReviews } from './periodic-reviews.service';
import { WorkflowCommands } from './workflow-commands.service';
import { WorkflowDefinitions } from './workflow-definitions.service';
import { WorkflowQueries } from './workflow-queries.service';

/** Validation workflow and periodic review (issue #6). */
@Module({
  imports: [SpeachModule, SignatureModule],
  controllers: [WorkflowController, AdminWorkflowController, WorkflowDefinitionsRestController],
  providers: [WorkflowCommands, WorkflowQueries, WorkflowDefinitions, PeriodicReviews, PublishOnValidationPolicy, RevokeApprovalsOnEditPolicy],
  exports: [WorkflowCommands, WorkflowQueries],
})
export class WorkflowModule implements OnModuleInit {
  constructor(private readonly cards: WorkflowCards) {}

  onModuleInit(): void {
    this.cards.register(workflowCardFields);
  }
}
