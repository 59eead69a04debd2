import type { ChapterAnswered, QuizResultsDeleted } from '../../events';
import { type Decider, ForbiddenError, NotFoundError } from '../infrastructure/decider/decider';

/**
 * Stream `learner-{userId}` seen from the analytics side: which quiz results exist, so an author or an
 * admin can wipe one (spec §7 `quizz/delete-results-user`) and the learner can start that quiz again.
 */
export interface QuizResultsState {
  /** `{speachId}|{chapterId}` of every scored answer not deleted since. */
  results: string[];
}

export type QuizResultsCommand = {
  type: 'DeleteQuizResults';
  userId: string;
  speachId: string;
  chapterId: string;
  deletedBy: string;
  /** The actor is an admin or an editor of the speach (resolved by the service from the read models). */
  mayManage: boolean;
};

type Event = ChapterAnswered | QuizResultsDeleted;

export const quizResultsDecider: Decider<QuizResultsState, QuizResultsCommand, Event> = {
  initialState: () => ({ results: [] }),
  decide(command, state) {
    if (!command.mayManage) throw new ForbiddenError('Only the authors of this speach and administrators may delete quiz results.');
    const key = `${command.speachId}|${command.chapterId}`;
    if (!state.results.includes(key)) throw new NotFoundError('This learner has no result for this quiz.');
    return [
      { type: 'QuizResultsDeleted', data: { speachId: command.speachId, userId: command.userId, chapterId: command.chapterId, deletedBy: command.deletedBy } },
    ];
  },
  evolve(state, event) {
    const key = `${event.data.speachId}|${event.data.chapterId}`;
    switch (event.type) {
      case 'ChapterAnswered':
        return event.data.score === null || state.results.includes(key) ? state : { results: [...state.results, key] };
      case 'QuizResultsDeleted':
        return { results: state.results.filter((k) => k !== key) };
      default:
        return state; // the learner stream's other events (reads, bookmarks) say nothing about results
    }
  },
};
