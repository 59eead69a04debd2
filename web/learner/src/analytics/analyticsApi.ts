import { api } from '../api/client';

import type { Period, Person, QuizResultRow, SeriesPoint, SpeachAnalyticsView, SpeachTrainingsView, UserAnalyticsView } from '@speach/web-shared/api';

export { PERIODS } from '@speach/web-shared/api';
export type { Period, Person, SeriesPoint };
export type QuizResult = QuizResultRow;
export type SpeachAnalytics = SpeachAnalyticsView;
export type UserAnalytics = UserAnalyticsView;
export type SpeachTrainings = SpeachTrainingsView;

/** Rows per page of the trainings table. */
export const TRAININGS_PAGE_SIZE = 20;

export const analyticsApi = {
  speach: (speachId: string, period: Period) => api<SpeachAnalytics>(`/api/v2/analytics/speach/${encodeURIComponent(speachId)}?period=${period}`),
  /** Issue 23: the version each learner completed, those owing a retraining first. */
  trainings: (speachId: string, page: number) =>
    api<SpeachTrainings>(`/api/v2/analytics/speach/${encodeURIComponent(speachId)}/trainings?page=${page}&size=${TRAININGS_PAGE_SIZE}`),
  user: (userId: string, period: Period) => api<UserAnalytics>(`/api/v2/analytics/user/${encodeURIComponent(userId)}?period=${period}`),
  /** Spec §7: a GET with `quizzId` and `idAchatCour`; the page then reloads `/analytics/s/{speachId}`. */
  deleteResults: (quizzId: string, idAchatCour: string) =>
    api<{ speachId: string }>(`/api/v2/quizz/delete-results-user?quizzId=${encodeURIComponent(quizzId)}&idAchatCour=${encodeURIComponent(idAchatCour)}`),
};
