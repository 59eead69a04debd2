import type { VideoEditEvent, VideoInteraction, VideoRange, VideoSyncTarget } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Limits of the editor's inputs (a chapter video is at most a few hours long). */
export const VIDEO_DURATION_MAX = 6 * 3600;
export const ANNOTATION_TEXT_MAX = 500;
export const ANNOTATIONS_MAX = 200;
export const INTERACTIONS_MAX = 50;
export const RANGES_MAX = 50;
/** A cut shorter than this is a slip of the mouse, not a part worth keeping. */
export const RANGE_MIN = 0.1;

export interface VideoEditState {
  speachId: string | null;
  /** The duration of the chapter's current video in seconds (the registered one, or what the request learnt of the upload). */
  duration: number | null;
  synchronisedWith: VideoSyncTarget | null;
  annotationIds: string[];
  interactionIds: string[];
}

/** What the request learnt about the chapter: its speach and the duration of the video it holds (null: none yet). */
export interface ChapterFacts {
  speachId: string;
  videoDuration: number | null;
}

export type VideoEditCommand =
  | { type: 'RegisterChapterVideo'; chapterId: string; weetId: string; duration: number; silent: boolean; by: string; facts: ChapterFacts }
  | { type: 'RequestVideoCut'; chapterId: string; cutId: string; keep: VideoRange[]; by: string; facts: ChapterFacts }
  | { type: 'AnnotateVideo'; chapterId: string; annotationId: string; at: number; duration: number; text: string; by: string; facts: ChapterFacts }
  | { type: 'RemoveVideoAnnotation'; chapterId: string; annotationId: string; by: string }
  | { type: 'AddVideoInteraction'; chapterId: string; interaction: VideoInteraction; by: string; facts: ChapterFacts }
  | { type: 'RemoveVideoInteraction'; chapterId: string; interactionId: string; by: string }
  | { type: 'SynchroniseVideo'; chapterId: string; target: VideoSyncTarget; by: string; facts: ChapterFacts };

function knownDuration(state: VideoEditState, facts: ChapterFacts): number {
  const duration = state.duration ?? facts.videoDuration;
  if (duration === null) throw new IllegalStateError('This chapter has no video yet: record or upload one first.');
  return duration;
}

function within(field: string, at: number, duration: number): void {
  if (!Number.isFinite(at) || at < 0 || at > duration) throw new ValidationError(field, `${field} must be between 0 and the video's ${duration} seconds`);
}

function register(command: Extract<VideoEditCommand, { type: 'RegisterChapterVideo' }>): VideoEditEvent[] {
  if (!Number.isFinite(command.duration) || command.duration <= 0 || command.duration > VIDEO_DURATION_MAX) {
    throw new ValidationError('duration', `duration must be a number of seconds above 0 and at most ${VIDEO_DURATION_MAX}`);
  }
  const { chapterId, weetId, duration, silent, by } = command;
  return [{ type: 'ChapterVideoRegistered', data: { chapterId, speachId: command.facts.speachId, weetId, duration, silent, registeredBy: by } }];
}

/** The kept ranges must be in order, apart and inside the video: what a cut job can apply without guessing. */
function cut(command: Extract<VideoEditCommand, { type: 'RequestVideoCut' }>, state: VideoEditState): VideoEditEvent[] {
  const duration = knownDuration(state, command.facts);
  if (state.synchronisedWith) throw new IllegalStateError(`This video is synchronised with ${state.synchronisedWith.toLowerCase()}: it can no longer be cut.`);
  if (command.keep.length === 0 || command.keep.length > RANGES_MAX) throw new ValidationError('keep', `keep must list from 1 to ${RANGES_MAX} ranges`);
  let previousEnd = 0;
  command.keep.forEach((range, i) => {
    within(`keep[${i}].start`, range.start, duration);
    within(`keep[${i}].end`, range.end, duration);
    if (range.end - range.start < RANGE_MIN) throw new ValidationError(`keep[${i}].end`, `keep[${i}] must end at least ${RANGE_MIN} s after it starts`);
    if (i > 0 && range.start < previousEnd) throw new ValidationError(`keep[${i}].start`, `keep[${i}] must start after the previous range ends`);
    previousEnd = range.end;
  });
  const whole = command.keep.length === 1 && command.keep[0].start === 0 && command.keep[0].end === duration;
  if (whole) throw new ValidationError('keep', 'keep covers the whole video: there is nothing to cut');
  return [
    {
      type: 'ChapterVideoCutRequested',
      data: {
        chapterId: command.chapterId,
        speachId: command.facts.speachId,
        cutId: command.cutId,
        keep: command.keep,
        sourceDuration: duration,
        requestedBy: command.by,
      },
    },
  ];
}

