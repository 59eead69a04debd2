import { Module } from '@nestjs/common';
import { EngagementModule } from '../engagement';
import { SpeachModule } from '../speach';
import { DashboardController } from './dashboard.controller';
import { DashboardQueries } from './dashboard.service';
import { DashboardRankings } from './dashboard-rankings';
import { SpeachAnalyticsController } from './speach-analytics.controller';
import { SpeachAnalytics } from './speach-analytics.service';
import { SpeachTrainings } from './speach-trainings';

/** The admin dashboard and the analytics pages (issue #7), answered from the `analytics` projection's buckets and tallies. */
@Module({
  imports: [SpeachModule, EngagementModule],
  controllers: [DashboardController, SpeachAnalyticsController],
  providers: [DashboardQueries, DashboardRankings, SpeachAnalytics, SpeachTrainings],
  exports: [DashboardQueries, DashboardRankings],
})
export class AnalyticsModule {}
