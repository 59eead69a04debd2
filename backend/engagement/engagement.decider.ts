import { type EngagementEvent, RATING_MAX, RATING_MIN } from '../../events';
import { type Decider, ForbiddenError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Stream `engagement-{userId}`: one learner's ratings and follows. */
export interface EngagementState {
  /** speachId → rating. */
  ratings: Record<string, number>;
  following: string[];
}

/**
 * Facts the service resolves from the read models: `viewable` = the learner may open the published
 * speach; `ownSpeach` = the learner is its author or a co-editor (spec §5: a rating is editable by the
 * learners who read it, not by those who wrote it).
 */
export type EngagementCommand =
  | { type: 'RateSpeach'; userId: string; speachId: string; rating: number; viewable: boolean; ownSpeach: boolean }
  | { type: 'FollowSpeach'; userId: string; speachId: string; viewable: boolean }
  | { type: 'UnfollowSpeach'; userId: string; speachId: string };

export const RATING_REASON = `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

export function checkRating(rating: unknown): number {
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) throw new ValidationError('rating', RATING_REASON);
  return rating;
}

export const engagementDecider: Decider<EngagementState, EngagementCommand, EngagementEvent> = {
  initialState: () => ({ ratings: {}, following: [] }),
  decide(command, state) {
    const { userId, speachId } = command;
    switch (command.type) {
      case 'RateSpeach': {
        if (!command.viewable) throw new NotFoundError('Unknown speach');
        if (command.ownSpeach) throw new ForbiddenError('You may not rate your own speach.');
        const rating = checkRating(command.rating);
        // Rating again replaces; the same rating again changes nothing.
        return state.ratings[speachId] === rating ? [] : [{ type: 'SpeachRated', data: { speachId, userId, rating } }];
      }
      case 'FollowSpeach':
        if (!command.viewable) throw new NotFoundError('Unknown speach');
        return state.following.includes(speachId) ? [] : [{ type: 'SpeachFollowed', data: { speachId, userId } }];
      case 'UnfollowSpeach':
        return state.following.includes(speachId) ? [{ type: 'SpeachUnfollowed', data: { speachId, userId } }] : [];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SpeachRated':
        return { ...state, ratings: { ...state.ratings, [event.data.speachId]: event.data.rating } };
      case 'SpeachFollowed':
        return { ...state, following: [...state.following, event.data.speachId] };
      case 'SpeachUnfollowed':
        return { ...state, following: state.following.filter((id) => id !== event.data.speachId) };
      default:
        return state;
    }
  },
};
