import { Injectable } from '@nestjs/common';
import { DomainError } from '../infrastructure/decider/decider';
import type { DueItem, ScheduledPolicy } from '../infrastructure/policies/policy';
import { PolicyRunner } from '../infrastructure/policies/policy-runner';
import { SYSTEM_ACTOR } from './policies/system-actor';
import { SpeachCommands } from './speach-commands.service';
import { SpeachQueries } from './speach-queries.service';

/**
 * Spec §4 "unpublish after due date": once a speach's due date has passed, a speach flagged so is
 * unpublished by the platform (a `SpeachUnpublished` event by the system user, so the audit trail
 * shows who and why). A time-driven policy: the speaches read model lists the due items, the clock
 * port says when; the policy runner ticks it every minute and retries or dead-letters a failure.
 */
@Injectable()
export class DueDateWatcher implements ScheduledPolicy {
  readonly name = 'unpublish-after-due-date';

  constructor(
    private readonly runner: PolicyRunner,
    private readonly queries: SpeachQueries,
    private readonly commands: SpeachCommands,
  ) {
    void runner.register(this);
  }

  async due(now: Date): Promise<DueItem[]> {
    const today = now.toISOString().slice(0, 10);
    const due = await this.queries.speaches.find({ unpublishAfterDueDate: true, published: true, archived: false, dueDate: { $lt: today } });
    // The revision names the publication being withdrawn: published again later, it is withdrawn again.
    return due.map((doc) => ({
      key: `${doc._id}@${doc.revision}`,
      run: async (ctx) => {
        try {
          await ctx.issue('unpublish', () => this.commands.run(SYSTEM_ACTOR, doc._id, [{ type: 'Unpublish' }]));
        } catch (error) {
          // Unpublished or archived meanwhile: nothing left to do.
          if (!(error instanceof DomainError) || error.status !== 409) throw error;
        }
      },
    }));
  }

  /** Unpublishes every flagged speach whose due date is before the clock's day; answers how many. */
  tick(): Promise<number> {
    return this.runner.tick(this.name);
  }
}
