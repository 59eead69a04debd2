import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export { VIDEO_SYNC_TARGETS, type VideoInteraction, type VideoRange, type VideoSyncTarget } from './video-vocabulary.view';
import type { VideoInteraction, VideoRange, VideoSyncTarget } from './video-vocabulary.view';

/**
 * Stream `video-edit-{chapterId}`: the built-in video editor's decisions for one VIDEO/AUDIO chapter.
 * `weetId` keeps the spec's name for the editor's video (here: the blob id of the file it registered).
 */
export type ChapterVideoRegistered = DomainEvent<
  'ChapterVideoRegistered',
  { chapterId: string; speachId: string; weetId: string; duration: number; silent: boolean; registeredBy: string }
>;
/** A cut and trim decision: the ranges kept, in order. The MediaTools job that applies it reacts to this event. */
export type ChapterVideoCutRequested = DomainEvent<
  'ChapterVideoCutRequested',
  { chapterId: string; speachId: string; cutId: string; keep: VideoRange[]; sourceDuration: number; requestedBy: string }
>;
export type ChapterVideoAnnotated = DomainEvent<
  'ChapterVideoAnnotated',
  { chapterId: string; speachId: string; annotationId: string; at: number; duration: number; text: string; by: string }
>;
export type ChapterVideoAnnotationRemoved = DomainEvent<'ChapterVideoAnnotationRemoved', { chapterId: string; annotationId: string; by: string }>;
export type ChapterVideoInteractionAdded = DomainEvent<
  'ChapterVideoInteractionAdded',
  { chapterId: string; speachId: string; interaction: VideoInteraction; by: string }
>;
export type ChapterVideoInteractionRemoved = DomainEvent<'ChapterVideoInteractionRemoved', { chapterId: string; interactionId: string; by: string }>;
export type ChapterVideoSynchronised = DomainEvent<'ChapterVideoSynchronised', { chapterId: string; speachId: string; target: VideoSyncTarget; by: string }>;

export type VideoEditEvent =
  | ChapterVideoRegistered
  | ChapterVideoCutRequested
  | ChapterVideoAnnotated
  | ChapterVideoAnnotationRemoved
  | ChapterVideoInteractionAdded
  | ChapterVideoInteractionRemoved
  | ChapterVideoSynchronised;

/**
 * Stream `video-answers-{chapterId}-{userId}`: a learner's answers to the questions of a video, scored like a
 * quiz answer (ChapterAnswered): the chosen option ids, and whether they were exactly the right ones.
 */
export type VideoInteractionAnswered = DomainEvent<
  'VideoInteractionAnswered',
  { chapterId: string; speachId: string; userId: string; interactionId: string; answers: string[]; correct: boolean }
>;
export type VideoAnswerEvent = VideoInteractionAnswered;

export const videoEditStream = (chapterId: string) => `video-edit-${chapterId}`;
export const videoAnswersStream = (chapterId: string, userId: string) => `video-answers-${chapterId}-${userId}`;

for (const type of [
  'ChapterVideoRegistered',
  'ChapterVideoCutRequested',
  'ChapterVideoAnnotated',
  'ChapterVideoAnnotationRemoved',
  'ChapterVideoInteractionAdded',
  'ChapterVideoInteractionRemoved',
  'ChapterVideoSynchronised',
  'VideoInteractionAnswered',
]) {
  registerEventType(type, 1);
}
