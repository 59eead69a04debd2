/**
 * What the per-speach (`/analytics/s/{id}`) and per-user (`/analytics/u/{id}`) analytics answer. A view module:
 * it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { Person } from '../speach/speach-card.view';
import type { Period, SeriesPoint } from './dashboard.view';

/** One learner's result on one quiz chapter; `idAchatCour` (`{userId}:{speachId}`) and `quizzId` delete it. */
export interface QuizResultRow {
  idAchatCour: string;
  quizzId: string;
  chapterTitle: string;
  score: number;
  max: number;
  percent: number;
  passed: boolean;
  attempts: number;
  at: string;
}

export interface SpeachAnalyticsView {
  speach: {
    id: string;
    title: string;
    published: boolean;
    readers: number;
    finished: number;
    completion: number;
    reads: number;
    ratingCount: number;
    note: number;
  };
  period: Period;
  reads: SeriesPoint[];
  chapters: { chapterId: string; parentId: string | null; title: string; readers: number; percent: number }[];
  quizResults: (QuizResultRow & { user: Person })[];
}

export interface UserAnalyticsView {
  user: Person;
  period: Period;
  reads: SeriesPoint[];
  speaches: { speachId: string; title: string; readChapters: number; totalChapters: number; percent: number; lastReadAt: string }[];
  quizResults: (QuizResultRow & { speachId: string; speachTitle: string })[];
}
