import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export const ABUSE_TARGETS = ['USER', 'SPEACH', 'COMMENT'] as const;
export type AbuseTarget = (typeof ABUSE_TARGETS)[number];
export const ABUSE_REASONS = ['SPAM', 'HARASSMENT', 'HATE', 'INAPPROPRIATE', 'MISINFORMATION', 'COPYRIGHT', 'OTHER'] as const;
export type AbuseReason = (typeof ABUSE_REASONS)[number];
export const ABUSE_DETAILS_MAX = 1000;
/** What an administrator decided: nothing more than closing it, or acting on the target through its own decider. */
export const ABUSE_RESOLUTIONS = ['DISMISSED', 'COMMENT_HIDDEN', 'USER_DEACTIVATED'] as const;
export type AbuseResolution = (typeof ABUSE_RESOLUTIONS)[number];

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
