import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { speachApi } from '../speach/speachApi';
import type { Chapter } from '../speach/types';
import { type VideoEditorView, mediaApi } from './mediaApi';

/**
 * The video editor's queries: `['media', 'editor', chapterId]` (the editor's view with the chapter's file),
 * `['media', 'overlays', chapterId]` (what the learner's player shows over the video) and
 * `['media', 'job', jobID]` (a media job in progress).
 */
export const mediaKeys = {
  editor: (chapterId: string) => ['media', 'editor', chapterId] as const,
  overlays: (chapterId: string) => ['media', 'overlays', chapterId] as const,
  job: (jobID: string) => ['media', 'job', jobID] as const,
};

/** Spec §4: a media job (a cut, a voice-over mix) is asked about every 2 s until it is done. */
export const JOB_POLL_MS = 2000;

export interface VideoEditorData {
  view: VideoEditorView;
  fileUrl: string | null;
  blobId: string | null;
}

/** A chapter anywhere in a speach's tree of chapters. */
export function findChapter(chapters: Chapter[], id: string): Chapter | null {
  for (const c of chapters) {
    if (c.chapterId === id) return c;
    const inside = findChapter(c.children ?? [], id);
    if (inside) return inside;
  }
  return null;
}

/** The editor's view and the chapter's uploaded file (read from the speach's draft); read again while a cut is applied. */
export function useVideoEditor(chapterId: string) {
  return useQuery({
    queryKey: mediaKeys.editor(chapterId),
    queryFn: async (): Promise<VideoEditorData> => {
      const view = await mediaApi.editor(chapterId);
      const draft = await speachApi.draft(view.speachId);
      const file = findChapter(draft.chapters ?? [], chapterId)?.content?.file ?? null;
      return { view, fileUrl: file?.url ?? null, blobId: file?.blobId ?? null };
    },
    refetchInterval: (query) => (query.state.data?.view.cuts.some((c) => c.status === 'PENDING') ? JOB_POLL_MS : false),
  });
}

/**
 * An edit (cut, annotation, question, synchronisation, registration) answers the editor's new view: it
 * replaces the cached one, and the learner's overlays of the chapter are read again.
 */
export function useVideoEdit(chapterId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: () => Promise<VideoEditorView>) => action(),
    onSuccess: (view) => {
      client.setQueryData<VideoEditorData>(mediaKeys.editor(chapterId), (data) => (data ? { ...data, view } : data));
      return client.invalidateQueries({ queryKey: mediaKeys.overlays(chapterId) });
    },
  });
}

/** A media job's state, asked again every 2 s while it is pending. */
export function useMediaJob(jobID: string | null) {
  return useQuery({
    queryKey: mediaKeys.job(jobID ?? ''),
    queryFn: () => mediaApi.job(jobID ?? ''),
    enabled: !!jobID,
    refetchInterval: (query) => (query.state.data === 'pending' ? JOB_POLL_MS : false),
    retry: false,
  });
}

export function useVideoOverlays(chapterId: string) {
  return useQuery({ queryKey: mediaKeys.overlays(chapterId), queryFn: () => mediaApi.overlays(chapterId) });
}
