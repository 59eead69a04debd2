import type { HomePinEvent } from '../../events';
import { type Decider, ForbiddenError, IllegalStateError } from '../infrastructure/decider/decider';

/** Spec §5 / §9: at most 10 speaches pinned on home across the platform. */
export const MAX_PINNED = 10;
export const HOME_PINS_STREAM = 'home-pins';

export interface HomePinsState {
  pinned: string[];
}

export type HomePinCommand =
  | { type: 'Pin'; speachId: string; isAdmin: boolean; /** public and published, read from the speach stream */ eligible: boolean }
  | { type: 'Unpin'; speachId: string; isAdmin: boolean; /** the speach left the public published state: unpin without an admin */ system?: boolean };

/** One stream holds the whole list, so the limit holds under concurrency (expected revision). */
export const homePinsDecider: Decider<HomePinsState, HomePinCommand, HomePinEvent> = {
  initialState: () => ({ pinned: [] }),
  decide(command, state) {
    if (!command.isAdmin && !(command.type === 'Unpin' && command.system)) throw new ForbiddenError('Only administrators pin speaches on home.');
    if (command.type === 'Pin') {
      if (state.pinned.includes(command.speachId)) return [];
      if (!command.eligible) throw new IllegalStateError('Only a public, published speach can be pinned on home.');
      if (state.pinned.length >= MAX_PINNED) throw new IllegalStateError(`At most ${MAX_PINNED} speaches can be pinned on home.`);
      return [{ type: 'SpeachPinnedOnHome', data: { speachId: command.speachId } }];
    }
    return state.pinned.includes(command.speachId) ? [{ type: 'SpeachUnpinnedFromHome', data: { speachId: command.speachId } }] : [];
  },
  evolve(state, event) {
    return event.type === 'SpeachPinnedOnHome'
      ? { pinned: [...state.pinned, event.data.speachId] }
      : { pinned: state.pinned.filter((id) => id !== event.data.speachId) };
  },
};
