import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { impactStream } from '../../events';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ValidationError } from '../infrastructure/decider/decider';
import { ChangesState } from '../infrastructure/http/csrf';
import { ReadModels } from '../infrastructure/read-models';
import { ConfirmImpactBody, type QualificationFormat, QualificationQuery, UserQualificationQuery } from './gxp.dto';
import { QualificationService, type QualificationTable, parseAt, pathTable, speachTable, tableCsv, tablePdf, userTable } from './qualification.service';
import { impactDecider } from './retraining.decider';

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80);

/** Regulated training (issue 23 items 4-5): qualification at a date and the impact of material changes. */
@Controller('api/v2/gxp')
@Roles('ADMIN', 'AUDITOR')
export class GxpController {
  constructor(
    private readonly qualification: QualificationService,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
  ) {}

  private async send<T>(reply: FastifyReply, format: QualificationFormat | undefined, name: string, result: T, table: (r: T) => QualificationTable) {
    if (!format || format === 'json') return result;
    const body = format === 'csv' ? tableCsv(table(result)) : await tablePdf(table(result));
    void reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
      .header('content-disposition', `attachment; filename="${safeName(name)}.${format}"`)
      .header('cache-control', 'no-store');
    return body;
  }

  @Get('qualification')
  async byTraining(@Query() query: QualificationQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!query.speachId === !query.pathId) throw new ValidationError('speachId', 'Give either speachId or pathId');
    const at = parseAt(query.at, this.clock.now().toISOString());
    const day = at.slice(0, 10);
    if (query.speachId)
      return this.send(reply, query.format, `qualification-${query.speachId}-${day}`, await this.qualification.speach(query.speachId, at), speachTable);
    return this.send(reply, query.format, `qualification-path-${query.pathId}-${day}`, await this.qualification.path(query.pathId!, at), pathTable);
  }

  @Get('qualification/user/:userId')
  async byUser(@Param('userId') userId: string, @Query() query: UserQualificationQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const at = parseAt(query.at, this.clock.now().toISOString());
    return this.send(reply, query.format, `qualification-user-${userId}-${at.slice(0, 10)}`, await this.qualification.user(userId, at), userTable);
  }

  @Get('impact/:speachId')
  impact(@Param('speachId') speachId: string) {
    return this.qualification.impact(speachId);
  }

  /** The administrator sends the listed learners back to the new version; the retraining policy assigns and notifies them. */
  @Post('impact/:speachId/:assessmentId/confirm')
  @Roles('ADMIN')
  @ChangesState()
  @HttpCode(200)
  async confirm(@CurrentUser() user: Actor, @Param('speachId') speachId: string, @Param('assessmentId') assessmentId: string, @Body() body: ConfirmImpactBody) {
    const doc = await this.qualification.assessment(speachId, assessmentId).catch(() => null);
    await this.commands.run(impactDecider, impactStream(assessmentId), {
      type: 'ConfirmImpact',
      speachId,
      assessmentId,
      version: doc?.version ?? 0,
      exists: doc !== null,
      userIds: doc?.learners.map((l) => l.userId) ?? [],
      dueDate: body.dueDate,
      now: this.clock.now().toISOString(),
      confirmedBy: user.id,
    });
    await this.readModels.settled();
    return this.qualification.impact(speachId);
  }
}
