import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AbuseResolution } from '../../events';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { SpeachQueries } from '../speach';
import { ResolveReportBody } from './forum.dto';
import { AbuseReportsService } from './abuse-reports.service';
import type { AbuseReportRecord } from './abuse-report.view';

/** The back office's queue (ra-data-simple-rest protocol) and its one action: resolve, with what is done to the target. */
@Controller('api/rest/abuse-reports')
@Roles('ADMIN')
export class AbuseReportsRestController {
  constructor(
    private readonly reports: AbuseReportsService,
    private readonly speaches: SpeachQueries,
  ) {}

  @Get()
  list(@Query() query: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AbuseReportRecord[]> {
    return this.reports.list(query, reply);
  }

  @Get(':id')
  one(@Param('id') id: string): Promise<AbuseReportRecord> {
    return this.reports.record(id);
  }

  @Post(':id/resolve')
  @HttpCode(200)
  async resolve(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: ResolveReportBody): Promise<AbuseReportRecord> {
    return this.reports.resolve(await this.speaches.viewer(user), id, body.resolution as AbuseResolution);
  }
}
