import type { LearnerEvent, QuizResultsDeleted } from '../../events';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { learnerDecider } from './learner.decider';

const spec = deciderSpec(learnerDecider);

describe('learner decider', () => {
  it('keeps deciding on a stream that also holds a deleted quiz result (a learner answers again after an editor removed the result)', () => {
    const deleted: QuizResultsDeleted = { type: 'QuizResultsDeleted', data: { speachId: 's1', userId: 'u1', chapterId: 'c1', deletedBy: 'admin' } };
    spec
      .given([{ type: 'ChapterRead', data: { speachId: 's1', userId: 'u1', chapterId: 'c1', version: 1 } }, deleted as unknown as LearnerEvent])
      .when({ type: 'ReadChapter', userId: 'u1', speachId: 's1', chapterId: 'c2', version: 1, requiredBefore: ['c1'], takesAnswers: false })
      .then([{ type: 'ChapterRead', data: { speachId: 's1', userId: 'u1', chapterId: 'c2', version: 1 } }]);
  });

  it('does not count a chapter that takes answers as read when it is only opened (issue 17 defect 4)', () => {
    spec.given([]).when({ type: 'ReadChapter', userId: 'u1', speachId: 's1', chapterId: 'quiz', version: 1, requiredBefore: [], takesAnswers: true }).then([]);
  });

  it('still refuses to open a locked chapter that takes answers', () => {
    expect(() =>
      learnerDecider.decide(
        { type: 'ReadChapter', userId: 'u1', speachId: 's1', chapterId: 'quiz', version: 1, requiredBefore: ['c1'], takesAnswers: true },
        learnerDecider.initialState(),
      ),
    ).toThrow(/locked/);
  });
});
