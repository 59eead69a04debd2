import type { PeriodicReviewEvent, ReviewDecision, ReviewFrequency } from './workflow.events';

export type { PeriodicReviewStatus } from './workflow-vocabulary.view';
import type { PeriodicReviewStatus } from './workflow-vocabulary.view';

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
