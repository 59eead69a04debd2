import type { ChapterContent, LearnerEvent } from '../../events';
import { type Decider, ForbiddenError, ValidationError } from '../infrastructure/decider/decider';
import { scoreQuiz } from './chapter-content';

/** Stream `learner-{userId}`: what one learner bookmarked, read and answered. */
export interface LearnerState {
  bookmarks: string[];
  /** speachId → chapter ids read. */
  read: Record<string, string[]>;
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
    };

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
          speachId, userId, chapterId: command.chapterId, contentType: content.type, answers: {}, text: null, score: null, max: null, passed: null,
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
          if (!Array.isArray(given) || given.some((id) => !q.options.some((o) => o.optionId === id))) throw new ValidationError(`answers.${q.questionId}`, 'Unknown answer');
          if (!q.multiple && given.length > 1) throw new ValidationError(`answers.${q.questionId}`, 'Only one answer is allowed');
          clean[q.questionId] = [...new Set(given)];
        }
        if (Object.keys(clean).length === 0) throw new ValidationError('answers', 'Answer at least one question');
        if (content.type === 'SONDAGE' || content.type === 'ENQUETE') return [{ type: 'ChapterAnswered', data: { ...base, answers: clean } }];
        const result = scoreQuiz(content as Extract<ChapterContent, { type: 'QUIZZ' | 'QUIZZ_EXAMEN' }>, clean);
        return [{ type: 'ChapterAnswered', data: { ...base, answers: clean, score: result.score, max: result.max, passed: result.passed } }];
      }
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
        const read = state.read[event.data.speachId] ?? [];
        return read.includes(event.data.chapterId) ? state : { ...state, read: { ...state.read, [event.data.speachId]: [...read, event.data.chapterId] } };
      }
      // The stream also holds what other deciders write there (QuizResultsDeleted): it changes nothing here.
      default:
        return state;
    }
  },
};
