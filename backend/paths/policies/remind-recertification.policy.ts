import { Inject, Injectable } from '@nestjs/common';
import { pathLearnerStream } from '../../../events';
import { PATH_LEARNERS, type PathLearnerDocument } from '../../../projections/paths.projection';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { DueItem, ScheduledPolicy } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { pathLearnerDecider } from '../path-learner.decider';

/**
 * Recertification: a completion of a path with a recertification period lapses after N months. Thirty
 * days before, the learner is told (`PathRecertificationDue`, notified as "due date approaching") and
 * re-assigned (`PathReassigned`, due when it lapses): only chapters read from then on complete the path again. A time-driven policy over
 * the `path_learners` read model (`remindAt`) and the clock, once per completion.
 */
@Injectable()
export class RemindRecertificationPolicy implements ScheduledPolicy {
  readonly name = 'remind-path-recertification';

  constructor(
    private readonly runner: PolicyRunner,
    private readonly commands: CommandRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {
    void runner.register(this);
  }

  async due(now: Date): Promise<DueItem[]> {
    const due = await this.store.collection<PathLearnerDocument>(PATH_LEARNERS).find({ remindAt: { $ne: null, $lte: now.toISOString() } }, { limit: 500 });
    return due.map((doc) => {
      const latest = doc.completions[doc.completions.length - 1];
      return {
        key: `${doc._id}@${latest.certificateCode}`,
        run: async (ctx) => {
          await ctx.issue('remind', () =>
            this.commands.run(pathLearnerDecider, pathLearnerStream(doc.pathId, doc.userId), {
              type: 'RemindRecertification',
              pathId: doc.pathId,
              userId: doc.userId,
              certificateCode: latest.certificateCode,
              title: latest.title,
              now: now.toISOString(),
            }),
          );
        },
      };
    });
  }

  tick(): Promise<number> {
    return this.runner.tick(this.name);
  }
}
