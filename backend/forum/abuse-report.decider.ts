import { ABUSE_DETAILS_MAX, ABUSE_REASONS, type AbuseReason, type AbuseReportEvent, type AbuseResolution, type AbuseTarget } from '../../events';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Stream `abuse-{reportId}`. */
export type AbuseReportState =
  | { status: 'none' }
  | { status: 'open' | 'resolved'; reportId: string; target: AbuseTarget; targetId: string; speachId: string | null; targetUserId: string | null };

export type AbuseReportCommand =
  | {
      type: 'ReportAbuse';
      reportId: string;
      reporterId: string;
      target: AbuseTarget;
      targetId: string;
      /** Resolved by the service from the read models; null target means it is unknown to the reporter. */
      found: { speachId: string | null; targetUserId: string | null } | null;
      reason: string;
      details: string | undefined;
    }
  | {
      type: 'ResolveReport';
      actorId: string;
      isAdmin: boolean;
      resolution: AbuseResolution;
      /** The reported user is an administrator: deactivating one goes through the users screen, never a report. */
      targetIsAdmin: boolean;
    };

function reportAbuse(command: Extract<AbuseReportCommand, { type: 'ReportAbuse' }>, state: AbuseReportState): AbuseReportEvent[] {
  if (state.status !== 'none') throw new IllegalStateError('This report exists already.');
  if (!ABUSE_REASONS.includes(command.reason as AbuseReason)) throw new ValidationError('reason', `reason must be one of ${ABUSE_REASONS.join(', ')}`);
  const details = (command.details ?? '').trim();
  if (details.length > ABUSE_DETAILS_MAX) throw new ValidationError('details', `details must be at most ${ABUSE_DETAILS_MAX} characters`);
  if (command.reason === 'OTHER' && !details) throw new ValidationError('details', 'Say what is wrong when the reason is OTHER');
  if (!command.found) throw new NotFoundError(`Unknown ${command.target.toLowerCase()}`);
  if (command.found.targetUserId === command.reporterId && command.target === 'USER') throw new ValidationError('targetId', 'You cannot report yourself');
  const { reportId, reporterId, target, targetId } = command;
  return [
    {
      type: 'AbuseReported',
      data: {
        reportId,
        reporterId,
        target,
        targetId,
        speachId: command.found.speachId,
        targetUserId: command.found.targetUserId,
        reason: command.reason as AbuseReason,
        details,
      },
    },
  ];
}

function resolveReport(command: Extract<AbuseReportCommand, { type: 'ResolveReport' }>, state: AbuseReportState): AbuseReportEvent[] {
  if (!command.isAdmin) throw new ForbiddenError('Only administrators handle abuse reports.');
  if (state.status === 'none') throw new NotFoundError('Unknown report');
  if (state.status === 'resolved') throw new IllegalStateError('This report is resolved already.');
  if (command.resolution === 'COMMENT_HIDDEN' && state.target !== 'COMMENT') throw new ValidationError('resolution', 'Only a reported comment can be hidden');
  if (command.resolution === 'USER_DEACTIVATED' && !state.targetUserId) throw new ValidationError('resolution', 'This report names no user to deactivate');
  if (command.resolution === 'USER_DEACTIVATED' && command.targetIsAdmin)
    throw new ValidationError('resolution', 'An administrator is not deactivated from a report');
  const { reportId, target, targetId, speachId, targetUserId } = state;
  return [
    { type: 'AbuseReportResolved', data: { reportId, resolution: command.resolution, resolvedBy: command.actorId, target, targetId, speachId, targetUserId } },
  ];
}

export const abuseReportDecider: Decider<AbuseReportState, AbuseReportCommand, AbuseReportEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'ReportAbuse':
        return reportAbuse(command, state);
      case 'ResolveReport':
        return resolveReport(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AbuseReported': {
        const { reportId, target, targetId, speachId, targetUserId } = event.data;
        return { status: 'open', reportId, target, targetId, speachId, targetUserId };
      }
      case 'AbuseReportResolved':
        return state.status === 'none' ? state : { ...state, status: 'resolved' };
      default:
        return state;
    }
  },
};
