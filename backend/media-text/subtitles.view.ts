/**
 * What the subtitle calls answer (spec §5, §7). A view module: it imports only other view modules
 * (docs/web-shared-and-data-layer.md).
 */
import type { AutoTranscriptStatus } from '../../events/ai-vocabulary.view';
import type { SubtitleCue, SubtitleLocale, SubtitleSource } from '../../events/subtitle-vocabulary.view';

export type { AutoTranscriptStatus } from '../../events/ai-vocabulary.view';

export type { SubtitleCue, SubtitleLocale, SubtitleSource } from '../../events/subtitle-vocabulary.view';

/** `GET api/v2/chapter/subtitles/{chapterId}`: spec §7's `{id, lang, label}`, with the signed `src` the player's `<track>` loads. */
export interface SubtitleTrackView {
  id: string;
  lang: SubtitleLocale;
  label: string;
  source: SubtitleSource;
  src: string;
}

/** `GET api/v2/chapter/subtitle-languages`: the languages a track may be in, with their names. */
export interface SubtitleLanguageView {
  lang: SubtitleLocale;
  label: string;
}

/** `GET api/v2/chapter/subtitles/{chapterId}/{subtitleId}`: one track with its cues, for the editor. */
export interface SubtitleTrackDetail extends Omit<SubtitleTrackView, 'src'> {
  cues: SubtitleCue[];
}

/** `GET api/transcript/token`: the signed token the transcript link carries, and the transcript's language. */
export interface TranscriptToken {
  token: string;
  lng: string;
}

/** `GET api/transcript/{chapterId}`: the chapter's transcript for the panel beside the player, with its status and why it is missing. */
export interface TranscriptView {
  lng: string;
  autoTranscriptStatus: AutoTranscriptStatus;
  reason: string | null;
  text: string | null;
  cues: SubtitleCue[];
}

/** `POST` and `PUT api/v2/chapter/subtitles/{chapterId}[/{subtitleId}]`: the track saved, with its number of cues. */
export interface SubtitleSaved {
  id: string;
  lang: SubtitleLocale;
  label: string;
  cues: number;
}

/** `DELETE api/v2/chapter/subtitles/{chapterId}/{subtitleId}`. */
export interface SubtitleDeleted {
  deleted: true;
}
