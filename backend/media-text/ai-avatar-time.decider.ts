import { AI_AVATAR_TIME_UNIT_SECONDS, type AiAvatarEvent } from '../../events';
import { type Decider, ValidationError } from '../infrastructure/decider/decider';

/** Longest single report the avatar editor may make (a recording session of four hours). */
export const AVATAR_REPORT_MAX_SECONDS = 4 * 3600;

export interface AiAvatarTimeState {
  usedSeconds: number;
  addedSeconds: number;
}

export type AiAvatarTimeCommand =
  { type: 'RecordAvatarTime'; weetId: string; chapterId: string; speachId: string; seconds: number } | { type: 'AddAvatarTime'; seconds: number };

/** The organisation's AI avatar time: usage reported by the editor, and hours added by administrators. */
export const aiAvatarTimeDecider: Decider<AiAvatarTimeState, AiAvatarTimeCommand, AiAvatarEvent> = {
  initialState: () => ({ usedSeconds: 0, addedSeconds: 0 }),
  decide(command) {
    switch (command.type) {
      case 'RecordAvatarTime': {
        if (!Number.isFinite(command.seconds) || command.seconds <= 0 || command.seconds > AVATAR_REPORT_MAX_SECONDS) {
          throw new ValidationError('seconds', `seconds must be more than 0 and at most ${AVATAR_REPORT_MAX_SECONDS}`);
        }
        const { weetId, chapterId, speachId } = command;
        // Usage is a fact of the renderer: recorded even past the limit, so the panel shows the overrun.
        return [{ type: 'AiAvatarTimeUsed', data: { weetId, chapterId, speachId, seconds: Math.round(command.seconds * 1000) / 1000 } }];
      }
      case 'AddAvatarTime':
        if (command.seconds !== AI_AVATAR_TIME_UNIT_SECONDS)
          throw new ValidationError('time', `time must be ${AI_AVATAR_TIME_UNIT_SECONDS} (one hour, the billing unit)`);
        return [{ type: 'AiAvatarTimeAdded', data: { seconds: command.seconds } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AiAvatarTimeUsed':
        return { ...state, usedSeconds: state.usedSeconds + event.data.seconds };
      case 'AiAvatarTimeAdded':
        return { ...state, addedSeconds: state.addedSeconds + event.data.seconds };
      default:
        return state;
    }
  },
};
