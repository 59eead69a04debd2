import type { PeriodicReviewEvent, ReviewDecision, ReviewFrequency } from './workflow.events';

/** SCHEDULED waits for a reviewer's decision; REVISION_NEEDED and ARCHIVE wait for the author or the admins. */
export type PeriodicReviewStatus = 'SCHEDULED' | 'REVISION_NEEDED' | 'ARCHIVE' | 'STOPPED';

export type PeriodicReviewState =
  | { status: 'none' }
  | { status: PeriodicReviewStatus; speachId: string; frequency: ReviewFrequency; nextReviewAt: string | null; lastDecision: ReviewDecision | null };

export const initialPeriodicReviewState = (): PeriodicReviewState => ({ status: 'none' });

/** The fold of a periodic review stream: the decider decides on it and the periodic review read model mirrors it. */
export function evolvePeriodicReview(state: PeriodicReviewState, event: PeriodicReviewEvent): PeriodicReviewState {
  switch (event.type) {
    case 'PeriodicReviewScheduled':
      return {
        status: 'SCHEDULED',
        speachId: event.data.speachId,
        frequency: event.data.frequency,
        nextReviewAt: event.data.nextReviewAt,
        lastDecision: state.status === 'none' ? null : state.lastDecision,
      };
    case 'PeriodicReviewCompleted':
      if (state.status === 'none') return state;
      return {
        ...state,
        status: event.data.decision === 'NO_REVISION' ? 'SCHEDULED' : event.data.decision,
        nextReviewAt: event.data.nextReviewAt ?? state.nextReviewAt,
        lastDecision: event.data.decision,
      };
    case 'PeriodicReviewStopped':
      return state.status === 'none' ? state : { ...state, status: 'STOPPED' };
    default:
      return state;
  }
}