function annotate(command: Extract<VideoEditCommand, { type: 'AnnotateVideo' }>, state: VideoEditState): VideoEditEvent[] {
  const duration = knownDuration(state, command.facts);
  within('at', command.at, duration);
  if (!Number.isFinite(command.duration) || command.duration <= 0 || command.duration > duration)
    throw new ValidationError('duration', 'duration must be above 0 and at most the video length');
  const text = command.text.trim();
  if (!text || text.length > ANNOTATION_TEXT_MAX) throw new ValidationError('text', `text must hold 1 to ${ANNOTATION_TEXT_MAX} characters`);
  if (state.annotationIds.length >= ANNOTATIONS_MAX) throw new IllegalStateError(`A video holds at most ${ANNOTATIONS_MAX} annotations.`);
  const { chapterId, annotationId, at, by } = command;
  return [{ type: 'ChapterVideoAnnotated', data: { chapterId, speachId: command.facts.speachId, annotationId, at, duration: command.duration, text, by } }];
}

function addInteraction(command: Extract<VideoEditCommand, { type: 'AddVideoInteraction' }>, state: VideoEditState): VideoEditEvent[] {
  const duration = knownDuration(state, command.facts);
  const { interaction } = command;
  within('at', interaction.at, duration);
  const right = interaction.options.filter((o) => o.correct).length;
  if (right === 0) throw new ValidationError('options', 'options must mark at least one right answer');
  if (!interaction.multiple && right > 1) throw new ValidationError('options', 'a single-answer question has exactly one right answer');
  if (state.interactionIds.length >= INTERACTIONS_MAX) throw new IllegalStateError(`A video holds at most ${INTERACTIONS_MAX} questions.`);
  return [{ type: 'ChapterVideoInteractionAdded', data: { chapterId: command.chapterId, speachId: command.facts.speachId, interaction, by: command.by } }];
}

function synchronise(command: Extract<VideoEditCommand, { type: 'SynchroniseVideo' }>, state: VideoEditState): VideoEditEvent[] {
  knownDuration(state, command.facts);
  if (state.synchronisedWith)
    throw new IllegalStateError(`This video is already synchronised with ${state.synchronisedWith.toLowerCase()}: that cannot be undone.`);
  return [
    { type: 'ChapterVideoSynchronised', data: { chapterId: command.chapterId, speachId: command.facts.speachId, target: command.target, by: command.by } },
  ];
}

/** The editor's decisions for one chapter video: register, cut, annotate, ask, synchronise (once and for good). */
export const videoEditDecider: Decider<VideoEditState, VideoEditCommand, VideoEditEvent> = {
  initialState: () => ({ speachId: null, duration: null, synchronisedWith: null, annotationIds: [], interactionIds: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'RegisterChapterVideo':
        return register(command);
      case 'RequestVideoCut':
        return cut(command, state);
      case 'AnnotateVideo':
        return annotate(command, state);
      case 'RemoveVideoAnnotation':
        if (!state.annotationIds.includes(command.annotationId)) throw new NotFoundError('Unknown annotation');
        return [{ type: 'ChapterVideoAnnotationRemoved', data: { chapterId: command.chapterId, annotationId: command.annotationId, by: command.by } }];
      case 'AddVideoInteraction':
        return addInteraction(command, state);
      case 'RemoveVideoInteraction':
        if (!state.interactionIds.includes(command.interactionId)) throw new NotFoundError('Unknown question');
        return [{ type: 'ChapterVideoInteractionRemoved', data: { chapterId: command.chapterId, interactionId: command.interactionId, by: command.by } }];
      case 'SynchroniseVideo':
        return synchronise(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ChapterVideoRegistered':
        return { ...state, speachId: event.data.speachId, duration: event.data.duration };
      case 'ChapterVideoCutRequested':
        return { ...state, speachId: event.data.speachId, duration: event.data.keep.reduce((sum, r) => sum + (r.end - r.start), 0) };
      case 'ChapterVideoAnnotated':
        return { ...state, speachId: event.data.speachId, annotationIds: [...state.annotationIds, event.data.annotationId] };
      case 'ChapterVideoAnnotationRemoved':
        return { ...state, annotationIds: state.annotationIds.filter((id) => id !== event.data.annotationId) };
      case 'ChapterVideoInteractionAdded':
        return { ...state, speachId: event.data.speachId, interactionIds: [...state.interactionIds, event.data.interaction.interactionId] };
      case 'ChapterVideoInteractionRemoved':
        return { ...state, interactionIds: state.interactionIds.filter((id) => id !== event.data.interactionId) };
      case 'ChapterVideoSynchronised':
        return { ...state, synchronisedWith: event.data.target };
      default:
        return state;
    }
  },
};
