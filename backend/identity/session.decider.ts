import type { SessionEvent } from '../../events';
import { type Decider, IllegalStateError } from '../infrastructure/decider/decider';

export type SessionState = { status: 'none' } | { status: 'open' | 'ended'; userId: string };
export type SessionCommand =
  | { type: 'StartSession'; sessionId: string; userId: string; expiresAt: string }
  | { type: 'EndSession'; sessionId: string; reason: 'logout' | 'deactivated' | 'replaced' };

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StartSession':
        if (state.status !== 'none') throw new IllegalStateError('Session already started');
        return [{ type: 'SessionStarted', data: { sessionId: command.sessionId, userId: command.userId, expiresAt: command.expiresAt } }];
      case 'EndSession':
        if (state.status !== 'open') return [];
        return [{ type: 'SessionEnded', data: { sessionId: command.sessionId, userId: state.userId, reason: command.reason } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return { status: 'open', userId: event.data.userId };
      case 'SessionEnded':
        return state.status === 'none' ? state : { ...state, status: 'ended' };
    }
  },
};
