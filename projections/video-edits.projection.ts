import type {
  MediaJobCompleted,
  MediaJobFailed,
  MediaJobRequested,
  RecordedEvent,
  VideoAnswerEvent,
  VideoEditEvent,
  VideoInteraction,
  VideoRange,
  VideoSyncTarget,
} from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';
import type { VideoCut } from './video-edits.view';

export const VIDEO_EDITS = 'video_edits';
export const VIDEO_ANSWERS = 'video_answers';

export type { VideoCut, VideoCutStatus } from './video-edits.view';

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
  cuts: VideoCut[];
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

const sameRanges = (a: VideoRange[], b: VideoRange[]) => a.length === b.length && a.every((r, i) => r.start === b[i].start && r.end === b[i].end);

/**
 * The cut a CUT job applies: named by the job (`cutId`); a job recorded before it named its cut is matched to the
 * chapter's oldest waiting cut with the same ranges (the pipeline asks for the jobs in the order of the cuts).
 */
function cutOf(doc: VideoEditDocument, job: MediaJobRequested['data']): VideoCut | undefined {
  if (job.cutId) return doc.cuts.find((c) => c.cutId === job.cutId);
  return doc.cuts.find((c) => c.status === 'PENDING' && !c.jobId && sameRanges(c.keep, job.keep ?? []));
}

/** Only a chapter the editor has a document for, and only a cut it knows, changes: other media jobs pass by. */
async function settleCut(writer: ProjectionWriter, event: RecordedEvent, chapterId: string, change: (doc: VideoEditDocument) => VideoCut[] | null) {
  if (!(await writer.get<VideoEditDocument>(VIDEO_EDITS, chapterId))) return;
  await writer.upsert<VideoEditDocument>(VIDEO_EDITS, chapterId, (current) => {
    const cuts = current && change(current);
    return current && cuts ? { ...current, cuts, updatedAt: event.time } : current;
  });
}

const withCut = (doc: VideoEditDocument, jobId: string, change: Partial<VideoCut>): VideoCut[] | null =>
  doc.cuts.some((c) => c.jobId === jobId) ? doc.cuts.map((c) => (c.jobId === jobId ? { ...c, ...change } : c)) : null;

export const videoEditsProjection: ProjectionDefinition = {
  name: 'video-edits',
  // 2: cuts carry the outcome of the media job applying them (DONE, FAILED and why).
  version: 2,
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
        cuts: [
          ...doc.cuts,
          {
            cutId: d.cutId,
            keep: d.keep,
            sourceDuration: d.sourceDuration,
            requestedAt: event.time,
            status: 'PENDING',
            jobId: null,
            reason: null,
            finishedAt: null,
          },
        ],
      }));
    },
    MediaJobRequested: (event, writer) => {
      const d = (event as RecordedEvent<MediaJobRequested>).data;
      if (d.kind !== 'CUT') return;
      return settleCut(writer, event, d.chapterId, (doc) => {
        const cut = cutOf(doc, d);
        return cut ? doc.cuts.map((c) => (c === cut ? { ...c, jobId: d.jobId } : c)) : null;
      });
    },
    MediaJobCompleted: (event, writer) => {
      const d = (event as RecordedEvent<MediaJobCompleted>).data;
      if (d.kind !== 'CUT') return;
      return settleCut(writer, event, d.chapterId, (doc) => withCut(doc, d.jobId, { status: 'DONE', reason: null, finishedAt: event.time }));
    },
    MediaJobFailed: (event, writer) => {
      const d = (event as RecordedEvent<MediaJobFailed>).data;
      if (d.kind !== 'CUT') return;
      return settleCut(writer, event, d.chapterId, (doc) => withCut(doc, d.jobId, { status: 'FAILED', reason: d.reason, finishedAt: event.time }));
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
