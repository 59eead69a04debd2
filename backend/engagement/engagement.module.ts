import { Module } from '@nestjs/common';
import { SpeachModule } from '../speach';
import { EngagementController } from './engagement.controller';
import { EngagementCommands } from './engagement-commands.service';
import { EngagementQueries } from './engagement-queries.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { DueDateRemindersPolicy } from './due-dates/due-date-reminders.policy';
import { AssignmentMailPolicy } from './mail/assignment-mail.policy';
import { MailAdminController } from './mail/mail.controller';
import { UnsubscribeController } from './mail/unsubscribe.controller';
import { MailDigestPolicy } from './mail/mail-digest.policy';
import { SetPasswordLinkPolicy } from './mail/set-password-link.policy';
import { unsubscribeLinksProvider } from './mail/mail-links.provider';
import { MailRecipients } from './mail/mail-recipients';

/** Ratings, follows, comments and notifications (issue #5 items 4 and 6). */
@Module({
  imports: [SpeachModule],
  controllers: [EngagementController, NotificationsController, MailAdminController, UnsubscribeController],
  providers: [
    EngagementCommands,
    EngagementQueries,
    NotificationsService,
    DueDateRemindersPolicy,
    MailRecipients,
    unsubscribeLinksProvider,
    MailDigestPolicy,
    SetPasswordLinkPolicy,
    AssignmentMailPolicy,
  ],
  exports: [EngagementCommands, EngagementQueries, NotificationsService],
})
export class EngagementModule {}
