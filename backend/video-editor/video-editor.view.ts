/**
 * What the built-in video editor and the learner's video player are answered (spec §2, §7). A view module: it
 * imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { VideoInteraction, VideoSyncTarget } from '../../events/video-vocabulary.view';
import type { VideoCut as VideoCutView } from '../../projections/video-edits.view';

export type { VideoInteraction, VideoRange, VideoSyncTarget } from '../../events/video-vocabulary.view';

/** A caption shown from `at` for `duration` seconds. */
export interface VideoAnnotationView {
  annotationId: string;
  at: number;
  duration: number;
  text: string;
}

/** A cut decision and the outcome of the media job applying it: the projection's own field list. */
export type { VideoCut as VideoCutView, VideoCutStatus } from '../../projections/video-edits.view';

/** `GET api/v2/recorder/video-editor/{chapterId}` and every edit: the chapter's edit state, whether it has a video yet (spec: edit mode when not), and its cuts. */
export interface VideoEditorView {
  chapterId: string;
  speachId: string;
  title: string;
  contentType: string;
  hasVideo: boolean;
  weetId: string | null;
  duration: number | null;
  silent: boolean;
  synchronisedWith: VideoSyncTarget | null;
  annotations: VideoAnnotationView[];
  interactions: VideoInteraction[];
  cuts: VideoCutView[];
}

/** A question as the learner's player gets it: without which options are right. */
export type VideoQuestionView = Omit<VideoInteraction, 'options'> & { options: Omit<VideoInteraction['options'][number], 'correct'>[] };

/** The reader's own last answer to one question. */
export interface VideoAnswerRecord {
  answers: string[];
  correct: boolean;
  at: string;
}

/** `GET api/v2/chapter/video-overlays/{chapterId}`: what the learner's player overlays, and the reader's own answers by question. */
export interface VideoOverlaysView {
  annotations: VideoAnnotationView[];
  interactions: VideoQuestionView[];
  answers: Record<string, VideoAnswerRecord>;
}

/** `POST …/video-overlays/{chapterId}/answer`: scored like a quiz answer. */
export interface VideoAnswerResult {
  correct: boolean;
  rightAnswers: string[];
}
