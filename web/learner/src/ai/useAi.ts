import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type QuizSpeachChapters, aiApi } from './aiApi';

/** `['ai', 'generator']` (which generator answers) and `['ai', 'quiz-chapters', chapterId]` (what a quiz may be made from). */
export const aiKeys = {
  generator: ['ai', 'generator'] as const,
  quizChapters: (chapterId: string) => ['ai', 'quiz-chapters', chapterId] as const,
};

/** Spec §4: while a transcript is WAITING or ERROR the chapter list reloads every 5 s. */
export const TRANSCRIPT_REFRESH_MS = 5000;

export function transcriptsPending(chapters: QuizSpeachChapters | undefined): boolean {
  return (chapters?.chapters ?? [])
    .flatMap((c) => [c, ...c.subchapters])
    .some((c) => c.autoTranscriptStatus === 'WAITING' || c.autoTranscriptStatus === 'ERROR');
}

/** The generator does not change during a visit; a 403 (no AI licence) is the answer, not a glitch. */
export function useGeneratorInfo() {
  return useQuery({ queryKey: aiKeys.generator, queryFn: () => aiApi.generator(), staleTime: Infinity });
}

/** The speach's chapters for the quiz popup, read at each opening and every 5 s while a transcript is being made. */
export function useQuizChapters(chapterId: string, open: boolean) {
  return useQuery({
    queryKey: aiKeys.quizChapters(chapterId),
    queryFn: () => aiApi.quizChapters(chapterId),
    enabled: open,
    refetchInterval: (query) => (transcriptsPending(query.state.data) ? TRANSCRIPT_REFRESH_MS : false),
  });
}

/** Restarting a chapter's transcript changes its status in the popup's list. */
export function useRestartTranscript(chapterId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subchapterId: string) => aiApi.forceTranscript(subchapterId),
    onSettled: () => client.invalidateQueries({ queryKey: aiKeys.quizChapters(chapterId) }),
  });
}
