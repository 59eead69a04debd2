import { Module } from '@nestjs/common';
import { SpeachModule } from '../speach/speach.module';
import { EngagementController } from './engagement.controller';
import { EngagementCommands } from './engagement-commands.service';
import { EngagementQueries } from './engagement-queries.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { DueDateRemindersPolicy } from './due-dates/due-date-reminders.policy';

/** Ratings, follows, comments and notifications (issue #5 items 4 and 6). */
@Module({
  imports: [SpeachModule],
  controllers: [EngagementController, NotificationsController],
  providers: [EngagementCommands, EngagementQueries, NotificationsService, DueDateRemindersPolicy],
  exports: [EngagementCommands, EngagementQueries, NotificationsService],
})
export class EngagementModule {}
