import type { VideoEditEvent, VideoInteraction } from '../../events';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { videoAnswerDecider } from './video-answer.decider';
import { type ChapterFacts, type VideoEditCommand, videoEditDecider } from './video-edit.decider';

describe('video edit decider', () => {
  const spec = deciderSpec(videoEditDecider);
  const facts: ChapterFacts = { speachId: 's1', videoDuration: null };
  const registered: VideoEditEvent = {
    type: 'ChapterVideoRegistered',
    data: { chapterId: 'c1', speachId: 's1', weetId: 'blob-1', duration: 10, silent: false, registeredBy: 'u1' },
  };
  const question: VideoInteraction = {
    interactionId: 'i1',
    at: 4,
    question: 'Which gear?',
    multiple: false,
    options: [
      { optionId: 'a', text: 'Gloves', correct: true },
      { optionId: 'b', text: 'Sandals', correct: false },
    ],
  };
  const cut = (keep: { start: number; end: number }[], over: Partial<ChapterFacts> = {}): VideoEditCommand => ({
    type: 'RequestVideoCut',
    chapterId: 'c1',
    cutId: 'k1',
    keep,
    by: 'u1',
    facts: { ...facts, ...over },
  });

  it('registers an edited video and a silent one with their durations', () => {
    spec.given([]).when({ type: 'RegisterChapterVideo', chapterId: 'c1', weetId: 'blob-1', duration: 10, silent: false, by: 'u1', facts }).then([registered]);
    spec
      .given([registered])
      .when({ type: 'RegisterChapterVideo', chapterId: 'c1', weetId: 'blob-2', duration: 3.5, silent: true, by: 'u1', facts })
      .then([{ type: 'ChapterVideoRegistered', data: { chapterId: 'c1', speachId: 's1', weetId: 'blob-2', duration: 3.5, silent: true, registeredBy: 'u1' } }]);
  });

  it('refuses a duration that is not a positive number of seconds', () => {
    spec
      .given([])
      .when({ type: 'RegisterChapterVideo', chapterId: 'c1', weetId: 'b', duration: 0, silent: false, by: 'u1', facts })
      .thenThrows(ValidationError, /duration/);
    spec
      .given([])
      .when({ type: 'RegisterChapterVideo', chapterId: 'c1', weetId: 'b', duration: Number.NaN, silent: false, by: 'u1', facts })
      .thenThrows(ValidationError, /duration/);
  });

  it('records a cut decision on the registered video, or on the uploaded one the request measured', () => {
    const keep = [
      { start: 0, end: 3 },
      { start: 5, end: 9.5 },
    ];
    spec
      .given([registered])
      .when(cut(keep))
      .then([{ type: 'ChapterVideoCutRequested', data: { chapterId: 'c1', speachId: 's1', cutId: 'k1', keep, sourceDuration: 10, requestedBy: 'u1' } }]);
    spec
      .given([])
      .when(cut([{ start: 1, end: 2 }], { videoDuration: 4 }))
      .thenEvents(([event]) => expect(event.data).toMatchObject({ sourceDuration: 4 }));
  });

  it('refuses ranges that overlap, leave the video, are empty or keep everything, naming the range', () => {
    spec
      .given([registered])
      .when(
        cut([
          { start: 0, end: 4 },
          { start: 3, end: 6 },
        ]),
      )
      .thenThrows(ValidationError, /keep\[1\] must start after/);
    spec
      .given([registered])
      .when(cut([{ start: 2, end: 12 }]))
      .thenThrows(ValidationError, /keep\[0\]\.end/);
    spec
      .given([registered])
      .when(cut([{ start: 2, end: 2 }]))
      .thenThrows(ValidationError, /keep\[0\] must end/);
    spec
      .given([registered])
      .when(cut([]))
      .thenThrows(ValidationError, /from 1 to/);
    spec
      .given([registered])
      .when(cut([{ start: 0, end: 10 }]))
      .thenThrows(ValidationError, /nothing to cut/);
  });

  it('refuses editing a chapter that has no video yet', () => {
    spec
      .given([])
      .when(cut([{ start: 0, end: 1 }]))
      .thenThrows(IllegalStateError, /no video/);
  });

  it('measures later edits against the cut video', () => {
    const cutDone: VideoEditEvent = {
      type: 'ChapterVideoCutRequested',
      data: { chapterId: 'c1', speachId: 's1', cutId: 'k1', keep: [{ start: 0, end: 4 }], sourceDuration: 10, requestedBy: 'u1' },
    };
    spec
      .given([registered, cutDone])
      .when({ type: 'AnnotateVideo', chapterId: 'c1', annotationId: 'a1', at: 6, duration: 1, text: 'Too late', by: 'u1', facts })
      .thenThrows(ValidationError, /at must be between 0 and the video's 4 seconds/);
  });

  it('annotates at a timestamp with trimmed text, and removes only a known annotation', () => {
    const annotated: VideoEditEvent = {
      type: 'ChapterVideoAnnotated',
      data: { chapterId: 'c1', speachId: 's1', annotationId: 'a1', at: 2, duration: 3, text: 'Wear gloves', by: 'u1' },
    };
    spec
      .given([registered])
      .when({ type: 'AnnotateVideo', chapterId: 'c1', annotationId: 'a1', at: 2, duration: 3, text: '  Wear gloves ', by: 'u1', facts })
      .then([annotated]);
    spec
      .given([registered])
      .when({ type: 'AnnotateVideo', chapterId: 'c1', annotationId: 'a1', at: 2, duration: 3, text: '   ', by: 'u1', facts })
      .thenThrows(ValidationError, /text/);
    spec
      .given([registered, annotated])
      .when({ type: 'RemoveVideoAnnotation', chapterId: 'c1', annotationId: 'a1', by: 'u1' })
      .then([{ type: 'ChapterVideoAnnotationRemoved', data: { chapterId: 'c1', annotationId: 'a1', by: 'u1' } }]);
    spec.given([registered]).when({ type: 'RemoveVideoAnnotation', chapterId: 'c1', annotationId: 'a1', by: 'u1' }).thenThrows(NotFoundError);
  });

  it('adds a question with one right answer, refuses one without any, and removes it', () => {
    const added: VideoEditEvent = { type: 'ChapterVideoInteractionAdded', data: { chapterId: 'c1', speachId: 's1', interaction: question, by: 'u1' } };
    spec.given([registered]).when({ type: 'AddVideoInteraction', chapterId: 'c1', interaction: question, by: 'u1', facts }).then([added]);
    const noRight = { ...question, options: question.options.map((o) => ({ ...o, correct: false })) };
    spec
      .given([registered])
      .when({ type: 'AddVideoInteraction', chapterId: 'c1', interaction: noRight, by: 'u1', facts })
      .thenThrows(ValidationError, /right answer/);
    const twoRight = { ...question, options: question.options.map((o) => ({ ...o, correct: true })) };
    spec
      .given([registered])
      .when({ type: 'AddVideoInteraction', chapterId: 'c1', interaction: twoRight, by: 'u1', facts })
      .thenThrows(ValidationError, /exactly one/);
    spec
      .given([registered, added])
      .when({ type: 'RemoveVideoInteraction', chapterId: 'c1', interactionId: 'i1', by: 'u1' })
      .then([{ type: 'ChapterVideoInteractionRemoved', data: { chapterId: 'c1', interactionId: 'i1', by: 'u1' } }]);
  });

  it('synchronises once and for good: no second synchronisation, no cut afterwards', () => {
    const synced: VideoEditEvent = { type: 'ChapterVideoSynchronised', data: { chapterId: 'c1', speachId: 's1', target: 'SLIDES', by: 'u1' } };
    spec.given([registered]).when({ type: 'SynchroniseVideo', chapterId: 'c1', target: 'SLIDES', by: 'u1', facts }).then([synced]);
    spec
      .given([registered, synced])
      .when({ type: 'SynchroniseVideo', chapterId: 'c1', target: 'AUDIO', by: 'u1', facts })
      .thenThrows(IllegalStateError, /cannot be undone/);
    spec
      .given([registered, synced])
      .when(cut([{ start: 0, end: 2 }]))
      .thenThrows(IllegalStateError, /can no longer be cut/);
  });
});

describe('video answer decider', () => {
  const spec = deciderSpec(videoAnswerDecider);
  const interaction: VideoInteraction = {
    interactionId: 'i1',
    at: 4,
    question: 'Which?',
    multiple: true,
    options: [
      { optionId: 'a', text: 'A', correct: true },
      { optionId: 'b', text: 'B', correct: true },
      { optionId: 'c', text: 'C', correct: false },
    ],
  };
  const answer = (answers: string[], over: Partial<VideoInteraction> = {}) => ({
    type: 'AnswerVideoInteraction' as const,
    chapterId: 'c1',
    speachId: 's1',
    userId: 'r1',
    interaction: { ...interaction, ...over },
    answers,
  });

  it('scores an answer right only when it picks exactly the right options', () => {
    spec
      .given([])
      .when(answer(['b', 'a']))
      .then([
        { type: 'VideoInteractionAnswered', data: { chapterId: 'c1', speachId: 's1', userId: 'r1', interactionId: 'i1', answers: ['b', 'a'], correct: true } },
      ]);
    spec
      .given([])
      .when(answer(['a']))
      .thenEvents(([event]) => expect(event.data.correct).toBe(false));
    spec
      .given([])
      .when(answer(['a', 'b', 'c']))
      .thenEvents(([event]) => expect(event.data.correct).toBe(false));
  });

  it('refuses no answer, an unknown option, and two answers to a single-answer question', () => {
    spec
      .given([])
      .when(answer([]))
      .thenThrows(ValidationError, /Choose/);
    spec
      .given([])
      .when(answer(['z']))
      .thenThrows(ValidationError, /Unknown option z/);
    spec
      .given([])
      .when(answer(['a', 'c'], { multiple: false }))
      .thenThrows(ValidationError, /one answer/);
  });
});
