import { Inject, Injectable } from '@nestjs/common';
import { dueDateMilestone, dueDateStream } from '../../../events';
import { NOTIFICATION_SPEACHES, type NotificationSpeachDocument } from '../../../projections/notifications.projection';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { DueItem, ScheduledPolicy } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { LEARNER_PROGRESS, type ProgressDocument, SPEACHES, SPEACH_VERSIONS, type SpeachDocument, type SpeachVersionDocument, liveVersion } from '../../speach';
import { dueDateRemindersDecider } from './due-date-reminders.decider';

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Issue 19 item 6: "due date approaching" to the assigned users of a published speach 7 days and 1 day
 * before its due date, "due date expired" to its author and the admins once the day has passed. A
 * time-driven policy on the Clock port: the notifications read model lists the speaches whose due date
 * is not told in full; each tick appends what is due to `duedate-{speachId}` (the decider tells each
 * once) and the notifications projection turns those facts into notifications.
 */
@Injectable()
export class DueDateRemindersPolicy implements ScheduledPolicy {
  readonly name = 'due-date-reminders';

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
    const speaches = await this.store.collection<NotificationSpeachDocument>(NOTIFICATION_SPEACHES).find({ dueDone: false, dueDate: { $lte: horizon } });
    const items: DueItem[] = [];
    for (const speach of speaches) {
      const dueDate = speach.dueDate;
      if (!dueDate || speach.archived) continue;
      const at = dueDateMilestone(dueDate, today);
      if (at === null || (speach.dueReminders ?? []).includes(String(at))) continue;
      if (at !== 'expired' && !speach.published) continue;
      const exceptUserIds = at === 'expired' ? [] : await this.completedLearners(speach._id, now);
      items.push({
        key: `${speach._id}:${dueDate}:${at}`,
        run: async (ctx) => {
          await ctx.issue('tell', () =>
            this.commands.run(
              dueDateRemindersDecider,
              dueDateStream(speach._id),
              at === 'expired'
                ? { type: 'TellDueDateExpired', speachId: speach._id, dueDate }
                : { type: 'RemindDueDate', speachId: speach._id, dueDate, daysBefore: at, exceptUserIds },
            ),
          );
        },
      });
    }
    return items;
  }

  /**
   * The learners who read every chapter of the speach's live version (as the badges and the paths count a
   * completion): they met the due date, so its reminders leave them out.
   */
  private async completedLearners(speachId: string, now: Date): Promise<string[]> {
    const doc = await this.store.collection<SpeachDocument>(SPEACHES).findById(speachId);
    const live = doc && liveVersion(doc, now.toISOString());
    if (!live) return [];
    const chapters = (await this.store.collection<SpeachVersionDocument>(SPEACH_VERSIONS).findById(`${speachId}:${live.version}`))?.chapters ?? [];
    if (chapters.length === 0) return [];
    const readers = await this.store.collection<ProgressDocument>(LEARNER_PROGRESS).find({ speachId });
    return readers
      .filter((r) => {
        const read = new Set(r.readChapterIds);
        return chapters.every((c) => read.has(c.chapterId));
      })
      .map((r) => r.userId);
  }

  /** Tells what is due at the clock's time; answers how many reminders or expiries acted. */
  tick(): Promise<number> {
    return this.runner.tick(this.name);
  }
}
