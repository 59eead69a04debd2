import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Period, type SpeachAnalytics, analyticsApi } from './analyticsApi';

/** `['analytics', 'speach', id, period]` and `['analytics', 'user', id, period]`; without the period, every period of one. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  speachOf: (speachId: string) => ['analytics', 'speach', speachId] as const,
  speach: (speachId: string, period: Period) => ['analytics', 'speach', speachId, period] as const,
  trainings: (speachId: string, page: number) => ['analytics', 'speach', speachId, 'trainings', page] as const,
  userOf: (userId: string) => ['analytics', 'user', userId] as const,
  user: (userId: string, period: Period) => ['analytics', 'user', userId, period] as const,
};

export function useSpeachAnalytics(speachId: string, period: Period) {
  return useQuery({ queryKey: analyticsKeys.speach(speachId, period), queryFn: () => analyticsApi.speach(speachId, period) });
}

/** The trainings do not depend on the period: a completion counts whenever it happened. */
export function useSpeachTrainings(speachId: string, page: number) {
  return useQuery({
    queryKey: analyticsKeys.trainings(speachId, page),
    queryFn: () => analyticsApi.trainings(speachId, page),
    placeholderData: keepPreviousData,
  });
}

export function useUserAnalytics(userId: string, period: Period) {
  return useQuery({ queryKey: analyticsKeys.user(userId, period), queryFn: () => analyticsApi.user(userId, period) });
}

/** Deleting a learner's quiz result changes the speach's figures and the learner's, in every period. */
export function useDeleteQuizResult(speachId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (result: SpeachAnalytics['quizResults'][number]) => analyticsApi.deleteResults(result.quizzId, result.idAchatCour),
    onSuccess: (_answer, result) =>
      Promise.all([
        client.invalidateQueries({ queryKey: analyticsKeys.speachOf(speachId) }),
        client.invalidateQueries({ queryKey: analyticsKeys.userOf(result.user.id) }),
      ]),
  });
}
