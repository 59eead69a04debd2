import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AbuseReason, type AbuseResolution, type AbuseTarget, abuseReportStream, uuidv7 } from '../../events';
import { ABUSE_REPORTS, type AbuseReportDocument } from '../../projections/abuse-reports.projection';
import { COMMENTS, type CommentDocument } from '../../projections/engagement.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { restList } from '../identity';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { SpeachAccess, SpeachQueries, type Viewer, person } from '../speach';
import { abuseReportDecider } from './abuse-report.decider';
import type { AbuseReportRecord } from './abuse-report.view';

/** Abuse reports: any user reports a user, a speach or a comment they can see; administrators work the queue. */
@Injectable()
export class AbuseReportsService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly access: SpeachAccess,
    private readonly speaches: SpeachQueries,
  ) {}

  get reports() {
    return this.store.collection<AbuseReportDocument>(ABUSE_REPORTS);
  }

  /** What the target is, as far as the reporter may see it; null when unknown to them. */
  private async locate(viewer: Viewer, target: AbuseTarget, targetId: string): Promise<{ speachId: string | null; targetUserId: string | null } | null> {
    if (target === 'USER') {
      const user = await this.store.collection<UserDocument>(USERS).findById(targetId);
      return user?.active ? { speachId: null, targetUserId: user._id } : null;
    }
    const speachId = target === 'SPEACH' ? targetId : (await this.store.collection<CommentDocument>(COMMENTS).findById(targetId))?.speachId;
    if (!speachId) return null;
    const doc = await this.speaches.document(speachId).catch(() => null);
    if (!doc || !(await this.access.canRead(viewer, doc))) return null;
    if (target === 'SPEACH') return { speachId, targetUserId: doc.authorId };
    const comment = await this.store.collection<CommentDocument>(COMMENTS).findById(targetId);
    return comment ? { speachId, targetUserId: comment.userId } : null;
  }

  async report(viewer: Viewer, body: { target: string; targetId: string; reason: string; details?: string }): Promise<string> {
    const target = body.target as AbuseTarget;
    const found = await this.locate(viewer, target, body.targetId);
    const reportId = uuidv7();
    await this.commands.run(
      abuseReportDecider,
      abuseReportStream(reportId),
      { type: 'ReportAbuse', reportId, reporterId: viewer.id, target, targetId: body.targetId, found, reason: body.reason, details: body.details },
      { userId: viewer.id },
    );
    await this.readModels.settled();
    return reportId;
  }

  async resolve(viewer: Viewer, reportId: string, resolution: AbuseResolution): Promise<AbuseReportRecord> {
    const report = await this.reports.findById(reportId);
    if (!report) throw new NotFoundError('Unknown report');
    const targetUser = report.targetUserId ? await this.store.collection<UserDocument>(USERS).findById(report.targetUserId) : null;
    await this.commands.run(
      abuseReportDecider,
      abuseReportStream(reportId),
      { type: 'ResolveReport', actorId: viewer.id, isAdmin: viewer.isAdmin, resolution, targetIsAdmin: !!targetUser?.roles.includes('ADMIN') },
      { userId: viewer.id },
    );
    await this.readModels.settled();
    return this.record(reportId);
  }

  async list(query: Record<string, string | undefined>, reply: FastifyReply): Promise<AbuseReportRecord[]> {
    const docs = await restList('abuse-reports', this.reports, query, reply, {
      sortable: ['id', 'createdAt', 'status', 'target', 'reason'],
      defaultSort: 'createdAt',
      searchFields: ['details'],
      equalityFilters: { status: 'strings', target: 'strings', reason: 'strings' },
      toRecord: (doc) => doc,
    });
    return this.records(docs);
  }

  async record(reportId: string): Promise<AbuseReportRecord> {
    const doc = await this.reports.findById(reportId);
    if (!doc) throw new NotFoundError('Unknown report');
    return (await this.records([doc]))[0];
  }

  /** react-admin records: the report with the reporter's and the target's names, and the comment's text. */
  private async records(docs: AbuseReportDocument[]): Promise<AbuseReportRecord[]> {
    const userIds = docs.flatMap((d) => [d.reporterId, d.targetUserId].filter((id): id is string => !!id));
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds([...new Set(userIds)])).map((u) => [u._id, u]));
    const speachIds = [...new Set(docs.map((d) => d.speachId).filter((id): id is string => !!id))];
    const speaches = new Map((await this.speaches.speaches.findByIds(speachIds)).map((s) => [s._id, s]));
    const commentIds = docs.filter((d) => d.target === 'COMMENT').map((d) => d.targetId);
    const comments = new Map((await this.store.collection<CommentDocument>(COMMENTS).findByIds(commentIds)).map((c) => [c._id, c]));
    return docs.map((d): AbuseReportRecord => {
      const targetUser = d.targetUserId ? users.get(d.targetUserId) : undefined;
      return {
        id: d._id,
        createdAt: d.createdAt,
        status: d.status,
        target: d.target,
        // The projection keeps the event's reason and resolution, which the decider checked against the vocabulary.
        reason: d.reason as AbuseReason,
        details: d.details,
        resolution: d.resolution as AbuseResolution | null,
        reporter: person(users.get(d.reporterId), d.reporterId),
        targetUser: d.targetUserId
          ? { ...person(targetUser, d.targetUserId), active: targetUser?.active ?? false, admin: !!targetUser?.roles.includes('ADMIN') }
          : null,
        speachTitle: d.speachId ? (speaches.get(d.speachId)?.title ?? '') : null,
        commentText: d.target === 'COMMENT' ? (comments.get(d.targetId)?.text ?? null) : null,
      };
    });
  }
}
