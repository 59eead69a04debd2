import { Module } from '@nestjs/common';
import { ExportJobs } from './export-jobs.service';
import { ExportsController } from './exports.controller';

/** CSV exports of the back office (issue 7 item 5): templates, background jobs, downloads. */
@Module({ controllers: [ExportsController], providers: [ExportJobs], exports: [ExportJobs] })
export class ExportsModule {}
