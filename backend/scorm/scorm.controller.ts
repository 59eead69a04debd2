import { createReadStream } from 'node:fs';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ChangesState } from '../infrastructure/http/csrf';
import { ScormExports } from './scorm-exports.service';
import { BundleQuery, CheckScormQuery, ExportScormQuery } from './scorm.dto';

/** The address the learner's browser used to reach us (behind a proxy, what `trustProxy` lets Fastify believe). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Spec §7 SCORM calls. Administrators only (spec §6). */
@Roles('ADMIN')
@Controller('administration/scorm')
export class ScormController {
  constructor(private readonly exports: ScormExports) {}

  /** Starts the job and answers the package's file name at once (a GET by the spec: it appends, so it is marked). */
  @Get('exportScorm')
  @ChangesState()
  exportScorm(@CurrentUser() user: Actor, @Query() query: ExportScormQuery, @Req() request: FastifyRequest) {
    return this.exports.request({
      speachId: query.id,
      type: query.type ?? 'SCORM_LITE',
      contentNavigation: query.contentNavigation ?? false,
      contentDelayed: query.contentDelayed ?? false,
      origin: requestOrigin(request),
      requestedBy: user.id,
    });
  }

  @Get('checkScormCreated')
  checkScormCreated(@Query() query: CheckScormQuery) {
    return this.exports.created(query.name);
  }

  /** The job's progress (done/total SCOs) for the mass export's circle and the dialog. */
  @Get('status/:name')
  status(@Param('name') name: string) {
    return this.exports.status(name);
  }

  /** The mass export page's single download (spec §2): every finished package of the run in one zip. */
  @Get('downloadAll')
  async downloadAll(@Query() query: BundleQuery, @Res() reply: FastifyReply) {
    const zip = await this.exports.bundle(query.names);
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="scorm-packages.zip"')
      .header('cache-control', 'private, no-store')
      .send(zip);
  }

  @Get('download/:name')
  async download(@Param('name') name: string, @Res() reply: FastifyReply) {
    const { path, bytes } = await this.exports.file(name);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('content-length', bytes)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  }
}
