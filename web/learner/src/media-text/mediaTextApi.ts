import {
  AI_AVATAR_LAYOUTS,
  type AutoTranscriptStatus,
  type AvatarLayout,
  type AvatarLayoutView,
  type SubtitleCue,
  type SubtitleDeleted,
  type SubtitleLanguageView,
  type SubtitleSaved,
  type SubtitleTrackDetail,
  type SubtitleTrackView,
  type TranscriptToken,
  type TranscriptView,
} from '@speach/web-shared/api';
import { api } from '../api/client';

const enc = encodeURIComponent;

/** A chapter's subtitle track as the list call answers it. */
export type SubtitleEntry = SubtitleTrackView;
export type Cue = SubtitleCue;
export type TranscriptStatus = AutoTranscriptStatus;
export type Transcript = TranscriptView;

export const AVATAR_LAYOUTS = AI_AVATAR_LAYOUTS;
export type { AvatarLayout, AvatarLayoutView };

/** Calls of issue 22's subtitles, transcript and quiz-to-exam (docs/subtitles-and-transcripts.md). */
export const mediaTextApi = {
  languages: () => api<SubtitleLanguageView[]>('/api/v2/chapter/subtitle-languages'),
  subtitles: (chapterId: string) => api<SubtitleEntry[]>(`/api/v2/chapter/subtitles/${enc(chapterId)}`),
  track: (chapterId: string, subtitleId: string) => api<SubtitleTrackDetail>(`/api/v2/chapter/subtitles/${enc(chapterId)}/${enc(subtitleId)}`),
  upload: (chapterId: string, body: { lang: string; label?: string; file: string }) =>
    api<SubtitleSaved>(`/api/v2/chapter/subtitles/${enc(chapterId)}`, { method: 'POST', json: body }),
  edit: (chapterId: string, subtitleId: string, body: { label?: string; cues?: Cue[] }) =>
    api<SubtitleSaved>(`/api/v2/chapter/subtitles/${enc(chapterId)}/${enc(subtitleId)}`, { method: 'PUT', json: body }),
  remove: (chapterId: string, subtitleId: string) =>
    api<SubtitleDeleted>(`/api/v2/chapter/subtitles/${enc(chapterId)}/${enc(subtitleId)}`, { method: 'DELETE' }),
  /** Spec §7: the token first, then the transcript it opens. */
  transcript: async (chapterId: string) => {
    const { token } = await api<TranscriptToken>(`/api/transcript/token?chapterId=${enc(chapterId)}`);
    return api<Transcript>(`/api/transcript/${enc(chapterId)}?token=${enc(token)}`);
  },
  avatarLayout: () => api<AvatarLayoutView>('/api/v2/learner/avatar-layout'),
  chooseAvatarLayout: (layout: AvatarLayout) => api<AvatarLayoutView>('/api/v2/learner/avatar-layout', { method: 'PUT', json: { layout } }),
  convertToExam: (chapterId: string) => api<{ chapterId: string; type: string }>(`/api/v2/quizz/do-convert-to-quizz-exam?chapterId=${enc(chapterId)}`),
};

/** `m:ss` of a cue start (milliseconds). */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
