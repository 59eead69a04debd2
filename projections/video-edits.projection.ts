import type { RecordedEvent, VideoAnswerEvent, VideoEditEvent, VideoInteraction, VideoRange, VideoSyncTarget } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export const VIDEO_EDITS = 'video_edits';
export const VIDEO_ANSWERS = 'video_answers';

/** The built-in video editor's state of one chapter, keyed by chapter id: what the editor and the learner's player show. */
export interface VideoEditDocument extends ProjectedDocument {
  speachId: string;
  /** The video the editor registered (spec: weetID), null while the chapter keeps its uploaded file. */
  weetId: string | null;
  duration: number | null;
  silent: boolean;
  synchronisedWith: VideoSyncTarget | null;
  annotations: { annotationId: string; at: number; duration: number; text: string }[];
  interactions: VideoInteraction[];
  /** Cut decisions in order; `PENDING` until the media job that applies them reports back. */
  cuts: { cutId: string; keep: VideoRange[]; sourceDuration: number; requestedAt: string; status: 'PENDING' }[];
  updatedAt: string;
}

/** A learner's last answer per question of one chapter video, keyed `{chapterId}:{userId}`. */
export interface VideoAnswersDocument extends ProjectedDocument {
  chapterId: string;
  speachId: string;
  userId: string;
  answers: Record<string, { answers: string[]; correct: boolean; at: string }>;
}

type Data<T extends VideoEditEvent['type']> = Extract<VideoEditEvent, { type: T }>['data'];

const fresh = (speachId: string, at: string): VideoEditDocument => ({
  _id: '',
  speachId,
  weetId: null,
  duration: null,
  silent: false,
  synchronisedWith: null,
  annotations: [],
  interactions: [],
  cuts: [],
  updatedAt: at,
});

function edit(writer: ProjectionWriter, event: RecordedEvent, change: (doc: VideoEditDocument) => Partial<VideoEditDocument>): Promise<void> {
  const data = event.data as { chapterId: string; speachId?: string };
  return writer.upsert<VideoEditDocument>(VIDEO_EDITS, data.chapterId, (current) => {
    const doc = current ?? { ...fresh(data.speachId ?? '', event.time), _id: data.chapterId };
    return { ...doc, ...change(doc), updatedAt: event.time };
  });
}

export const videoEditsProjection: ProjectionDefinition = {
  name: 'video-edits',
  version: 1,
  collections: [
    { name: VIDEO_EDITS, indexes: [{ field: 'speachId' }] },
    { name: VIDEO_ANSWERS, indexes: [{ field: 'chapterId' }, { field: 'userId' }] },
  ],
  handlers: {
    ChapterVideoRegistered: (event, writer) => {
      const d = event.data as Data<'ChapterVideoRegistered'>;
      return edit(writer, event, () => ({ speachId: d.speachId, weetId: d.weetId, duration: d.duration, silent: d.silent }));
    },
    ChapterVideoCutRequested: (event, writer) => {
      const d = event.data as Data<'ChapterVideoCutRequested'>;
      const kept = d.keep.reduce((sum, r) => sum + (r.end - r.start), 0);
      return edit(writer, event, (doc) => ({
        duration: kept,
        cuts: [...doc.cuts, { cutId: d.cutId, keep: d.keep, sourceDuration: d.sourceDuration, requestedAt: event.time, status: 'PENDING' }],
      }));
    },
    ChapterVideoAnnotated: (event, writer) => {
      const d = event.data as Data<'ChapterVideoAnnotated'>;
      const annotation = { annotationId: d.annotationId, at: d.at, duration: d.duration, text: d.text };
      return edit(writer, event, (doc) => ({ annotations: [...doc.annotations, annotation].sort((a, b) => a.at - b.at) }));
    },
    ChapterVideoAnnotationRemoved: (event, writer) => {
      const d = event.data as Data<'ChapterVideoAnnotationRemoved'>;
      return edit(writer, event, (doc) => ({ annotations: doc.annotations.filter((a) => a.annotationId !== d.annotationId) }));
    },
    ChapterVideoInteractionAdded: (event, writer) => {
      const d = event.data as Data<'ChapterVideoInteractionAdded'>;
      return edit(writer, event, (doc) => ({ interactions: [...doc.interactions, d.interaction].sort((a, b) => a.at - b.at) }));
    },
    ChapterVideoInteractionRemoved: (event, writer) => {
      const d = event.data as Data<'ChapterVideoInteractionRemoved'>;
      return edit(writer, event, (doc) => ({ interactions: doc.interactions.filter((i) => i.interactionId !== d.interactionId) }));
    },
    ChapterVideoSynchronised: (event, writer) => {
      const d = event.data as Data<'ChapterVideoSynchronised'>;
      return edit(writer, event, () => ({ synchronisedWith: d.target }));
    },
    VideoInteractionAnswered: (event, writer) => {
      const d = (event as unknown as VideoAnswerEvent).data;
      return writer.upsert<VideoAnswersDocument>(VIDEO_ANSWERS, `${d.chapterId}:${d.userId}`, (current) => ({
        _id: `${d.chapterId}:${d.userId}`,
        chapterId: d.chapterId,
        speachId: d.speachId,
        userId: d.userId,
        answers: { ...(current?.answers ?? {}), [d.interactionId]: { answers: d.answers, correct: d.correct, at: event.time } },
      }));
    },
  },
};
