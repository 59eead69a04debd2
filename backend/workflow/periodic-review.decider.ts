import {
  REVIEW_DECISIONS,
  REVIEW_FREQUENCIES,
  type PeriodicReviewEvent,
  type PeriodicReviewState,
  type ReviewDecision,
  type ReviewFrequency,
  type SignatureRecord,
  evolvePeriodicReview,
  initialPeriodicReviewState,
} from '../../events';
import type { Actor } from '../infrastructure/http/actor';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Spec §9: a review is due, and its chip urgent, from this many months before its date. */
export const WARNING_WINDOW_MONTHS = 6;
export const REVIEW_COMMENT_MAX = 2000;

/** The state and its fold are part of the event contract (events/periodic-review.state.ts); re-exported for this context's callers. */
export type { PeriodicReviewState, PeriodicReviewStatus } from '../../events';

/** `iso` plus whole months, in UTC (the 31st becomes the last day of a shorter month). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

/** The review is inside its warning window (or overdue) at `now`. */
export function isDue(nextReviewAt: string, now: string, windowMonths = WARNING_WINDOW_MONTHS): boolean {
  return addMonths(nextReviewAt, -windowMonths) <= now;
}

export type PeriodicReviewCommand =
  | { type: 'Schedule'; speachId: string; frequency: ReviewFrequency; from: string; workflowId: string | null }
  | { type: 'Stop'; speachId: string; workflowId: string | null }
  | {
      type: 'Decide';
      speachId: string;
      actor: Pick<Actor, 'id' | 'groupIds' | 'isApprover'>;
      /** The speach's periodic reviewers (users and groups). */
      reviewerUserIds: string[];
      reviewerGroupIds: string[];
      decision: string;
      comment?: string | null;
      now: string;
      /** A GMP-regulated speach's review is signed (meaning `reviewed`). */
      regulated: boolean;
      signature: SignatureRecord | null;
    };

/** One speach's periodic review (stream `periodic-review-{speachId}`): spec §4 periodic review transitions. */
export const periodicReviewDecider: Decider<PeriodicReviewState, PeriodicReviewCommand, PeriodicReviewEvent> = {
  initialState: initialPeriodicReviewState,

  decide(command, state) {
    const { speachId } = command;
    switch (command.type) {
      case 'Schedule': {
        if (!(command.frequency in REVIEW_FREQUENCIES))
          throw new ValidationError('frequency', `frequency must be one of ${Object.keys(REVIEW_FREQUENCIES).join(', ')}`);
        const nextReviewAt = addMonths(command.from, REVIEW_FREQUENCIES[command.frequency]);
        return [{ type: 'PeriodicReviewScheduled', data: { speachId, frequency: command.frequency, nextReviewAt, workflowId: command.workflowId } }];
      }
      case 'Stop':
        if (state.status === 'none' || state.status === 'STOPPED') return [];
        return [{ type: 'PeriodicReviewStopped', data: { speachId, workflowId: command.workflowId } }];
      case 'Decide': {
        if (state.status === 'none' || state.status === 'STOPPED' || !state.nextReviewAt)
          throw new NotFoundError('No periodic review is scheduled for this speach');
        const { actor } = command;
        // Spec §6: reviewing is the approver's; a reviewer group's member without the APPROVER role decides nothing.
        const reviewer = actor.isApprover && (command.reviewerUserIds.includes(actor.id) || command.reviewerGroupIds.some((g) => actor.groupIds.includes(g)));
        if (!reviewer) throw new ForbiddenError('You are not a reviewer of this speach.');
        if (state.status !== 'SCHEDULED') throw new IllegalStateError('This review was already decided; it waits for the revision or the archiving');
        if (!isDue(state.nextReviewAt, command.now)) throw new IllegalStateError('This review is not due yet');
        if (!(REVIEW_DECISIONS as readonly string[]).includes(command.decision))
          throw new ValidationError('decision', `decision must be one of ${REVIEW_DECISIONS.join(', ')}`);
        const comment = typeof command.comment === 'string' && command.comment.trim() ? command.comment.trim() : null;
        if (comment && comment.length > REVIEW_COMMENT_MAX) throw new ValidationError('comment', `comment must be at most ${REVIEW_COMMENT_MAX} characters`);
        const decision = command.decision as ReviewDecision;
        // Spec §9: after "no revision" the next date is today plus the chosen frequency.
        const nextReviewAt = decision === 'NO_REVISION' ? addMonths(command.now, REVIEW_FREQUENCIES[state.frequency]) : null;
        const { signature } = command;
        if (!signature && command.regulated)
          throw new ValidationError('signature', 'This speach is GMP-regulated: the review needs an electronic signature (meaning reviewed)');
        if (signature && signature.meaning !== 'reviewed') throw new ValidationError('signature.meaning', 'The meaning of this signature is reviewed');
        return [
          ...(signature ? [{ type: 'SignatureApplied' as const, data: { speachId, ...signature } }] : []),
          { type: 'PeriodicReviewCompleted', data: { speachId, decision, reviewedBy: actor.id, comment, at: command.now, nextReviewAt } },
        ];
      }
    }
  },

  evolve: evolvePeriodicReview,
};
