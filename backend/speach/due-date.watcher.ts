import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SYSTEM_USER_ID, uuidv7 } from '../../events';
import { Clock } from '../infrastructure/clock/clock';
import { DomainError } from '../infrastructure/decider/decider';
import { requestContext } from '../infrastructure/http/request-context';
import { SpeachCommands } from './speach-commands.service';
import { SpeachQueries } from './speach-queries.service';

const SYSTEM = { userId: SYSTEM_USER_ID, isAdmin: true, isAuthor: true, groupIds: [] as string[] };

/**
 * Spec §4 "unpublish after due date": once a speach's due date has passed, a speach flagged so is
 * unpublished by the platform (a `SpeachUnpublished` event by the system user, so the audit trail
 * shows who and why). Checked every minute and at start.
 */
@Injectable()
export class DueDateWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DueDates');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly queries: SpeachQueries,
    private readonly commands: SpeachCommands,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick().catch((e) => this.logger.error(e)), 60_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Unpublishes every flagged speach whose due date is before today; answers how many. */
  async tick(): Promise<number> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const due = await this.queries.speaches.find({ unpublishAfterDueDate: true, published: true, archived: false, dueDate: { $lt: today } });
    let count = 0;
    for (const doc of due) {
      try {
        await requestContext.run({ userId: SYSTEM.userId, correlationId: uuidv7(), lastAppendedPosition: 0 }, () => this.commands.run(SYSTEM, doc._id, [{ type: 'Unpublish' }]));
        count++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    if (count) this.logger.log(`Unpublished ${count} speach(es) past their due date`);
    return count;
  }
}
