import { userStream } from '../../../events';
import { Injectable } from '@nestjs/common';
import type { AbuseReportResolved, RecordedEvent } from '../../../events';
import { commentsDecider, commentsStream } from '../../engagement';
import { userDecider } from '../../identity';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError } from '../../infrastructure/decider/decider';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { SYSTEM_USER_ID } from '../../infrastructure/policies/policy';
import { SpeachQueries } from '../../speach';

/** A target already gone (comment deleted, user deactivated) is what the resolution asked for: nothing more to do. */
async function unlessDone(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError) || (error.status !== 404 && error.status !== 409)) throw error;
  }
}

/**
 * An administrator's resolution of an abuse report is recorded on the report; what it does to the
 * target is done here, through the target's own decider: the comment is removed by the comments
 * decider (as an administrator would delete it), the user is deactivated by the user decider.
 */
@Injectable()
export class EnforceAbuseResolutionPolicy implements Policy<AbuseReportResolved> {
  readonly name = 'enforce-abuse-resolution';
  readonly handles = {
    AbuseReportResolved: (event: RecordedEvent<AbuseReportResolved>, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly speaches: SpeachQueries,
  ) {
    void runner.register<AbuseReportResolved>(this);
  }

  private async react(event: RecordedEvent<AbuseReportResolved>, ctx: PolicyContext): Promise<void> {
    const d = event.data;
    if (d.resolution === 'COMMENT_HIDDEN' && d.speachId) {
      const speachId = d.speachId;
      const doc = await this.speaches.document(speachId).catch(() => null);
      await ctx.issue('hide-comment', () =>
        unlessDone(() =>
          this.commands.run(commentsDecider, commentsStream(speachId), {
            type: 'DeleteComment',
            commentId: d.targetId,
            speachId,
            actorId: SYSTEM_USER_ID,
            isAdmin: true,
            speachAuthorId: doc?.authorId ?? '',
          }),
        ),
      );
    }
    if (d.resolution === 'USER_DEACTIVATED' && d.targetUserId) {
      const userId = d.targetUserId;
      await ctx.issue('deactivate-user', () => unlessDone(() => this.commands.run(userDecider, userStream(userId), { type: 'DeactivateUser', userId })));
    }
  }
}
