import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/**
 * Stream `learner-{userId}`: an author or an admin wiped a learner's quiz results on one chapter
 * (spec §7 `quizz/delete-results-user`), so the learner can take the quiz again from scratch.
 */
export type QuizResultsDeleted = DomainEvent<'QuizResultsDeleted', { speachId: string; userId: string; chapterId: string; deletedBy: string }>;
export type AnalyticsEvent = QuizResultsDeleted;

registerEventType('QuizResultsDeleted', 1);
