import { type AutoTranscriptStatus, SUBTITLE_LOCALES, type SubtitleCue, type SubtitleEvent, type SubtitleLocale } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Spec §5 / §9: transcripts are made for videos up to 10 minutes. */
export const TRANSCRIPT_MAX_SECONDS = 600;
export const LABEL_MAX = 100;

export interface SubtitlesState {
  tracks: Record<string, { lang: SubtitleLocale }>;
  transcript: AutoTranscriptStatus;
  /** The video the transcript status is about: a new upload starts again from NONE. */
  blobId: string | null;
  /** The language the transcript is made in (the speach's, when requested). */
  lang: SubtitleLocale | null;
}

type Ids = { chapterId: string; speachId: string };
export type SubtitlesCommand =
  | (Ids & { type: 'AddSubtitle'; subtitleId: string; lang: string; label: string; cues: SubtitleCue[] })
  | (Ids & { type: 'EditSubtitle'; subtitleId: string; label: string; cues: SubtitleCue[] })
  | (Ids & { type: 'RemoveSubtitle'; subtitleId: string })
  /** What the request learnt about the video; `provider` false when no transcription service is configured. */
  | (Ids & { type: 'RequestTranscript'; blobId: string; lang: string; durationSeconds: number | null; provider: boolean })
  | (Ids & { type: 'CompleteTranscript'; blobId: string; subtitleId: string; cues: SubtitleCue[]; text: string })
  | (Ids & { type: 'FailTranscript'; blobId: string; reason: string });

export function locale(value: unknown, field = 'lang'): SubtitleLocale {
  if (!(SUBTITLE_LOCALES as readonly unknown[]).includes(value))
    throw new ValidationError(field, `${field} must be one of the supported subtitle languages (${SUBTITLE_LOCALES.join(', ')})`);
  return value as SubtitleLocale;
}

function label(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new ValidationError('label', 'label must not be empty');
  if (trimmed.length > LABEL_MAX) throw new ValidationError('label', `label must be at most ${LABEL_MAX} characters`);
  return trimmed;
}

function track(state: SubtitlesState, subtitleId: string) {
  const found = state.tracks[subtitleId];
  if (!found) throw new NotFoundError('Unknown subtitle');
  return found;
}

function addSubtitle(command: Extract<SubtitlesCommand, { type: 'AddSubtitle' }>, state: SubtitlesState): SubtitleEvent[] {
  const lang = locale(command.lang);
  if (Object.values(state.tracks).some((t) => t.lang === lang)) throw new IllegalStateError(`This chapter already has ${lang} subtitles: edit or delete them.`);
  const { chapterId, speachId, subtitleId, cues } = command;
  return [{ type: 'SubtitleAdded', data: { chapterId, speachId, subtitleId, lang, label: label(command.label), cues, source: 'UPLOAD' } }];
}

function requestTranscript(command: Extract<SubtitlesCommand, { type: 'RequestTranscript' }>, state: SubtitlesState): SubtitleEvent[] {
  const { chapterId, speachId, blobId } = command;
  if (state.blobId === blobId && state.transcript !== 'NONE' && state.transcript !== 'ERROR') return [];
  if (!command.provider)
    return [
      {
        type: 'TranscriptNotAvailable',
        data: { chapterId, speachId, blobId, reason: 'No transcription service is configured (AI_BASE_URL): add subtitles by uploading a WebVTT or SRT file.' },
      },
    ];
  if (command.durationSeconds !== null && command.durationSeconds > TRANSCRIPT_MAX_SECONDS) {
    return [
      {
        type: 'TranscriptNotAvailable',
        data: {
          chapterId,
          speachId,
          blobId,
          reason: `Transcripts are made for videos up to 10 minutes; this one lasts ${Math.round(command.durationSeconds / 60)} minutes.`,
        },
      },
    ];
  }
  return [{ type: 'TranscriptRequested', data: { chapterId, speachId, blobId, lang: locale(command.lang) } }];
}

function running(state: SubtitlesState, blobId: string): void {
  if (state.transcript !== 'WAITING' || state.blobId !== blobId) throw new IllegalStateError('No transcript of this video is being made.');
}

/** A chapter's subtitle tracks (one per language) and its automatic transcript. */
export const subtitlesDecider: Decider<SubtitlesState, SubtitlesCommand, SubtitleEvent> = {
  initialState: () => ({ tracks: {}, transcript: 'NONE', blobId: null, lang: null }),
  decide(command, state) {
    const { chapterId, speachId } = command;
    switch (command.type) {
      case 'AddSubtitle':
        return addSubtitle(command, state);
      case 'EditSubtitle': {
        track(state, command.subtitleId);
        return [{ type: 'SubtitleEdited', data: { chapterId, speachId, subtitleId: command.subtitleId, label: label(command.label), cues: command.cues } }];
      }
      case 'RemoveSubtitle':
        track(state, command.subtitleId);
        return [{ type: 'SubtitleRemoved', data: { chapterId, speachId, subtitleId: command.subtitleId } }];
      case 'RequestTranscript':
        return requestTranscript(command, state);
      case 'CompleteTranscript': {
        running(state, command.blobId);
        const lang = state.lang as SubtitleLocale;
        const taken = Object.values(state.tracks).some((t) => t.lang === lang);
        return [
          {
            type: 'TranscriptCompleted',
            data: { chapterId, speachId, blobId: command.blobId, lang, subtitleId: taken ? null : command.subtitleId, cues: command.cues, text: command.text },
          },
        ];
      }
      case 'FailTranscript':
        running(state, command.blobId);
        return [{ type: 'TranscriptFailed', data: { chapterId, speachId, blobId: command.blobId, reason: command.reason } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SubtitleAdded':
        return { ...state, tracks: { ...state.tracks, [event.data.subtitleId]: { lang: event.data.lang } } };
      case 'SubtitleRemoved': {
        const { [event.data.subtitleId]: _gone, ...tracks } = state.tracks;
        return { ...state, tracks };
      }
      case 'TranscriptRequested':
        return { ...state, transcript: 'WAITING', blobId: event.data.blobId, lang: event.data.lang };
      case 'TranscriptNotAvailable':
        return { ...state, transcript: 'NA', blobId: event.data.blobId };
      case 'TranscriptCompleted': {
        const tracks = event.data.subtitleId ? { ...state.tracks, [event.data.subtitleId]: { lang: event.data.lang } } : state.tracks;
        return { ...state, tracks, transcript: 'DONE' };
      }
      case 'TranscriptFailed':
        return { ...state, transcript: 'ERROR' };
      default:
        return state;
    }
  },
};
