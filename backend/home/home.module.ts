import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics';
import { SpeachModule } from '../speach';
import { LearnerHomeController } from './learner-home.controller';
import { LearnerHome } from './learner-home.service';

/** The learner's home sliders and catalogue (issue 17), read from the speach and analytics read models. */
@Module({
  imports: [SpeachModule, AnalyticsModule],
  controllers: [LearnerHomeController],
  providers: [LearnerHome],
})
export class HomeModule {}
