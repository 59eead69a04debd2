import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AvatarLayout, type AvatarLayoutView, type Cue, mediaTextApi } from './mediaTextApi';

/**
 * Subtitles and transcripts: `['media-text', 'subtitles', chapterId]` (a chapter's tracks) with each track's
 * cues under it (`[..., subtitleId]`, so a change to a chapter's subtitles refreshes both), the chapter's
 * transcript, the subtitle languages and the learner's avatar layout.
 */
export const mediaTextKeys = {
  subtitles: (chapterId: string) => ['media-text', 'subtitles', chapterId] as const,
  track: (chapterId: string, subtitleId: string) => ['media-text', 'subtitles', chapterId, subtitleId] as const,
  transcript: (chapterId: string) => ['media-text', 'transcript', chapterId] as const,
  languages: ['media-text', 'languages'] as const,
  avatarLayout: ['media-text', 'avatar-layout'] as const,
};

/** Spec §4: while a transcript is being made it is asked for again every 5 s. */
export const TRANSCRIPT_REFRESH_MS = 5000;

export function useSubtitles(chapterId: string, enabled = true) {
  return useQuery({ queryKey: mediaTextKeys.subtitles(chapterId), queryFn: () => mediaTextApi.subtitles(chapterId), enabled });
}

export function useSubtitleTrack(chapterId: string, subtitleId: string) {
  return useQuery({ queryKey: mediaTextKeys.track(chapterId, subtitleId), queryFn: () => mediaTextApi.track(chapterId, subtitleId), enabled: !!subtitleId });
}

/** The languages a track may be written in; they change with a release only. */
export function useSubtitleLanguages() {
  return useQuery({ queryKey: mediaTextKeys.languages, queryFn: () => mediaTextApi.languages(), staleTime: Infinity });
}

export function useTranscript(chapterId: string) {
  return useQuery({
    queryKey: mediaTextKeys.transcript(chapterId),
    queryFn: () => mediaTextApi.transcript(chapterId),
    refetchInterval: (query) => (query.state.data?.autoTranscriptStatus === 'WAITING' ? TRANSCRIPT_REFRESH_MS : false),
  });
}

/** Uploading, editing or deleting a track changes the chapter's track list and that track's cues. */
function useInvalidateSubtitles(chapterId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mediaTextKeys.subtitles(chapterId) });
}

export function useUploadSubtitle(chapterId: string) {
  const onSuccess = useInvalidateSubtitles(chapterId);
  return useMutation({ mutationFn: (body: { lang: string; label?: string; file: string }) => mediaTextApi.upload(chapterId, body), onSuccess });
}

export function useEditSubtitle(chapterId: string, subtitleId: string) {
  const onSuccess = useInvalidateSubtitles(chapterId);
  return useMutation({ mutationFn: (body: { label?: string; cues?: Cue[] }) => mediaTextApi.edit(chapterId, subtitleId, body), onSuccess });
}

export function useRemoveSubtitle(chapterId: string) {
  const onSuccess = useInvalidateSubtitles(chapterId);
  return useMutation({ mutationFn: (subtitleId: string) => mediaTextApi.remove(chapterId, subtitleId), onSuccess });
}

export function useAvatarLayout() {
  return useQuery({ queryKey: mediaTextKeys.avatarLayout, queryFn: () => mediaTextApi.avatarLayout() });
}

/** The chosen layout shows at once; the server's answer replaces it, a refusal puts the previous one back. */
export function chooseLayoutOptions(client: QueryClient) {
  return {
    mutationFn: (layout: AvatarLayout) => mediaTextApi.chooseAvatarLayout(layout),
    onMutate: async (layout: AvatarLayout) => {
      await client.cancelQueries({ queryKey: mediaTextKeys.avatarLayout });
      const before = client.getQueryData<AvatarLayoutView>(mediaTextKeys.avatarLayout);
      if (before) client.setQueryData<AvatarLayoutView>(mediaTextKeys.avatarLayout, { ...before, layout });
      return { before };
    },
    onSuccess: (saved: AvatarLayoutView) => client.setQueryData(mediaTextKeys.avatarLayout, saved),
    onError: (_error: unknown, _layout: AvatarLayout, context: { before?: AvatarLayoutView } | undefined) => {
      if (context?.before) client.setQueryData(mediaTextKeys.avatarLayout, context.before);
    },
  };
}

export function useChooseAvatarLayout() {
  return useMutation(chooseLayoutOptions(useQueryClient()));
}
