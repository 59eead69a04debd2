import { Inject, Injectable } from '@nestjs/common';
import { type ImpactAssessmentConfirmed, type RecordedEvent, retrainingStream } from '../../../events';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { PROJECTION_RUNNER } from '../../infrastructure/tokens';
import { QualificationService } from '../qualification.service';
import { retrainingDecider } from '../retraining.decider';

/**
 * A confirmed impact assessment sends each listed learner back to the new version, with its due date, as soon
 * as the confirmation is in the log (not in a nightly job); the notification follows from `RetrainingAssigned`.
 * One command per learner, its id derived from the confirmation, so a retry or a replay assigns once.
 */
@Injectable()
export class RetrainOnConfirmationPolicy implements Policy<ImpactAssessmentConfirmed> {
  readonly name = 'gxp-retrain-on-confirmation';
  readonly handles = {
    ImpactAssessmentConfirmed: (event: RecordedEvent<ImpactAssessmentConfirmed>, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly qualification: QualificationService,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    void runner.register<ImpactAssessmentConfirmed>(this);
  }

  private async react(event: RecordedEvent<ImpactAssessmentConfirmed>, ctx: PolicyContext): Promise<void> {
    // Who completed the new version meanwhile is read from the training history as of the confirmation.
    if (!(await this.projections.waitFor(event.position, this.config.readYourWritesTimeoutMs)))
      throw new Error('The read models have not reached the confirmation yet');
    const { speachId, version, dueDate, assessmentId, userIds } = event.data;
    for (const userId of userIds) {
      const completedVersion = await this.qualification.completedVersion(speachId, userId);
      await ctx.issue(`retrain:${userId}`, () =>
        this.commands.run(retrainingDecider, retrainingStream(speachId, userId), {
          type: 'AssignRetraining',
          speachId,
          userId,
          version,
          dueDate,
          assessmentId,
          completedVersion,
        }),
      );
    }
  }
}
