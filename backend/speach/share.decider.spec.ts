import type { SpeachShared } from '../../events';
import { ForbiddenError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { shareDecider } from './share.decider';

describe('share decider', () => {
  const spec = deciderSpec(shareDecider);
  const share = { type: 'Share' as const, shareId: 'sh1', speachId: 's1', userId: 'u1', chapterId: 'c1', mayShare: true };
  const shared: SpeachShared = { type: 'SpeachShared', data: { shareId: 'sh1', speachId: 's1', userId: 'u1', chapterId: 'c1' } };

  it('given nothing, when a reader who may share shares, then the share is recorded', () => {
    spec.given([]).when(share).then([shared]);
  });

  it('given the share recorded, when it is retried, then nothing more is recorded', () => {
    spec.given([shared]).when(share).then([]);
  });

  it('given nothing, when the speach may not be shared by them, then it is refused', () => {
    spec
      .given([])
      .when({ ...share, mayShare: false })
      .thenThrows(ForbiddenError, /cannot be shared/);
  });
});
