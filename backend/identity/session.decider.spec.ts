import { IllegalStateError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { sessionDecider } from './session.decider';

const spec = deciderSpec(sessionDecider);
const started = { type: 'SessionStarted' as const, data: { sessionId: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00.000Z' } };

describe('session decider', () => {
  it('starts a session once', () => {
    spec.given([]).when({ type: 'StartSession', sessionId: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00.000Z' }).then([started]);
    spec.given([started]).when({ type: 'StartSession', sessionId: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00.000Z' }).thenThrows(IllegalStateError);
  });
  it('ends an open session, and ending it again records nothing', () => {
    const ended = { type: 'SessionEnded' as const, data: { sessionId: 's1', userId: 'u1', reason: 'logout' as const } };
    spec.given([started]).when({ type: 'EndSession', sessionId: 's1', reason: 'logout' }).then([ended]);
    spec.given([started, ended]).when({ type: 'EndSession', sessionId: 's1', reason: 'logout' }).then([]);
  });
});
