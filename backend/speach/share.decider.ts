import type { SpeachShared } from '../../events';
import { type Decider, ForbiddenError } from '../infrastructure/decider/decider';

export interface ShareState {
  shared: boolean;
}

/** `mayShare` is the card's `canShare` for the sharer, decided by the caller from the speach's stream (another stream). */
export type ShareCommand = { type: 'Share'; shareId: string; speachId: string; userId: string; chapterId: string | null; mayShare: boolean };

function share(cmd: ShareCommand, state: ShareState): SpeachShared[] {
  if (!cmd.mayShare) throw new ForbiddenError('This speach cannot be shared: it is not published, or it is restricted to its assignees.');
  if (state.shared) return [];
  return [{ type: 'SpeachShared', data: { shareId: cmd.shareId, speachId: cmd.speachId, userId: cmd.userId, chapterId: cmd.chapterId } }];
}

function decide(command: ShareCommand, state: ShareState): SpeachShared[] {
  switch (command.type) {
    case 'Share':
      return share(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown share command ${unknown as string}`);
    }
  }
}

/** One share of a speach's link: recorded once, so its author hears of it once. */
export const shareDecider: Decider<ShareState, ShareCommand, SpeachShared> = {
  initialState: () => ({ shared: false }),
  decide,
  evolve: (state, event) => (event.type === 'SpeachShared' ? { shared: true } : state),
};
