/**
 * Spec §2 video editor: the words the video-edit events, the editor's answer and the learner's player share. A view
 * module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

/** What a video may be synchronised with (irreversible, so confirmed in the editor). */
export const VIDEO_SYNC_TARGETS = ['SLIDES', 'AUDIO'] as const;
export type VideoSyncTarget = (typeof VIDEO_SYNC_TARGETS)[number];

/** A kept part of the video, in seconds from its start. */
export interface VideoRange {
  start: number;
  end: number;
}

/** A multiple-choice question the learner's player asks at `at` seconds, pausing the video. */
export interface VideoInteraction {
  interactionId: string;
  at: number;
  question: string;
  multiple: boolean;
  options: { optionId: string; text: string; correct: boolean }[];
}
