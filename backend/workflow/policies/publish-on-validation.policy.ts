import { Injectable } from '@nestjs/common';
import type { RecordedEvent, WorkflowCompleted } from '../../../events';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError } from '../../infrastructure/decider/decider';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { SYSTEM_ACTOR, SpeachCommands } from '../../speach';
import { periodicReviewDecider } from '../periodic-review.decider';
import { periodicReviewStream } from '../workflow-streams';

/**
 * A completed validation publishes the speach through its own command (now or at the chosen date)
 * and schedules its periodic review, or stops the one running when the validator chose none.
 * Time comes from the event, so a retry or a replay decides as the completion did.
 */
@Injectable()
export class PublishOnValidationPolicy implements Policy<WorkflowCompleted> {
  readonly name = 'publish-on-validation';
  readonly handles = {
    WorkflowCompleted: (event: RecordedEvent<WorkflowCompleted>, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly speaches: SpeachCommands,
  ) {
    void runner.register<WorkflowCompleted>(this);
  }

  private async react(event: RecordedEvent<WorkflowCompleted>, ctx: PolicyContext): Promise<void> {
    const { speachId, workflowId, publishAt, periodicReview, frequency, at } = event.data;
    await ctx.issue('publish', async () => {
      try {
        await this.speaches.run(SYSTEM_ACTOR, speachId, [{ type: 'Publish', at: publishAt, now: at }]);
      } catch (error) {
        // The draft validated is already the live version: nothing more to publish.
        if (!(error instanceof DomainError) || error.status !== 409) throw error;
      }
    });
    await ctx.issue('periodic-review', () =>
      this.commands.run(
        periodicReviewDecider,
        periodicReviewStream(speachId),
        periodicReview === 'ON' && frequency
          ? { type: 'Schedule', speachId, frequency, from: publishAt ?? at, workflowId }
          : { type: 'Stop', speachId, workflowId },
      ),
    );
  }
}
