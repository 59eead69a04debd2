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

/** `status` of `/api/v2/analytics/speach/{id}/trainings`: every learner who completed a version, or only one side of the current version. */
export type TrainingStatusFilter = 'ALL' | 'CURRENT' | 'OUTDATED';

/** One learner's latest completion of the speach, pinned to the version (and content hash) they read. */
export interface TrainingRow {
  user: Person;
  /** The versions the learner read chapters of, oldest first. */
  versionsRead: number[];
  completedVersion: number;
  completedAt: string;
  contentHash: string | null;
  /** false: part of it was read before versions were pinned and was taken as the version in force then. */
  pinned: boolean;
  /** Signed with the learner's password (a GMP-regulated speach). */
  signed: boolean;
  /** Completed a version older than the current one: the learner owes a retraining. */
  outdated: boolean;
  /** The due date of a retraining already assigned and not done yet, else null. */
  retrainingDue: string | null;
}

/** Which version each learner completed (`/analytics/s/{id}`), learners owing a retraining first. */
export interface SpeachTrainingsView {
  /** The version readers get now (null: not published). */
  currentVersion: number | null;
  total: number;
  /** Learners whose latest completion is on an older version than the current one, whatever the filter. */
  outdated: number;
  page: number;
  size: number;
  rows: TrainingRow[];
}
