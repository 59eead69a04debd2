import { Inject, Injectable } from '@nestjs/common';
import { type ChapterContent, SPEACH_LANGUAGES } from '../../../events';
import { AI_CHAPTERS, type AiChapterDocument } from '../../../projections/ai.projection';
import type { Actor } from '../../infrastructure/http/actor';
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { SpeachCommands, SpeachQueries, isEditor } from '../../speach';
import type { FormFields } from '../http/form';
import { one } from '../http/form';
import { AiJobs, type JobAccepted } from '../jobs/ai-jobs.service';
import type { QuizSpeachChapters } from '../ai.view';

/** Spec §5: at most 50 questions per chapter, at most 20 per generation. */
export const QUIZ_MAX = 50;
export const QUIZ_RUN_MAX = 20;
/** How many questions "auto" asks for (within what is allowed). */
const AUTO_COUNT = 10;
const UI_LANGUAGES = ['en', 'fr', 'es', 'de'];
const MEDIA = /^(VIDEO|AUDIO|WEBCAM|SCREEN|WEET|WC_PPT)/;

type Status = 'NONE' | 'WAITING' | 'DONE' | 'ERROR' | 'NA';

/** Text chapters need no transcript (NA); media ones have none until one is made (NONE). */
function transcriptStatus(content: ChapterContent | undefined): Status {
  return content && MEDIA.test(content.type) ? 'NONE' : 'NA';
}

function questionsOf(content: ChapterContent | undefined) {
  return content && (content.type === 'QUIZZ' || content.type === 'QUIZZ_EXAMEN') ? content.questions : [];
}

function jsonList(fields: FormFields, name: string): unknown[] | undefined {
  const raw = one(fields, name);
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError(name, `${name} must be a JSON list`);
  }
  if (!Array.isArray(value)) throw new ValidationError(name, `${name} must be a JSON list`);
  return value;
}

