import { Controller, Get, Query } from '@nestjs/common';
import { METRICS, type Metric } from '../../projections/analytics.projection';
import { Roles } from '../infrastructure/http/auth.decorators';
import { ValidationError } from '../infrastructure/decider/decider';
import { DashboardQueries, USER_COUNT_TYPES, type UserCountType } from './dashboard.service';

/** `cumulative=true|false` (missing: false); anything else is a 400. */
function parseCumulative(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ValidationError('cumulative', 'cumulative must be true or false');
}

/**
 * Spec §7 "Dashboard and account": the admin dashboard's calls. Admins only. A missing or unknown
 * `period` answers for ONE_MONTH (spec §9), so it is never a 400.
 */
@Controller()
@Roles('ADMIN')
export class DashboardController {
  constructor(private readonly dashboard: DashboardQueries) {}

  @Get('api/v2/dashboard/time-series')
  timeSeries(@Query('metric') metric: unknown, @Query('period') period: unknown, @Query('cumulative') cumulative: unknown) {
    if (metric === undefined || metric === '') throw new ValidationError('metric', `metric is required (${METRICS.join(', ')})`);
    if (!(METRICS as readonly unknown[]).includes(metric)) throw new ValidationError('metric', `metric must be one of ${METRICS.join(', ')}`);
    return this.dashboard.timeSeries(metric as Metric, period, parseCumulative(cumulative));
  }

  @Get('api/v2/dashboard/speaches-by-watch')
  speachesByWatch(@Query('period') period: unknown) {
    return this.dashboard.topSpeaches(period, 'watch');
  }

  @Get('api/v2/dashboard/speaches-by-rating')
  speachesByRating(@Query('period') period: unknown) {
    return this.dashboard.topSpeaches(period, 'rating');
  }

  @Get('api/v2/dashboard/speachmakers-by-watch')
  speachmakersByWatch(@Query('period') period: unknown) {
    return this.dashboard.topSpeachmakers(period, 'watch');
  }

  @Get('api/v2/dashboard/speachmakers-by-rating')
  speachmakersByRating(@Query('period') period: unknown) {
    return this.dashboard.topSpeachmakers(period, 'rating');
  }

  @Get('api/v2/dashboard/speach-category')
  speachCategory(@Query('period') period: unknown) {
    return this.dashboard.categories(period);
  }

  @Get('api/v2/cours/publishedSpeachs')
  published() {
    return this.dashboard.speachCount('published');
  }

  @Get('api/v2/cours/unpublishedSpeachs')
  unpublished() {
    return this.dashboard.speachCount('unpublished');
  }

  @Get('api/v2/cours/viewedSpeachs')
  viewed() {
    return this.dashboard.speachCount('viewed');
  }

  @Get('api/v2/users/count')
  async userCount(@Query('type') type: unknown) {
    const kind = type === undefined || type === '' ? 'users' : type;
    if (!(USER_COUNT_TYPES as readonly unknown[]).includes(kind)) throw new ValidationError('type', `type must be one of ${USER_COUNT_TYPES.join(', ')}`);
    return { size: await this.dashboard.userCount(kind as UserCountType) };
  }
}
