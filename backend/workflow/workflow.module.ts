import { Module } from '@nestjs/common';
import { SignatureModule } from '../signature/signature.module';
import { SpeachModule } from '../speach/speach.module';
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
export class WorkflowModule {}
