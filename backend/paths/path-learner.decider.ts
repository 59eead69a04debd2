import {
  type CompletedSpeach,
  type PathLearnerEvent,
  type PathLearnerState,
  currentCompletion,
  evolvePathLearner,
  initialPathLearnerState,
} from '../../events';
import { type Decider, ForbiddenError, NotFoundError } from '../infrastructure/decider/decider';

/** What the learner's path stream decides on; the path's facts are read by the caller (another stream). */
export type PathLearnerCommand =
  | { type: 'Enrol'; pathId: string; userId: string; pathPublished: boolean; openForSelfEnrolment: boolean }
  | {
      type: 'Complete';
      pathId: string;
      userId: string;
      title: string;
      now: string;
      recertificationMonths: number | null;
      speaches: CompletedSpeach[];
      certificateCode: string;
    }
  | { type: 'IssueCertificate'; pathId: string; userId: string; certificateCode: string; blobId: string }
  | { type: 'RemindRecertification'; pathId: string; userId: string; certificateCode: string; title: string; now: string };

/** Whole months in UTC, the day clamped to the target month's last (31 August + 6 months = 28 February). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

function enrol(cmd: Extract<PathLearnerCommand, { type: 'Enrol' }>, state: PathLearnerState): PathLearnerEvent[] {
  if (!cmd.pathPublished) throw new NotFoundError('Unknown learning path');
  if (!cmd.openForSelfEnrolment) throw new ForbiddenError('This path is not open for self-enrolment.');
  if (state.enrolled) return [];
  return [{ type: 'PathEnrolled', data: { pathId: cmd.pathId, userId: cmd.userId } }];
}

/**
 * Once per validity period: a completion still in force is not repeated by later reads, unless the
 * learner was re-assigned to renew it (recertification), which a new completion answers.
 */
function complete(cmd: Extract<PathLearnerCommand, { type: 'Complete' }>, state: PathLearnerState): PathLearnerEvent[] {
  const current = currentCompletion(state, cmd.now);
  if (current && current.certificateCode !== state.reassigned?.certificateCode) return [];
  const validUntil = cmd.recertificationMonths ? addMonths(cmd.now, cmd.recertificationMonths) : null;
  return [
    {
      type: 'PathCompleted',
      data: {
        pathId: cmd.pathId,
        userId: cmd.userId,
        title: cmd.title,
        completedAt: cmd.now,
        validUntil,
        speaches: cmd.speaches,
        certificateCode: cmd.certificateCode,
      },
    },
  ];
}

function issueCertificate(cmd: Extract<PathLearnerCommand, { type: 'IssueCertificate' }>, state: PathLearnerState): PathLearnerEvent[] {
  const completion = state.completions.find((c) => c.certificateCode === cmd.certificateCode);
  if (!completion) throw new NotFoundError('No completion with this certificate code');
  if (completion.blobId) return [];
  return [{ type: 'PathCertificateIssued', data: { pathId: cmd.pathId, userId: cmd.userId, certificateCode: cmd.certificateCode, blobId: cmd.blobId } }];
}

/**
 * Once per completion, and only for the latest one (a renewed completion replaces the reminder): the
 * learner is told and re-assigned, due when the completion lapses, reads counting from now.
 */
function remind(cmd: Extract<PathLearnerCommand, { type: 'RemindRecertification' }>, state: PathLearnerState): PathLearnerEvent[] {
  const latest = state.completions[state.completions.length - 1];
  if (!latest || latest.certificateCode !== cmd.certificateCode || !latest.validUntil || latest.reminded) return [];
  return [
    {
      type: 'PathRecertificationDue',
      data: { pathId: cmd.pathId, userId: cmd.userId, certificateCode: cmd.certificateCode, title: cmd.title, validUntil: latest.validUntil },
    },
    {
      type: 'PathReassigned',
      data: { pathId: cmd.pathId, userId: cmd.userId, certificateCode: cmd.certificateCode, dueDate: latest.validUntil, since: cmd.now },
    },
  ];
}

function decide(command: PathLearnerCommand, state: PathLearnerState): PathLearnerEvent[] {
  switch (command.type) {
    case 'Enrol':
      return enrol(command, state);
    case 'Complete':
      return complete(command, state);
    case 'IssueCertificate':
      return issueCertificate(command, state);
    case 'RemindRecertification':
      return remind(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown path learner command ${(unknown as { type: string }).type}`);
    }
  }
}

export const pathLearnerDecider: Decider<PathLearnerState, PathLearnerCommand, PathLearnerEvent> = {
  initialState: initialPathLearnerState,
  decide,
  evolve: evolvePathLearner,
};
