import { api } from '../api/client';

import type { Period, SeriesPoint } from '@speach/web-shared/api';

export { PERIODS } from '@speach/web-shared/api';
export type { Period, SeriesPoint };
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
export interface QuizResult {
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
export interface SpeachAnalytics {
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
  quizResults: (QuizResult & { user: Person })[];
}
export interface UserAnalytics {
  user: Person;
  period: Period;
  reads: SeriesPoint[];
  speaches: { speachId: string; title: string; readChapters: number; totalChapters: number; percent: number; lastReadAt: string }[];
  quizResults: (QuizResult & { speachId: string; speachTitle: string })[];
}

export const analyticsApi = {
  speach: (speachId: string, period: Period) => api<SpeachAnalytics>(`/api/v2/analytics/speach/${encodeURIComponent(speachId)}?period=${period}`),
  user: (userId: string, period: Period) => api<UserAnalytics>(`/api/v2/analytics/user/${encodeURIComponent(userId)}?period=${period}`),
  /** Spec §7: a GET with `quizzId` and `idAchatCour`; the page then reloads `/analytics/s/{speachId}`. */
  deleteResults: (quizzId: string, idAchatCour: string) =>
    api<{ speachId: string }>(`/api/v2/quizz/delete-results-user?quizzId=${encodeURIComponent(quizzId)}&idAchatCour=${encodeURIComponent(idAchatCour)}`),
};
