import { Module } from '@nestjs/common';
import { PathsModule } from '../paths';
import { SpeachModule } from '../speach';
import { AbuseReportsController } from './abuse-reports.controller';
import { AbuseReportsRestController } from './abuse-reports-rest.controller';
import { AbuseReportsService } from './abuse-reports.service';
import { BadgesController } from './badges.controller';
import { BadgesService } from './badges.service';
import { ForumController } from './forum.controller';
import { ForumService } from './forum.service';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';
import { AwardBadgesPolicy } from './policies/award-badges.policy';
import { EnforceAbuseResolutionPolicy } from './policies/enforce-abuse-resolution.policy';

/** Forum topics, private messages, badges and abuse reports (issue 19 items 3, 4, 5); topics of speaches and of learning paths. */
@Module({
  imports: [SpeachModule, PathsModule],
  controllers: [ForumController, MessagesController, BadgesController, AbuseReportsController, AbuseReportsRestController],
  providers: [ForumService, MessagesService, BadgesService, AbuseReportsService, AwardBadgesPolicy, EnforceAbuseResolutionPolicy],
  exports: [BadgesService],
})
export class ForumModule {}
