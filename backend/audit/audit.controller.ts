import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '../infrastructure/http/auth.decorators';
import { AuditSpeachesQuery, ChainQuery, StateAtQuery, TrailQuery } from './audit.dto';
import { AuditChain } from './audit-chain';
import { AUDIT_COLUMNS, AuditService, TRAIL_PAGE_SIZE, auditRows, signatureOf } from './audit.service';
import { renderReportPdf } from '../infrastructure/pdf/report-pdf';
import { Clock } from '../infrastructure/clock/clock';
import { DiffQuery, SpeachDiffs } from '../signature';

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
    private readonly clock: Clock,
    private readonly diffs: SpeachDiffs,
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
    const chain = await this.chainHead();
    attachment(reply, 'application/json; charset=utf-8', `audit-${speachId}.json`);
    return JSON.stringify({ speachId, total: result.length, chain, result: result.map((e) => ({ ...e, signature: signatureOf(e) || null })) }, null, 2);
  }

  /** The trail on paper for an inspector: the same columns as the CSV, with the chain head at export time. */
  @Get('speach/:speachID/events.pdf')
  async pdf(@Param('speachID') speachId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const [summary, entries, chain] = await Promise.all([this.audit.summary(speachId), this.audit.trail(speachId), this.chainHead()]);
    const widths: Record<string, number> = {
      position: 1,
      time: 1.6,
      stream: 1.6,
      type: 2.2,
      userId: 1.4,
      userName: 1.2,
      field: 1.1,
      before: 2,
      after: 2,
      signature: 2.6,
    };
    const body = await renderReportPdf({
      title: `Audit trail: ${summary.title}`,
      subtitle: [
        `Speach ${speachId}; ${entries.length} events.`,
        `Chain head at export: position ${chain.head}; last verified position ${chain.lastVerifiedPosition ?? 'none'}, hash ${chain.lastVerifiedHash ?? 'none'}; chain ${chain.ok ? 'intact' : 'BROKEN'}.`,
        `Exported ${chain.exportedAt}. Times are UTC; before/after are JSON values.`,
      ],
      columns: AUDIT_COLUMNS.map((header) => ({ header, width: widths[header] })),
      rows: auditRows(entries),
    });
    attachment(reply, 'application/pdf', `audit-${speachId}.pdf`);
    return body;
  }

  private async chainHead() {
    const status = await this.auditChain.status(false);
    return {
      head: status.head,
      lastVerifiedPosition: status.lastVerifiedPosition,
      lastVerifiedHash: status.lastVerifiedHash,
      ok: status.ok,
      exportedAt: this.clock.now().toISOString(),
    };
  }

  /**
   * Issue 23 item 3 in the audit trail: the same chapter-level diff as the versions page and the approver's view.
   * An inspector reads every version, withdrawn ones and the draft (`current`) included, read-only.
   */
  @Get('speach/:speachID/diff')
  async diff(@Param('speachID') speachId: string, @Query() query: DiffQuery) {
    return this.diffs.between(await this.audit.document(speachId), query.from, query.to ?? 'current', true);
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
