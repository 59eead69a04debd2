import {
  SUBTITLE_LOCALES,
  type SubtitleTrackView,
  type VideoAnswerResult,
  type VideoEditorView,
  type VideoOverlaysView,
  type VideoSyncTarget,
} from '@speach/web-shared/api';
import { api } from '../api/client';

/** A subtitle track as the voice-over studio lists it. */
export type Subtitle = Pick<SubtitleTrackView, 'id' | 'lang' | 'label'>;

export type { VideoEditorView };

/** A call answered 200 with a result, or 202 with a job to ask about again (spec §4: every 2 s). */
export type Pending<T> = { ready: true; value: T } | { ready: false; jobID: string };

/** Spec §5: subtitle languages outside the server's list are shown disabled (the voices and recognisers cover these). */
export const SUPPORTED_SUBTITLE_LOCALES: ReadonlySet<string> = new Set(SUBTITLE_LOCALES);

export const isSupportedSubtitle = (lang: string) => SUPPORTED_SUBTITLE_LOCALES.has(lang.replace('-', '_'));

function form(fields: Record<string, string | Blob | undefined>, fileName?: string): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Blob) data.append(name, value, fileName ?? name);
    else data.append(name, value);
  }
  return data;
}

/** The fetch's status decides between a result and a job: `api` hides it, so this one reads the response itself. */
async function pending<T>(path: string, init: RequestInit, pick: (body: Record<string, unknown>) => T): Promise<Pending<T>> {
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { url: text };
  }
  if (response.status === 202) return { ready: false, jobID: String(body.jobID ?? '') };
  if (!response.ok) throw Object.assign(new Error(String(body.message ?? response.statusText)), { status: response.status, errors: body.errors });
  return { ready: true, value: pick(body) };
}

const enc = encodeURIComponent;

export const mediaApi = {
  subtitles: (chapterId: string) => api<Subtitle[]>(`/api/v2/chapter/subtitles/${enc(chapterId)}`),
  uploadVoiceOver: (chapterId: string, recording: Blob) =>
    api<unknown>(`/recorder/voiceOver/upload/${enc(chapterId)}`, { method: 'POST', body: form({ file: recording }, 'voice-over.webm') }),
  voiceOverFromSubtitle: (chapterId: string, subtitleId: string) =>
    api<unknown>(`/recorder/voiceOver/subtitle/${enc(chapterId)}`, { method: 'POST', body: form({ subtitleId }) }),
  previewVoice: (chapterId: string, text: string, lang: string, jobID?: string) =>
    pending(`/api/v2/chapter/voice/text/${enc(chapterId)}`, { method: 'POST', body: form({ text, lang, jobID }) }, (b) => String(b.url ?? '')),
  copyGeneratedAudio: (chapterId: string, urlFileAudio: string) =>
    api<unknown>(`/recorder/copyGeneratedAudio/${enc(chapterId)}`, { method: 'POST', body: form({ urlFileAudio }) }),
  audioTrack: (chapterId: string, subtitleId?: string) =>
    pending(`/api/v2/chapter/audio-track/${enc(chapterId)}${subtitleId ? `/${enc(subtitleId)}` : ''}`, { method: 'GET' }, (b) => String(b.url ?? '')),

  /** Spec §7 job poll: the result, the string ERROR, or an empty answer while it runs. */
  job: async (jobID: string): Promise<'pending' | 'failed' | 'done'> => {
    const answer = await api<unknown>(`/recorder/jobID/${enc(jobID)}`);
    if (answer === '' || answer === null || answer === undefined) return 'pending';
    return answer === 'ERROR' ? 'failed' : 'done';
  },

  editingUrl: (chapterId: string) => api<string>(`/api/v2/recorder/getUrlEditingForChapter/${enc(chapterId)}`),
  editor: (chapterId: string) => api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}`),
  registerVideo: (chapitreId: string, weetID: string, duration: number, silent = false) =>
    api<VideoEditorView>(`/api/v2/recorder/${silent ? 'silenceWeet' : 'weet'}`, { method: 'POST', json: { weetID, duration, chapitreId } }),
  cut: (chapterId: string, keep: { start: number; end: number }[]) =>
    api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}/cut`, { method: 'POST', json: { keep } }),
  annotate: (chapterId: string, at: number, text: string, duration?: number) =>
    api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}/annotations`, {
      method: 'POST',
      json: { at, text, ...(duration ? { duration } : {}) },
    }),
  removeAnnotation: (chapterId: string, annotationId: string) =>
    api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}/annotations/${enc(annotationId)}`, { method: 'DELETE' }),
  addQuestion: (chapterId: string, body: { at: number; question: string; multiple: boolean; options: { text: string; correct: boolean }[] }) =>
    api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}/interactions`, { method: 'POST', json: body }),
  removeQuestion: (chapterId: string, interactionId: string) =>
    api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}/interactions/${enc(interactionId)}`, { method: 'DELETE' }),
  synchronise: (chapterId: string, target: VideoSyncTarget) =>
    api<VideoEditorView>(`/api/v2/recorder/video-editor/${enc(chapterId)}/synchronise`, { method: 'POST', json: { target } }),

  overlays: (chapterId: string) => api<VideoOverlaysView>(`/api/v2/chapter/video-overlays/${enc(chapterId)}`),
  answer: (chapterId: string, interactionId: string, answers: string[]) =>
    api<VideoAnswerResult>(`/api/v2/chapter/video-overlays/${enc(chapterId)}/answer`, {
      method: 'POST',
      json: { interactionId, answers },
    }),
};

/** m:ss of a number of seconds, for the recording time and the editor's timestamps. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
