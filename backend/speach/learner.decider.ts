import type { ChapterContent, LearnerEvent, SignatureRecord } from '../../events';
import { type Decider, ForbiddenError, IllegalStateError, ValidationError } from '../infrastructure/decider/decider';
import { scoreQuiz } from './chapter-content';

/** Stream `learner-{userId}`: what one learner bookmarked, read and answered. */
export interface LearnerState {
  bookmarks: string[];
  /** speachId → chapter ids read. */
  read: Record<string, string[]>;
  /** speachId → quiz chapter ids passed at least once (absent in states folded before issue 23). */
  passed?: Record<string, string[]>;
  /** speachId → versions whose completion the learner signed. */
  trained?: Record<string, number[]>;
}

export type LearnerCommand =
  | { type: 'ToggleBookmark'; userId: string; speachId: string }
  | {
      type: 'ReadChapter';
      userId: string;
      speachId: string;
      chapterId: string;
      version: number | null;
      /** Hash of the version's content as read (null for the draft); absent where no reader screen is involved (seed). */
      contentHash?: string | null;
      /** Sequential unlock: the chapters that must be read first (computed from the version read). */
      requiredBefore: string[];
      /** A quiz, exam, survey, poll or open question: it counts as read once answered, not when opened. */
      takesAnswers: boolean;
    }
  | {
      type: 'AnswerChapter';
      userId: string;
      speachId: string;
      chapterId: string;
      content: ChapterContent;
      answers: Record<string, string[]>;
      text: string | null;
      requiredBefore: string[];
      version?: number | null;
      contentHash?: string | null;
    }
  | {
      /** A learner's completion of a speach version (issue 23): signed when the speach is GMP-regulated. */
      type: 'CompleteTraining';
      userId: string;
      speachId: string;
      version: number;
      contentHash: string;
      /** The version's chapters; a quiz must have been passed, any other chapter read. */
      chapters: { chapterId: string; mustPass: boolean }[];
      regulated: boolean;
      signature: SignatureRecord | null;
      now: string;
    };

function completion(state: LearnerState, command: Extract<LearnerCommand, { type: 'CompleteTraining' }>): LearnerEvent[] {
  const { userId, speachId, version, contentHash, signature } = command;
  const read = state.read[speachId] ?? [];
  const passed = state.passed?.[speachId] ?? [];
  const missing = command.chapters.filter((c) => (c.mustPass ? !passed.includes(c.chapterId) : !read.includes(c.chapterId)));
  if (missing.length > 0) throw new IllegalStateError(`Read every chapter and pass every quiz first (${missing.length} left)`);
  if ((state.trained?.[speachId] ?? []).includes(version)) throw new IllegalStateError('You already completed this version');
  if (!signature && command.regulated)
    throw new ValidationError('signature', 'This speach is GMP-regulated: its completion needs an electronic signature (meaning trained)');
  if (signature && signature.meaning !== 'trained') throw new ValidationError('signature.meaning', 'The meaning of this signature is trained');
  return [
    ...(signature ? [{ type: 'SignatureApplied' as const, data: { speachId, ...signature } }] : []),
    { type: 'TrainingCompleted', data: { speachId, userId, version, contentHash, at: command.now } },
  ];
}

function unlocked(state: LearnerState, speachId: string, requiredBefore: string[]): void {
  const read = state.read[speachId] ?? [];
  if (requiredBefore.some((id) => !read.includes(id))) throw new ForbiddenError('This sub-chapter is locked: read the previous ones first.');
}

/** The content hash (and an answer's version) when the caller knows them; old callers leave them out. */
function pinned(command: { version?: number | null; contentHash?: string | null; type: string }) {
  const out: { version?: number | null; contentHash?: string | null } = {};
  if (command.type === 'AnswerChapter' && command.version !== undefined) out.version = command.version;
  if (command.contentHash !== undefined) out.contentHash = command.contentHash;
  return out;
}

