import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScormExportStarted, ScormExportView, ScormType } from '@speach/web-shared/api';
import { api } from '../api/client';
import { type EmbedDraft, type EmbedEdit, EmbedError, type EmbedParams, type EmbedRead, embedApi } from './embedApi';

/**
 * The embed screens' queries, under `['embed', speachId]` and keyed by the token they were read with (the
 * token is the only credential there). Both screens own what they read between loads (the learner's
 * progress, the form being edited): nothing is read again behind them.
 */
export const embedKeys = {
  read: (speachId: string, p: EmbedParams | null) => ['embed', speachId, 'read', p?.token ?? '', p?.tenant ?? '', p?.learner ?? ''] as const,
  draft: (speachId: string, p: EmbedParams) => ['embed', speachId, 'draft', p.token, p.tenant ?? ''] as const,
};

/** The embed calls fail with EmbedError, not the app's ApiError: a refused token (4xx) is an answer, not retried. */
export function embedRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof EmbedError && error.status > 0 && error.status < 500) return false;
  return failureCount < 2;
}

const owned = { staleTime: Infinity, refetchOnReconnect: false, refetchOnWindowFocus: false, retry: embedRetry } as const;

/** The speach the LMS frames, once the learner is known (`params` null until the SCO answered or the wait ran out). */
export function useEmbedRead(speachId: string, params: EmbedParams | null) {
  return useQuery({
    queryKey: embedKeys.read(speachId, params),
    queryFn: () => embedApi.read(speachId, params!),
    enabled: params !== null,
    ...owned,
  });
}

function updateRead(client: QueryClient, speachId: string, params: EmbedParams, update: (read: EmbedRead) => EmbedRead) {
  client.setQueryData<EmbedRead>(embedKeys.read(speachId, params), (read) => (read ? update(read) : read));
}

/** Reading a chapter: the answered ticks replace the cached ones. */
export function useEmbedMarkRead(speachId: string, params: EmbedParams | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chapterId: string) => embedApi.markRead(speachId, chapterId, params!),
    onSuccess: ({ readChapterIds }) => updateRead(client, speachId, params!, (read) => ({ ...read, progress: { ...read.progress, readChapterIds } })),
  });
}

/** A quiz answered: its result is kept and the chapter counts as read. */
export function useEmbedAnswer(speachId: string, params: EmbedParams | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, answers }: { chapterId: string; answers: Record<string, string[]> }) => embedApi.answer(speachId, chapterId, answers, params!),
    onSuccess: (result, { chapterId }) =>
      updateRead(client, speachId, params!, (read) => ({
        ...read,
        progress: {
          readChapterIds: read.progress.readChapterIds.includes(chapterId) ? read.progress.readChapterIds : [...read.progress.readChapterIds, chapterId],
          quizResults: { ...read.progress.quizResults, [chapterId]: result },
        },
      })),
  });
}

/** The draft the embed editor changes (not read for a missing speach id). */
export function useEmbedDraft(speachId: string | undefined, params: EmbedParams) {
  return useQuery({
    queryKey: embedKeys.draft(speachId ?? '', params),
    queryFn: () => embedApi.draft(speachId!, params),
    enabled: !!speachId,
    ...owned,
  });
}

/** Saving answers the draft as it now is: the form starts again from it. */
export function useSaveEmbedDraft(speachId: string, params: EmbedParams) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: EmbedEdit) => embedApi.saveDraft(speachId, edit, params),
    onSuccess: (draft: EmbedDraft) => client.setQueryData(embedKeys.draft(speachId, params), draft),
  });
}

/** Spec §9: the SCORM poll runs every 2 s. */
export const SCORM_POLL_MS = 2000;
const enc = encodeURIComponent;

/** Starts a SCORM export; answers the name of the package being built. */
export function useStartScormExport(speachId: string) {
  return useMutation({
    mutationFn: ({ type, navigation }: { type: ScormType; navigation: boolean }) =>
      api<ScormExportStarted>(
        `/administration/scorm/exportScorm?id=${enc(speachId)}&contentNavigation=${type === 'SCORM_FULL' && navigation}&contentDelayed=false&type=${type}`,
      ).then((answer) => answer.dataValue),
  });
}

export interface ScormJob {
  ready: boolean;
  done: number;
  total: number;
}

/** A package being built, asked about every 2 s until it exists, and only while its dialog is open. */
export function useScormJob(name: string | null, open: boolean) {
  return useQuery({
    queryKey: ['scorm-export', name],
    queryFn: async (): Promise<ScormJob> => {
      if (await api<boolean>(`/administration/scorm/checkScormCreated?name=${enc(name!)}`)) return { ready: true, done: 0, total: 0 };
      const job = await api<ScormExportView>(`/administration/scorm/status/${enc(name!)}`);
      return { ready: false, ...job };
    },
    enabled: name !== null && open,
    refetchInterval: (query) => (query.state.data?.ready || query.state.status === 'error' ? false : SCORM_POLL_MS),
    gcTime: 0,
  });
}
