import { Controller, Get, Param, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { SpeachAnalytics } from './speach-analytics.service';
import { SpeachTrainings } from './speach-trainings';
import { ChangesState } from '../infrastructure/http/csrf';

/** The learner app's analytics pages (`/analytics/s/{speachID}`, `/analytics/u/{id}`) and spec §7's delete-results call. */
@Controller()
export class SpeachAnalyticsController {
  constructor(
    private readonly analytics: SpeachAnalytics,
    private readonly trainings: SpeachTrainings,
  ) {}

  /** The speach's authors, co-editors and admins (403 otherwise). */
  @Get('api/v2/analytics/speach/:speachId')
  speach(@CurrentUser() user: Actor, @Param('speachId') speachId: string, @Query('period') period: unknown) {
    return this.analytics.forSpeach(user, speachId, period);
  }

  /** Which version each learner completed, learners owing a retraining first: the same readers as the page (403 otherwise). */
  @Get('api/v2/analytics/speach/:speachId/trainings')
  speachTrainings(
    @CurrentUser() user: Actor,
    @Param('speachId') speachId: string,
    @Query('page') page: unknown,
    @Query('size') size: unknown,
    @Query('status') status: unknown,
  ) {
    return this.trainings.forSpeach(user, speachId, { page, size, status });
  }

  /** The user themself and admins (403 otherwise). */
  @Get('api/v2/analytics/user/:userId')
  user(@CurrentUser() user: Actor, @Param('userId') userId: string, @Query('period') period: unknown) {
    return this.analytics.forUser(user, userId, period);
  }

  /** A GET that deletes, as spec §7 names it; the client then goes to `/analytics/s/{speachId}`. */
  @Get('api/v2/quizz/delete-results-user')
  @ChangesState()
  deleteResults(@CurrentUser() user: Actor, @Query('quizzId') quizzId: unknown, @Query('idAchatCour') idAchatCour: unknown) {
    return this.analytics.deleteResults(user, quizzId, idAchatCour);
  }
}
