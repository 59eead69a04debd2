import { ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { aiAvatarTimeDecider } from './ai-avatar-time.decider';

describe('AI avatar time decider', () => {
  const spec = deciderSpec(aiAvatarTimeDecider);
  const used = { type: 'AiAvatarTimeUsed' as const, data: { weetId: 'w', chapterId: 'c', speachId: 's', seconds: 30 } };

  it('records usage, even past the limit, and refuses a report out of range', () => {
    spec.given([used]).when({ type: 'RecordAvatarTime', weetId: 'w', chapterId: 'c', speachId: 's', seconds: 30 }).then([used]);
    spec
      .given([])
      .when({ type: 'RecordAvatarTime', weetId: 'w', chapterId: 'c', speachId: 's', seconds: -1 })
      .thenThrows(ValidationError, /seconds/);
    spec
      .given([])
      .when({ type: 'RecordAvatarTime', weetId: 'w', chapterId: 'c', speachId: 's', seconds: 4 * 3600 + 1 })
      .thenThrows(ValidationError, /at most 14400/);
  });

  it('adds time by the hour only', () => {
    spec
      .given([])
      .when({ type: 'AddAvatarTime', seconds: 3600 })
      .then([{ type: 'AiAvatarTimeAdded', data: { seconds: 3600 } }]);
    spec
      .given([])
      .when({ type: 'AddAvatarTime', seconds: 1800 })
      .thenThrows(ValidationError, /one hour/);
  });

  it('folds the totals', () => {
    const state = [used, used, { type: 'AiAvatarTimeAdded' as const, data: { seconds: 3600 } }].reduce(
      aiAvatarTimeDecider.evolve,
      aiAvatarTimeDecider.initialState(),
    );
    expect(state).toEqual({ usedSeconds: 60, addedSeconds: 3600 });
  });
});
