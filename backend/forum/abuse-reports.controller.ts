import { Body, Controller, Post } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { SpeachQueries } from '../speach';
import { AbuseReportBody } from './forum.dto';
import { AbuseReportsService } from './abuse-reports.service';

/** Any signed-in user reports a user, a speach or a comment. */
@Controller('api/v2/abuse-reports')
export class AbuseReportsController {
  constructor(
    private readonly reports: AbuseReportsService,
    private readonly speaches: SpeachQueries,
  ) {}

  @Post()
  async report(@CurrentUser() user: Actor, @Body() body: AbuseReportBody) {
    const reportId = await this.reports.report(await this.speaches.viewer(user), body);
    return { reportId };
  }
}