export const learnerDecider: Decider<LearnerState, LearnerCommand, LearnerEvent> = {
  initialState: () => ({ bookmarks: [], read: {} }),
  decide(command, state) {
    const { userId, speachId } = command;
    switch (command.type) {
      case 'ToggleBookmark':
        return state.bookmarks.includes(speachId)
          ? [{ type: 'SpeachUnbookmarked', data: { speachId, userId } }]
          : [{ type: 'SpeachBookmarked', data: { speachId, userId } }];
      case 'ReadChapter':
        unlocked(state, speachId, command.requiredBefore);
        if (command.takesAnswers) return [];
        return [{ type: 'ChapterRead', data: { speachId, userId, chapterId: command.chapterId, version: command.version, ...pinned(command) } }];
      case 'AnswerChapter': {
        unlocked(state, speachId, command.requiredBefore);
        const { content, answers } = command;
        const base = {
          speachId,
          userId,
          chapterId: command.chapterId,
          contentType: content.type,
          answers: {},
          text: null,
          score: null,
          max: null,
          passed: null,
          ...pinned(command),
        };
        if (content.type === 'QUESTION_OUVERTE') {
          const text = (command.text ?? '').trim();
          if (!text) throw new ValidationError('text', 'Write an answer first');
          if (text.length > 5000) throw new ValidationError('text', 'The answer must be at most 5000 characters');
          return [{ type: 'ChapterAnswered', data: { ...base, text } }];
        }
        if (content.type !== 'QUIZZ' && content.type !== 'QUIZZ_EXAMEN' && content.type !== 'SONDAGE' && content.type !== 'ENQUETE') {
          throw new ValidationError('chapterId', 'This chapter takes no answers');
        }
        const clean: Record<string, string[]> = {};
        for (const q of content.questions) {
          const given = answers[q.questionId];
          if (given === undefined) continue;
          if (!Array.isArray(given) || given.some((id) => !q.options.some((o) => o.optionId === id)))
            throw new ValidationError(`answers.${q.questionId}`, 'Unknown answer');
          if (!q.multiple && given.length > 1) throw new ValidationError(`answers.${q.questionId}`, 'Only one answer is allowed');
          clean[q.questionId] = [...new Set(given)];
        }
        if (Object.keys(clean).length === 0) throw new ValidationError('answers', 'Answer at least one question');
        if (content.type === 'SONDAGE' || content.type === 'ENQUETE') return [{ type: 'ChapterAnswered', data: { ...base, answers: clean } }];
        const result = scoreQuiz(content as Extract<ChapterContent, { type: 'QUIZZ' | 'QUIZZ_EXAMEN' }>, clean);
        return [{ type: 'ChapterAnswered', data: { ...base, answers: clean, score: result.score, max: result.max, passed: result.passed } }];
      }
      case 'CompleteTraining':
        return completion(state, command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SpeachBookmarked':
        return { ...state, bookmarks: [...state.bookmarks, event.data.speachId] };
      case 'SpeachUnbookmarked':
        return { ...state, bookmarks: state.bookmarks.filter((id) => id !== event.data.speachId) };
      case 'ChapterRead':
      case 'ChapterAnswered': {
        const { speachId, chapterId } = event.data;
        const read = state.read[speachId] ?? [];
        const next = read.includes(chapterId) ? state : { ...state, read: { ...state.read, [speachId]: [...read, chapterId] } };
        const passed = next.passed?.[speachId] ?? [];
        if (event.type !== 'ChapterAnswered' || event.data.passed !== true || passed.includes(chapterId)) return next;
        return { ...next, passed: { ...next.passed, [speachId]: [...passed, chapterId] } };
      }
      case 'TrainingCompleted': {
        const { speachId, version } = event.data;
        return { ...state, trained: { ...state.trained, [speachId]: [...(state.trained?.[speachId] ?? []), version] } };
      }
      // The stream also holds what other deciders write there (QuizResultsDeleted): it changes nothing here.
      default:
        return state;
    }
  },
};
