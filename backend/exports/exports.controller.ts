import { createReadStream } from 'node:fs';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { type CsvTemplateInfo, templateInfo } from './csv-templates';
import { ExportJobs } from './export-jobs.service';
import { ListTemplatesQuery, LaunchExportBody } from './exports.dto';

/** Spec §7 CSV calls, plus the job status, the recent jobs and the download of each file. Administrators only. */
@Roles('ADMIN')
@Controller('administration')
export class ExportsController {
  constructor(private readonly jobs: ExportJobs) {}

  @Get('listCsvTemplates')
  list(@Query() _query: ListTemplatesQuery): CsvTemplateInfo[] {
    return this.jobs.templates().map(templateInfo);
  }

  @Post('launchMultipleExportCsv')
  @HttpCode(202)
  launch(@CurrentUser() user: Actor, @Body() body: LaunchExportBody) {
    return this.jobs.launch(user.id, body.templateNames);
  }

  @Get('exports')
  recent() {
    return this.jobs.recent();
  }

  @Get('exports/:id')
  job(@Param('id') id: string) {
    return this.jobs.job(id);
  }

  @Get('exports/:id/files/:templateName')
  async download(@Param('id') id: string, @Param('templateName') templateName: string, @Res() reply: FastifyReply) {
    const { path, file } = await this.jobs.file(id, templateName);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', file.bytes)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  }
}
