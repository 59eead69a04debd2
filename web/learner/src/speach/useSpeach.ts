import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionVideo } from '@speach/web-shared/api';
import { api } from '../api/client';
import { speachListKeys } from '../cards/useSpeachCards';
import { pathKeys } from '../paths/usePaths';
import { type Reading, speachApi } from './speachApi';
import { mergeProgress, speachKeys } from './speach-keys';
import type { DraftSpeach } from './types';

export { mergeProgress, speachKeys };

type SignatureInput = Parameters<typeof speachApi.complete>[1];

/** The reader's view of a speach (chapters, progress, locks); a private speach answers 403 on `accessCode` until the code is given. */
export function useSpeachReading(speachId: string, loadId: string, reading: Reading) {
  return useQuery({
    queryKey: speachKeys.reading(speachId, loadId, reading),
    queryFn: () => speachApi.read(loadId, reading),
  });
}

/**
 * Opening a chapter reads it. The ticks show at once; the reading is then read again (reading one chapter
 * may open the next locked one), and the card lists and paths are stale (their progress, the "continue" slider).
 */
export function useMarkChapterRead(speachId: string, loadId: string, reading: Reading) {
  const client = useQueryClient();
  const key = speachKeys.reading(speachId, loadId, reading);
  return useMutation({
    mutationFn: (chapterId: string) => speachApi.markRead(loadId, chapterId, reading),
    onSuccess: (progress) => {
      mergeProgress(client, key, progress);
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: speachListKeys.all });
      void client.invalidateQueries({ queryKey: pathKeys.all });
      void client.invalidateQueries({ queryKey: pathKeys.lists });
    },
  });
}

/** After an answer (quiz results, locks) or a completion: the reading and the lists holding the speach's progress are read again. */
export function useRefreshReading(speachId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [...speachKeys.of(speachId), 'read'] });
    void client.invalidateQueries({ queryKey: speachListKeys.all });
  };
}

export function useSpeachCard(speachId: string) {
  return useQuery({ queryKey: speachKeys.card(speachId), queryFn: () => speachApi.card(speachId) });
}

export function useSpeachVersions(speachId: string) {
  return useQuery({ queryKey: speachKeys.versions(speachId), queryFn: () => speachApi.versions(speachId) });
}

export function usePublishDetails(speachId: string) {
  return useQuery({ queryKey: speachKeys.publishDetails(speachId), queryFn: () => speachApi.publishDetails(speachId) });
}

/** The author's templates offered when creating a speach (an empty list when they cannot be read: creating needs none). */
export function useSpeachTemplates() {
  return useQuery({
    queryKey: speachKeys.templates,
    queryFn: () =>
      speachApi.templates().then(
        (page) => page.result ?? [],
        () => [],
      ),
  });
}

/** The editor's draft with the count of loads from the server: each new load remounts the editor's forms on what the server holds. */
export interface EditorDraft {
  draft: DraftSpeach;
  load: number;
}

let loads = 0;

/**
 * The editor's working copy. Read fresh on each opening (no cache kept once the editor is left) and never
 * again behind the author's back (a reconnect or a refocus would reset forms holding unsaved edits): only
 * the editor's own reload (after a conflict, after a quiz is recorded) reads it again.
 */
export function useEditorDraft(speachId: string) {
  return useQuery({
    queryKey: speachKeys.editorDraft(speachId),
    queryFn: async (): Promise<EditorDraft> => ({ draft: await speachApi.draft(speachId), load: ++loads }),
    gcTime: 0,
    staleTime: Infinity,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** Merges what a command answered into the editor's draft (a card answer keeps the chapters on screen). */
export function applyToDraft(client: QueryClient, speachId: string, answer: Partial<DraftSpeach>) {
  client.setQueryData<EditorDraft>(speachKeys.editorDraft(speachId), (current) =>
    current ? { ...current, draft: { ...current.draft, ...answer, chapters: answer.chapters ?? current.draft.chapters } } : current,
  );
}

/** A saved change of the draft: the speach's other views and the card lists show it when next read. */
export function invalidateAfterEdit(client: QueryClient, speachId: string) {
  void client.invalidateQueries({ queryKey: speachKeys.of(speachId) });
  void client.invalidateQueries({ queryKey: speachListKeys.all });
}

/** Issue 23: recording a completion changes the learner's lists (completed tags, paths' progress). */
export function useCompleteSpeach(speachId: string, reading: Reading) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (signature: SignatureInput | undefined) => speachApi.complete(speachId, signature, reading),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: speachListKeys.all });
      void client.invalidateQueries({ queryKey: pathKeys.all });
      void client.invalidateQueries({ queryKey: pathKeys.lists });
    },
  });
}

export type { VersionVideo };
/** Spec §7: the server joins the version's video chapters; the page asks again every 15 s until it is ready. */
export const VERSION_VIDEO_POLL_MS = 15_000;

/** A version's video, asked for on demand (`enabled`), then polled while the server prepares it; a failure stops the poll. */
export function useVersionVideo(logId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['speach-version-video', logId],
    queryFn: () => api<VersionVideo>(`/versioning/logs/${encodeURIComponent(logId)}/video`),
    enabled,
    refetchInterval: (query) => (query.state.status === 'success' && query.state.data?.status === 'PREPARING' ? VERSION_VIDEO_POLL_MS : false),
  });
}

/**
 * An answer to a chapter's quiz or open question. The reader refreshes its progress through `onAnswered`
 * (useRefreshReading): it knows which reading (live, draft, version in force) is on screen.
 */
export function useAnswerChapter(speachId: string, chapterId: string, reading: Reading) {
  return useMutation({
    mutationFn: (body: { answers: Record<string, string[]> } | { text: string }) => speachApi.answer(speachId, chapterId, body, reading),
  });
}

/** A new speach joins the author's lists (edited, home). */
export function useCreateSpeach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof speachApi.create>[0]) => speachApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: speachListKeys.all }),
  });
}
