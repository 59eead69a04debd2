import type { AutoTranscriptStatus, SubtitleCue, SubtitleEvent, SubtitleLocale } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export const CHAPTER_SUBTITLES = 'chapter_subtitles';

export interface SubtitleTrack {
  id: string;
  lang: SubtitleLocale;
  label: string;
  source: 'UPLOAD' | 'TRANSCRIPT';
  cues: SubtitleCue[];
}

/** A chapter's subtitle tracks and transcript, keyed by chapter id: the player, the editor and the transcript panel read it. */
export interface ChapterSubtitlesDocument extends ProjectedDocument {
  speachId: string;
  tracks: SubtitleTrack[];
  autoTranscriptStatus: AutoTranscriptStatus;
  /** Why there is no transcript (NA) or why it failed (ERROR). */
  transcriptReason: string | null;
  transcriptLang: SubtitleLocale | null;
  /** The transcript as plain text (the panel beside the player; the search index holds it too). */
  transcriptText: string | null;
  blobId: string | null;
}

type Data<T extends SubtitleEvent['type']> = Extract<SubtitleEvent, { type: T }>['data'];

function change(writer: ProjectionWriter, data: { chapterId: string; speachId: string }, apply: (doc: ChapterSubtitlesDocument) => ChapterSubtitlesDocument) {
  return writer.upsert<ChapterSubtitlesDocument>(CHAPTER_SUBTITLES, data.chapterId, (current) =>
    apply(
      current ?? {
        _id: data.chapterId,
        speachId: data.speachId,
        tracks: [],
        autoTranscriptStatus: 'NONE',
        transcriptReason: null,
        transcriptLang: null,
        transcriptText: null,
        blobId: null,
      },
    ),
  );
}

export const subtitlesProjection: ProjectionDefinition = {
  name: 'subtitles',
  version: 1,
  collections: [{ name: CHAPTER_SUBTITLES, indexes: [{ field: 'speachId' }, { field: 'autoTranscriptStatus' }] }],
  handlers: {
    SubtitleAdded: (event, writer) => {
      const d = event.data as Data<'SubtitleAdded'>;
      return change(writer, d, (doc) => ({
        ...doc,
        tracks: [...doc.tracks.filter((t) => t.id !== d.subtitleId), { id: d.subtitleId, lang: d.lang, label: d.label, source: d.source, cues: d.cues }],
      }));
    },
    SubtitleEdited: (event, writer) => {
      const d = event.data as Data<'SubtitleEdited'>;
      return change(writer, d, (doc) => ({ ...doc, tracks: doc.tracks.map((t) => (t.id === d.subtitleId ? { ...t, label: d.label, cues: d.cues } : t)) }));
    },
    SubtitleRemoved: (event, writer) => {
      const d = event.data as Data<'SubtitleRemoved'>;
      return change(writer, d, (doc) => ({ ...doc, tracks: doc.tracks.filter((t) => t.id !== d.subtitleId) }));
    },
    TranscriptRequested: (event, writer) => {
      const d = event.data as Data<'TranscriptRequested'>;
      return change(writer, d, (doc) => ({ ...doc, autoTranscriptStatus: 'WAITING', transcriptReason: null, transcriptLang: d.lang, blobId: d.blobId }));
    },
    TranscriptNotAvailable: (event, writer) => {
      const d = event.data as Data<'TranscriptNotAvailable'>;
      return change(writer, d, (doc) => ({ ...doc, autoTranscriptStatus: 'NA', transcriptReason: d.reason, transcriptText: null, blobId: d.blobId }));
    },
    TranscriptCompleted: (event, writer) => {
      const d = event.data as Data<'TranscriptCompleted'>;
      return change(writer, d, (doc) => ({
        ...doc,
        autoTranscriptStatus: 'DONE',
        transcriptReason: null,
        transcriptLang: d.lang,
        transcriptText: d.text,
        tracks: d.subtitleId
          ? [
              ...doc.tracks.filter((t) => t.id !== d.subtitleId),
              {
                id: d.subtitleId,
                lang: d.lang,
                label: doc.tracks.find((t) => t.id === d.subtitleId)?.label ?? transcriptLabel(d.lang),
                source: 'TRANSCRIPT' as const,
                cues: d.cues,
              },
            ]
          : doc.tracks,
      }));
    },
    TranscriptFailed: (event, writer) => {
      const d = event.data as Data<'TranscriptFailed'>;
      return change(writer, d, (doc) => ({ ...doc, autoTranscriptStatus: 'ERROR', transcriptReason: d.reason }));
    },
  },
};

/** A subtitle language's name in that language ("français (France)"): the default label of a track. */
export function localeName(lang: string): string {
  const tag = lang.replace('_', '-');
  return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
}

/** A transcript's track, marked as made automatically. */
export function transcriptLabel(lang: string): string {
  return `${localeName(lang)} (auto)`;
}
