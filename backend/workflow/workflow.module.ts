import { Module, type OnModuleInit } from '@nestjs/common';
import { SignatureModule } from '../signature';
import { SpeachModule, WorkflowCards } from '../speach';
import { workflowCardFields } from './workflow-card';
import { AdminWorkflowController, WorkflowController, WorkflowDefinitionsRestController } from './workflow.controller';
import { PublishOnValidationPolicy } from './policies/publish-on-validation.policy';
import { RevokeApprovalsOnEditPolicy } from './policies/revoke-approvals-on-edit.policy';
import { WorkflowService } from './workflow.service';

/** Validation workflow and periodic review (issue #6). */
@Module({
  imports: [SpeachModule, SignatureModule],
  controllers: [WorkflowController, AdminWorkflowController, WorkflowDefinitionsRestController],
  providers: [WorkflowService, PublishOnValidationPolicy, RevokeApprovalsOnEditPolicy],
  exports: [WorkflowService],
})
export class WorkflowModule implements OnModuleInit {
  constructor(private readonly cards: WorkflowCards) {}

  onModuleInit(): void {
    this.cards.register(workflowCardFields);
  }
}
