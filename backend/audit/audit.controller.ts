import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '../identity/auth/auth.decorators';
import { AuditSpeachesQuery, ChainQuery, StateAtQuery, TrailQuery } from './audit.dto';
import { AuditChain } from './audit-chain';
import { AuditService, TRAIL_PAGE_SIZE } from './audit.service';

function attachment(reply: FastifyReply, type: string, name: string): void {
  void reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
}

/** The auditor's calls (issue #6): read-only, for administrators and auditors, whatever the UI shows. */
@Controller('api/v2/audit')
@Roles('ADMIN', 'AUDITOR')
export class AuditController {
  constructor(
    private readonly audit: AuditService,
    private readonly auditChain: AuditChain,
  ) {}

  /** The speaches an auditor may pick (all of them), searched by title. */
  @Get('speaches')
  speaches(@Query() query: AuditSpeachesQuery) {
    return this.audit.speaches(query.q, query.page ?? 0, query.size ?? 20);
  }

  @Get('speach/:speachID')
  summary(@Param('speachID') speachId: string) {
    return this.audit.summary(speachId);
  }

  @Get('speach/:speachID/events')
  events(@Param('speachID') speachId: string, @Query() query: TrailQuery) {
    return this.audit.page(speachId, query.page ?? 0, query.size ?? TRAIL_PAGE_SIZE);
  }

  @Get('speach/:speachID/events.csv')
  async csv(@Param('speachID') speachId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const body = await this.audit.csv(speachId);
    attachment(reply, 'text/csv; charset=utf-8', `audit-${speachId}.csv`);
    return body;
  }

  @Get('speach/:speachID/events.json')
  async json(@Param('speachID') speachId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.audit.trail(speachId);
    attachment(reply, 'application/json; charset=utf-8', `audit-${speachId}.json`);
    return JSON.stringify({ speachId, total: result.length, result }, null, 2);
  }

  @Get('speach/:speachID/state')
  state(@Param('speachID') speachId: string, @Query() query: StateAtQuery) {
    return this.audit.stateAt(speachId, query);
  }

  @Get('chain')
  chain(@Query() query: ChainQuery) {
    return this.auditChain.status(query.full === 'true');
  }
}
