/**
 * One cut of a chapter's video as the video-edits projection stores it and the video editor answers it (spec §7).
 * A view module: it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { VideoRange } from '../events/video-vocabulary.view';

export type VideoCutStatus = 'PENDING' | 'DONE' | 'FAILED';

/** A cut decision and the outcome of the media job applying it (DONE: the chapter's file is the cut one). */
export interface VideoCut {
  cutId: string;
  keep: VideoRange[];
  sourceDuration: number;
  requestedAt: string;
  status: VideoCutStatus;
  /** The media job cutting the file, once the pipeline asked for it. */
  jobId: string | null;
  /** FAILED: why, as the job said it. */
  reason: string | null;
  finishedAt: string | null;
}
