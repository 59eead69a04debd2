import { Module } from '@nestjs/common';
import { GxpController } from './gxp.controller';
import { RetrainOnConfirmationPolicy } from './policies/retrain-on-confirmation.policy';
import { QualificationService } from './qualification.service';

/** Regulated training (issue 23 items 4-5): version-pinned training history, qualification queries, retraining. */
@Module({
  controllers: [GxpController],
  providers: [QualificationService, RetrainOnConfirmationPolicy],
})
export class GxpModule {}
