import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/**
 * Spec §5: subtitle languages outside this list are disabled ("about 38 locales", including en_US,
 * fr_FR, de_DE, es_ES, it_IT, ja_JP, pt_BR). Written as the spec writes them, with an underscore.
 */
export const SUBTITLE_LOCALES = [
  'ar_SA',
  'bg_BG',
  'cs_CZ',
  'da_DK',
  'de_DE',
  'el_GR',
  'en_GB',
  'en_US',
  'es_ES',
  'es_MX',
  'fi_FI',
  'fr_CA',
  'fr_FR',
  'he_IL',
  'hi_IN',
  'hr_HR',
  'hu_HU',
  'id_ID',
  'it_IT',
  'ja_JP',
  'ko_KR',
  'nb_NO',
  'nl_NL',
  'pl_PL',
  'pt_BR',
  'pt_PT',
  'ro_RO',
  'ru_RU',
  'sk_SK',
  'sl_SI',
  'sv_SE',
  'th_TH',
  'tr_TR',
  'uk_UA',
  'vi_VN',
  'zh_CN',
  'zh_TW',
  'ms_MY',
] as const;
export type SubtitleLocale = (typeof SUBTITLE_LOCALES)[number];

/** A timed line, in milliseconds. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

type C<T extends string, D> = DomainEvent<T, { chapterId: string; speachId: string } & D>;

/** Stream `subtitles-{chapterId}`: a chapter's subtitle tracks (one per language) and its automatic transcript. */
export type SubtitleAdded = C<
  'SubtitleAdded',
  { subtitleId: string; lang: SubtitleLocale; label: string; cues: SubtitleCue[]; source: 'UPLOAD' | 'TRANSCRIPT' }
>;
export type SubtitleEdited = C<'SubtitleEdited', { subtitleId: string; label: string; cues: SubtitleCue[] }>;
export type SubtitleRemoved = C<'SubtitleRemoved', { subtitleId: string }>;
/** The chapter's video (`blobId`) waits for its transcript in `lang`. */
export type TranscriptRequested = C<'TranscriptRequested', { blobId: string; lang: SubtitleLocale }>;
/** No transcript will be made for this video, and why (no provider, longer than 10 minutes). */
export type TranscriptNotAvailable = C<'TranscriptNotAvailable', { blobId: string; reason: string }>;
/** `subtitleId` is null when the language already had an uploaded track (an author's file wins). */
export type TranscriptCompleted = C<
  'TranscriptCompleted',
  { blobId: string; lang: SubtitleLocale; subtitleId: string | null; cues: SubtitleCue[]; text: string }
>;
export type TranscriptFailed = C<'TranscriptFailed', { blobId: string; reason: string }>;

export type SubtitleEvent =
  SubtitleAdded | SubtitleEdited | SubtitleRemoved | TranscriptRequested | TranscriptNotAvailable | TranscriptCompleted | TranscriptFailed;

export const subtitlesStream = (chapterId: string) => `subtitles-${chapterId}`;

for (const type of [
  'SubtitleAdded',
  'SubtitleEdited',
  'SubtitleRemoved',
  'TranscriptRequested',
  'TranscriptNotAvailable',
  'TranscriptCompleted',
  'TranscriptFailed',
])
  registerEventType(type, 1);