/** The AI quiz popup's calls (spec §2 "AI quiz popup", §5): what a chapter's quiz holds, what may feed it, and its generation. */
@Injectable()
export class AiQuiz {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly speaches: SpeachQueries,
    private readonly commands: SpeachCommands,
    private readonly jobs: AiJobs,
  ) {}

  /** The speach holding a chapter, which this user may edit. */
  private async locate(user: Actor, chapterId: string) {
    const found = await this.store.collection<AiChapterDocument>(AI_CHAPTERS).findById(chapterId);
    if (!found) throw new NotFoundError('Unknown chapter');
    const doc = await this.speaches.document(found.speachId);
    if (!doc.draft.chapters[chapterId]) throw new NotFoundError('Unknown chapter');
    if (!isEditor(doc, await this.speaches.viewer(user))) throw new ForbiddenError('You may not edit this speach.');
    return doc;
  }

  async questions(user: Actor, chapterId: string) {
    const doc = await this.locate(user, chapterId);
    const content = doc.draft.chapters[chapterId].content;
    const questions = questionsOf(content);
    const allowed = Math.max(0, Math.min(QUIZ_RUN_MAX, QUIZ_MAX - questions.length));
    return {
      speachID: doc._id,
      chapterId,
      typeQuiz: content?.type === 'QUIZZ_EXAMEN' ? 'QUIZZ_EXAMEN' : 'QUIZZ',
      questions,
      allowed,
      max: QUIZ_MAX,
      ...(allowed === 0 ? { message: `You have reached ${QUIZ_MAX} questions.` } : {}),
    };
  }

  async speachFromChapter(user: Actor, chapterId: string): Promise<QuizSpeachChapters> {
    const doc = await this.locate(user, chapterId);
    const { chapters, order, children } = doc.draft;
    const node = (id: string) => ({
      id,
      title: chapters[id].title,
      type: chapters[id].content?.type ?? 'NONE',
      autoTranscriptStatus: transcriptStatus(chapters[id].content),
    });
    return {
      speachID: doc._id,
      title: doc.title,
      lang: doc.language,
      chapters: order.map((id) => ({ ...node(id), subchapters: (children[id] ?? []).map(node) })),
    };
  }

  /** A transcript is made from a sub-chapter's video or audio; there is none to make for text. */
  async forceTranscript(user: Actor, subchapterId: string) {
    const doc = await this.locate(user, subchapterId);
    const content = doc.draft.chapters[subchapterId].content;
    if (transcriptStatus(content) === 'NA') throw new ValidationError('subchapterId', 'This sub-chapter has no video or audio: its text is used as it is');
    throw new DomainError('Automatic transcripts need a speech-to-text provider, and none is configured.', 409, [
      { field: 'subchapterId', reason: 'speech-to-text is not available' },
    ]);
  }

  async generate(user: Actor, chapterId: string, fields: FormFields): Promise<JobAccepted> {
    const doc = await this.locate(user, chapterId);
    const given = jsonList(fields, 'existingQuestions') ?? [];
    const existingTexts = given
      .map((q) => (typeof q === 'string' ? q : typeof (q as { text?: unknown })?.text === 'string' ? (q as { text: string }).text : ''))
      .filter(Boolean);
    const current = questionsOf(doc.draft.chapters[chapterId].content);
    const existing = Math.max(given.length, current.length);
    const allowed = Math.min(QUIZ_RUN_MAX, QUIZ_MAX - existing);
    if (allowed <= 0) throw new ValidationError('nbQuestionsToGenerate', `You have reached ${QUIZ_MAX} questions.`);
    const rawCount = one(fields, 'nbQuestionsToGenerate') ?? '0';
    const count = Number(rawCount);
    if (!/^\d+$/.test(rawCount) || count > allowed)
      throw new ValidationError('nbQuestionsToGenerate', `nbQuestionsToGenerate must be 0 (auto) or from 1 to ${allowed}`);
    const selectable = (id: string) => ['DONE', 'NA'].includes(transcriptStatus(doc.draft.chapters[id]?.content)) && id !== chapterId;
    const selected = jsonList(fields, 'selectedChapters');
    let chapters: string[];
    if (selected === undefined) {
      chapters = Object.keys(doc.draft.chapters).filter(selectable);
    } else {
      if (selected.length === 0) throw new ValidationError('selectedChapters', 'aiQuizGeneration.impossibleToGenerateWithChapters');
      for (const [i, id] of selected.entries()) {
        if (typeof id !== 'string' || !doc.draft.chapters[id]) throw new ValidationError(`selectedChapters[${i}]`, 'Unknown chapter');
        if (!selectable(id)) throw new ValidationError(`selectedChapters[${i}]`, 'Only chapters whose transcript is DONE or NA can be used');
      }
      chapters = [...new Set(selected as string[])];
    }
    if (chapters.length === 0) throw new ValidationError('selectedChapters', 'aiQuizGeneration.impossibleToGenerateWithChapters');
    const lang = one(fields, 'selectedLang') || doc.language;
    if (![...SPEACH_LANGUAGES, ...UI_LANGUAGES].includes(lang))
      throw new ValidationError('selectedLang', `selectedLang must be one of ${[...SPEACH_LANGUAGES, ...UI_LANGUAGES].join(', ')}`);
    return this.jobs.requestQuiz(user, {
      speachId: doc._id,
      chapterId,
      nbQuestionsToGenerate: count === 0 ? Math.min(AUTO_COUNT, allowed) : count,
      existingQuestions: [...existingTexts, ...current.map((q) => q.text)],
      selectedChapters: chapters,
      lang,
    });
  }

  /** Saves the quiz as the chapter's content (the speach decider checks it, 50 questions at most). */
  async record(user: Actor, chapterId: string, body: unknown) {
    const doc = await this.locate(user, chapterId);
    const quiz = (body ?? {}) as { questions?: unknown; typeQuiz?: unknown; passingScore?: unknown };
    const type = quiz.typeQuiz ?? 'QUIZZ';
    if (type !== 'QUIZZ' && type !== 'QUIZZ_EXAMEN') throw new ValidationError('typeQuiz', 'typeQuiz must be QUIZZ or QUIZZ_EXAMEN');
    if (!Array.isArray(quiz.questions)) throw new ValidationError('questions', 'questions must be a list');
    const questions = quiz.questions.map((q) => {
      const { questionId, text, multiple, points, options, source } = (q ?? {}) as Record<string, unknown>;
      return { questionId, text, multiple, points, options, source };
    });
    const content = { type, passingScore: quiz.passingScore ?? 50, questions } as ChapterContent;
    await this.commands.setContent(user, doc._id, chapterId, content);
    return this.questions(user, chapterId);
  }
}
