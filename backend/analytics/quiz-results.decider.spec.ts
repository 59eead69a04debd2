import type { ChapterAnswered } from '../../events';
import { ForbiddenError, NotFoundError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { quizResultsDecider } from './quiz-results.decider';

const spec = deciderSpec(quizResultsDecider);
const answered = (score: number | null): ChapterAnswered => ({
  type: 'ChapterAnswered',
  data: {
    speachId: 's1',
    userId: 'u1',
    chapterId: 'c1',
    contentType: score === null ? 'SONDAGE' : 'QUIZZ',
    answers: { q1: ['a'] },
    text: null,
    score,
    max: score === null ? null : 1,
    passed: score === null ? null : score > 0,
  },
});
const remove = { type: 'DeleteQuizResults' as const, userId: 'u1', speachId: 's1', chapterId: 'c1', deletedBy: 'admin', mayManage: true };
const deleted = { type: 'QuizResultsDeleted' as const, data: { speachId: 's1', userId: 'u1', chapterId: 'c1', deletedBy: 'admin' } };

describe('quiz results decider', () => {
  it("deletes a learner's scored result on a quiz chapter", () => {
    spec
      .given([answered(1), answered(0)])
      .when(remove)
      .then([deleted]);
  });
  it('finds nothing to delete when there is no score, or after a deletion', () => {
    spec
      .given([])
      .when(remove)
      .thenThrows(NotFoundError, /no result/);
    spec
      .given([answered(null)])
      .when(remove)
      .thenThrows(NotFoundError);
    spec
      .given([answered(1), deleted])
      .when(remove)
      .thenThrows(NotFoundError);
  });
  it('deletes again once the learner took the quiz again', () => {
    spec
      .given([answered(1), deleted, answered(1)])
      .when(remove)
      .then([deleted]);
  });
  it('refuses someone who is neither an editor of the speach nor an admin', () => {
    spec
      .given([answered(1)])
      .when({ ...remove, mayManage: false })
      .thenThrows(ForbiddenError);
  });
});
