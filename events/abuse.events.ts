import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';
import type { AbuseReason, AbuseResolution, AbuseTarget } from './abuse-vocabulary.view';

export { ABUSE_REASONS, ABUSE_RESOLUTIONS, ABUSE_TARGETS, type AbuseReason, type AbuseResolution, type AbuseTarget } from './abuse-vocabulary.view';
export const ABUSE_DETAILS_MAX = 1000;

/** Stream `abuse-{reportId}`: one report and its resolution. */
export const abuseReportStream = (reportId: string) => `abuse-${reportId}`;

/**
 * `speachId` is the reported speach, or the speach a reported comment belongs to; `targetUserId` the
 * reported user, or the writer of the reported comment or the speach's author.
 */
export type AbuseReported = DomainEvent<
  'AbuseReported',
  {
    reportId: string;
    reporterId: string;
    target: AbuseTarget;
    targetId: string;
    speachId: string | null;
    targetUserId: string | null;
    reason: AbuseReason;
    details: string;
  }
>;
export type AbuseReportResolved = DomainEvent<
  'AbuseReportResolved',
  {
    reportId: string;
    resolution: AbuseResolution;
    resolvedBy: string;
    target: AbuseTarget;
    targetId: string;
    speachId: string | null;
    targetUserId: string | null;
  }
>;
export type AbuseReportEvent = AbuseReported | AbuseReportResolved;

registerEventType('AbuseReported', 1);
registerEventType('AbuseReportResolved', 1);
