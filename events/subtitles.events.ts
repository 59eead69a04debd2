import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export { SUBTITLE_LOCALES, type SubtitleCue, type SubtitleLocale, type SubtitleSource } from './subtitle-vocabulary.view';
import type { SubtitleCue, SubtitleLocale, SubtitleSource } from './subtitle-vocabulary.view';

type C<T extends string, D> = DomainEvent<T, { chapterId: string; speachId: string } & D>;

/** Stream `subtitles-{chapterId}`: a chapter's subtitle tracks (one per language) and its automatic transcript. */
export type SubtitleAdded = C<'SubtitleAdded', { subtitleId: string; lang: SubtitleLocale; label: string; cues: SubtitleCue[]; source: SubtitleSource }>;
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
