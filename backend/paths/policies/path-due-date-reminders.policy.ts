import { Inject, Injectable } from '@nestjs/common';
import { dueDateMilestone, pathDueDateStream } from '../../../events';
import { PATH_DUE_DATES, type PathDueDateDocument } from '../../../projections/path-due-dates.projection';
import { PATHS, PATH_LEARNERS, type PathDocument, type PathLearnerDocument } from '../../../projections/paths.projection';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { DueItem, ScheduledPolicy } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { pathDueDateDecider } from '../path-due-date.decider';

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Issue 19 item 6 for learning paths: each assignment's due date of a published path is told to its
 * assignees 7 days and 1 day before ("due date approaching"), and once the day has passed to the path's
 * owner and the administrators ("due date expired"). A time-driven policy on the Clock port over the
 * `path_due_dates` read model; the `pathduedate-{pathId}` decider tells each milestone once, and the
 * notifications projection turns the facts into notifications.
 */
@Injectable()
export class PathDueDateRemindersPolicy implements ScheduledPolicy {
  readonly name = 'path-due-date-reminders';

  constructor(
    private readonly runner: PolicyRunner,
    private readonly commands: CommandRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {
    void runner.register(this);
  }

  async due(now: Date): Promise<DueItem[]> {
    const today = day(now);
    const horizon = day(new Date(now.getTime() + 7 * DAY_MS));
    // Latest days first: an unpublished path's lapsed dates (never told) stay behind the ones that matter.
    const assignments = await this.store
      .collection<PathDueDateDocument>(PATH_DUE_DATES)
      .find({ done: false, day: { $lte: horizon } }, { sort: { day: -1 }, limit: 1000 });
    const paths = new Map(
      (await this.store.collection<PathDocument>(PATHS).findByIds([...new Set(assignments.map((a) => a.pathId))])).map((p) => [p._id as string, p]),
    );
    const completed = await this.completedLearners([...paths.keys()]);
    const items: DueItem[] = [];
    for (const assignment of assignments) {
      const path = paths.get(assignment.pathId);
      // An unpublished path assigns nobody yet: nothing to remind of, nor to expire.
      if (!path || !path.published || path.archived) continue;
      const at = dueDateMilestone(assignment.day, today);
      if (at === null || assignment.told.includes(String(at))) continue;
      const { pathId, assignee, dueDate } = assignment;
      const done = completed.get(pathId) ?? new Set<string>();
      // A user who completed the path met the date: neither reminded nor reported.
      if (assignee.kind === 'USER' && done.has(assignee.id)) continue;
      // Users assigned by name with their own due date are held to theirs, not to their group's; who completed is not reminded.
      const exceptUserIds = assignee.kind === 'GROUP' ? [...new Set([...path.users.filter((u) => u.dueDate).map((u) => u.id), ...done])] : [];
      items.push({
        key: `${assignment._id}:${dueDate}:${at}`,
        run: async (ctx) => {
          await ctx.issue('tell', () =>
            this.commands.run(
              pathDueDateDecider,
              pathDueDateStream(pathId),
              at === 'expired'
                ? { type: 'TellPathDueDateExpired', pathId, title: path.title, ownerId: path.ownerId, assignee, dueDate }
                : { type: 'RemindPathDueDate', pathId, title: path.title, assignee, dueDate, daysBefore: at, exceptUserIds },
            ),
          );
        },
      });
    }
    return items;
  }

  /** By path, the learners whose completion stands (not in a recertification cycle). */
  private async completedLearners(pathIds: string[]): Promise<Map<string, Set<string>>> {
    const byPath = new Map<string, Set<string>>();
    if (pathIds.length === 0) return byPath;
    const learners = await this.store.collection<PathLearnerDocument>(PATH_LEARNERS).find({ pathId: { $in: pathIds } });
    for (const learner of learners) {
      if (learner.completions.length === 0 || learner.reassigned) continue;
      byPath.set(learner.pathId, (byPath.get(learner.pathId) ?? new Set<string>()).add(learner.userId));
    }
    return byPath;
  }

  /** Tells what is due at the clock's time; answers how many reminders or expiries acted. */
  tick(): Promise<number> {
    return this.runner.tick(this.name);
  }
}
