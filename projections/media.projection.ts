import type { ChapterAdded, MediaFile, MediaJobEvent, MediaJobKind, MediaOutput, RecordedEvent, SpeachCreated } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const MEDIA_JOBS = 'media_jobs';
export const MEDIA_CHAPTERS = 'media_chapters';
export const MEDIA_RENDITIONS = 'media_renditions';
export const MEDIA_TRACKS = 'media_tracks';

export type MediaJobStatus = 'pending' | 'done' | 'failed';

/** One media job (issue 22): what the job-id poll and the worker's restart read. */
export interface MediaJobDocument extends ProjectedDocument {
  kind: MediaJobKind;
  speachId: string;
  chapterId: string;
  requestedBy: string;
  requestedAt: string;
  inputs: MediaFile[];
  mode: 'replace' | 'duck' | null;
  speech: { text: string; lang: string } | null;
  trackKey: string | null;
  key: string | null;
  status: MediaJobStatus;
  percent: number;
  outputs: MediaOutput[];
  durationSeconds: number | null;
  engine: string | null;
  reason: string | null;
}

/** Which speach a chapter belongs to: the chapter-media calls name only the chapter. */
export interface MediaChapterDocument extends ProjectedDocument {
  speachId: string;
}

/**
 * The web renditions of an uploaded file, keyed by the file's blob id: a blob is content-addressed, so every
 * version and copy of a chapter holding that file plays the same renditions.
 */
export interface MediaRenditionsDocument extends ProjectedDocument {
  status: 'TRANSCODING' | 'READY' | 'FAILED';
  jobId: string;
  percent: number;
  outputs: MediaOutput[];
  durationSeconds: number | null;
  reason: string | null;
}

/** An audio track of a chapter made by a SPEECH job (a subtitle language's voice), keyed `{chapterId}:{trackKey}`. */
export interface MediaTrackDocument extends ProjectedDocument {
  chapterId: string;
  trackKey: string;
  jobId: string;
  status: MediaJobStatus;
  output: MediaOutput | null;
}

type Data<T extends MediaJobEvent['type']> = Extract<MediaJobEvent, { type: T }>['data'];
export const trackId = (chapterId: string, trackKey: string) => `${chapterId}:${trackKey}`;

async function finished(event: RecordedEvent, writer: Parameters<ProjectionDefinition['handlers'][string]>[1], status: MediaJobStatus) {
  const d = event.data as Data<'MediaJobCompleted'> & Partial<Data<'MediaJobFailed'>>;
  const outputs = status === 'done' ? (d.outputs ?? []) : [];
  await writer.upsert<MediaJobDocument>(
    MEDIA_JOBS,
    d.jobId,
    (job) =>
      job && {
        ...job,
        status,
        percent: status === 'done' ? 100 : job.percent,
        outputs,
        durationSeconds: d.durationSeconds ?? null,
        engine: d.engine ?? null,
        reason: d.reason ?? null,
      },
  );
  const job = await writer.get<MediaJobDocument>(MEDIA_JOBS, d.jobId);
  if (!job) return;
  if (job.kind === 'TRANSCODE') {
    await writer.upsert<MediaRenditionsDocument>(MEDIA_RENDITIONS, job.inputs[0].blobId, (doc) =>
      // Only the job the document waits for may settle it (a file uploaded twice may be transcoded twice).
      doc && doc.jobId === job._id
        ? {
            ...doc,
            status: status === 'done' ? 'READY' : 'FAILED',
            percent: 100,
            outputs,
            durationSeconds: d.durationSeconds ?? null,
            reason: d.reason ?? null,
          }
        : doc,
    );
  }
  if (job.kind === 'SPEECH' && job.trackKey) {
    await writer.upsert<MediaTrackDocument>(MEDIA_TRACKS, trackId(job.chapterId, job.trackKey), (doc) =>
      doc && doc.jobId === job._id ? { ...doc, status, output: outputs[0] ?? null } : doc,
    );
  }
}

export const mediaProjection: ProjectionDefinition = {
  name: 'media',
  version: 1,
  collections: [
    { name: MEDIA_JOBS, indexes: [{ field: 'status' }, { field: 'chapterId' }, { field: 'key' }] },
    { name: MEDIA_CHAPTERS, indexes: [{ field: 'speachId' }] },
    { name: MEDIA_RENDITIONS },
    { name: MEDIA_TRACKS, indexes: [{ field: 'chapterId' }] },
  ],
  handlers: {
    SpeachCreated: async (event, writer) => {
      const d = event.data as SpeachCreated['data'];
      for (const chapter of d.chapters)
        await writer.upsert<MediaChapterDocument>(MEDIA_CHAPTERS, chapter.chapterId, () => ({ _id: chapter.chapterId, speachId: d.speachId }));
    },
    ChapterAdded: async (event, writer) => {
      const d = event.data as ChapterAdded['data'];
      await writer.upsert<MediaChapterDocument>(MEDIA_CHAPTERS, d.chapterId, () => ({ _id: d.chapterId, speachId: d.speachId }));
    },
    MediaJobRequested: async (event, writer) => {
      const d = event.data as Data<'MediaJobRequested'>;
      await writer.upsert<MediaJobDocument>(MEDIA_JOBS, d.jobId, () => ({
        _id: d.jobId,
        kind: d.kind,
        speachId: d.speachId,
        chapterId: d.chapterId,
        requestedBy: d.requestedBy,
        requestedAt: event.time,
        inputs: d.inputs,
        mode: d.mode,
        speech: d.speech,
        trackKey: d.trackKey,
        key: d.key,
        status: 'pending',
        percent: 0,
        outputs: [],
        durationSeconds: null,
        engine: null,
        reason: null,
      }));
      if (d.kind === 'TRANSCODE') {
        await writer.upsert<MediaRenditionsDocument>(MEDIA_RENDITIONS, d.inputs[0].blobId, () => ({
          _id: d.inputs[0].blobId,
          status: 'TRANSCODING',
          jobId: d.jobId,
          percent: 0,
          outputs: [],
          durationSeconds: null,
          reason: null,
        }));
      }
      if (d.kind === 'SPEECH' && d.trackKey) {
        await writer.upsert<MediaTrackDocument>(MEDIA_TRACKS, trackId(d.chapterId, d.trackKey), () => ({
          _id: trackId(d.chapterId, d.trackKey!),
          chapterId: d.chapterId,
          trackKey: d.trackKey!,
          jobId: d.jobId,
          status: 'pending',
          output: null,
        }));
      }
    },
    MediaJobProgressed: async (event, writer) => {
      const d = event.data as Data<'MediaJobProgressed'>;
      await writer.upsert<MediaJobDocument>(MEDIA_JOBS, d.jobId, (job) => job && { ...job, percent: d.percent });
      const job = await writer.get<MediaJobDocument>(MEDIA_JOBS, d.jobId);
      if (job?.kind === 'TRANSCODE')
        await writer.upsert<MediaRenditionsDocument>(MEDIA_RENDITIONS, job.inputs[0].blobId, (doc) =>
          doc && doc.jobId === job._id ? { ...doc, percent: d.percent } : doc,
        );
    },
    MediaJobCompleted: (event, writer) => finished(event, writer, 'done'),
    MediaJobFailed: (event, writer) => finished(event, writer, 'failed'),
  },
};
