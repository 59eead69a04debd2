import sanitizeHtml from 'sanitize-html';
import { CONTENT_TYPES, type ChapterContent, type Question, type QuestionSource } from '../../events';
import { ValidationError } from '../infrastructure/decider/decider';

export const HTML_MAX = 200_000;
export const QUESTIONS_MAX = 50;
export const OPTIONS_MAX = 20;
export const QUESTION_TEXT_MAX = 1000;
/** A cited passage is a sentence or a short paragraph, not a copy of the chapter. */
export const QUESTION_SOURCE_MAX = 2000;
const ID_MAX = 100;

const FILE_TYPES = ['VIDEO_UPLOAD', 'AUDIO_UPLOAD', 'PDF_UPLOAD'] as const;
const DEDICATED = new Set<string>([
  'NONE',
  'HTML',
  'EMBED',
  'PDF_URL',
  ...FILE_TYPES,
  'QUIZZ',
  'QUIZZ_EXAMEN',
  'SONDAGE',
  'ENQUETE',
  'QUESTION_OUVERTE',
  'REUSSITE',
]);

/** Rich text keeps formatting, links, lists, tables and images; scripts, styles and handlers go. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['lang', 'dir'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

function httpsUrl(url: unknown, field: string): string {
  if (typeof url !== 'string' || !url.trim()) throw new ValidationError(field, `${field} must not be empty`);
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new ValidationError(field, `${field} must be a valid URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ValidationError(field, `${field} must be an http(s) URL`);
  if (url.length > 2000) throw new ValidationError(field, `${field} must be at most 2000 characters`);
  return parsed.toString();
}

function questionSource(raw: unknown, field: string): QuestionSource | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationError(field, 'source must be an object { passage, chapterId? }');
  const { passage, chapterId } = raw as Record<string, unknown>;
  const text = typeof passage === 'string' ? passage.trim() : '';
  if (!text) throw new ValidationError(`${field}.passage`, 'The cited passage must not be empty');
  if (text.length > QUESTION_SOURCE_MAX) throw new ValidationError(`${field}.passage`, `The cited passage must be at most ${QUESTION_SOURCE_MAX} characters`);
  if (chapterId === undefined || chapterId === null) return { passage: text };
  if (typeof chapterId !== 'string' || !chapterId || chapterId.length > ID_MAX)
    throw new ValidationError(`${field}.chapterId`, `chapterId must be a chapter id of at most ${ID_MAX} characters`);
  return { chapterId, passage: text };
}

function questions(list: unknown, scored: boolean): Question[] {
  if (!Array.isArray(list) || list.length === 0) throw new ValidationError('questions', 'Add at least one question');
  if (list.length > QUESTIONS_MAX) throw new ValidationError('questions', `You have reached ${QUESTIONS_MAX} questions.`);
  return list.map((raw, i) => {
    const q = (raw ?? {}) as Partial<Question>;
    const field = `questions[${i}]`;
    if (typeof q.questionId !== 'string' || !q.questionId) throw new ValidationError(`${field}.questionId`, 'questionId is required');
    const textValue = typeof q.text === 'string' ? q.text.trim() : '';
    if (!textValue) throw new ValidationError(`${field}.text`, `Question ${i + 1} has no text`);
    if (textValue.length > QUESTION_TEXT_MAX) throw new ValidationError(`${field}.text`, `Question ${i + 1} is over ${QUESTION_TEXT_MAX} characters`);
    const options = Array.isArray(q.options) ? q.options : [];
    if (options.length < 2) throw new ValidationError(`${field}.options`, `Question ${i + 1} needs at least two answers`);
    if (options.length > OPTIONS_MAX) throw new ValidationError(`${field}.options`, `Question ${i + 1} has more than ${OPTIONS_MAX} answers`);
    const multiple = q.multiple === true;
    const cleanOptions = options.map((o, k) => {
      const optionText = typeof o?.text === 'string' ? o.text.trim() : '';
      if (typeof o?.optionId !== 'string' || !o.optionId) throw new ValidationError(`${field}.options[${k}].optionId`, 'optionId is required');
      if (!optionText) throw new ValidationError(`${field}.options[${k}].text`, `Answer ${k + 1} of question ${i + 1} has no text`);
      return scored ? { optionId: o.optionId, text: optionText, correct: o.correct === true } : { optionId: o.optionId, text: optionText };
    });
    if (new Set(cleanOptions.map((o) => o.optionId)).size !== cleanOptions.length) throw new ValidationError(`${field}.options`, 'Answer ids must be unique');
    const points = q.points === undefined ? 1 : q.points;
    if (scored) {
      const correct = cleanOptions.filter((o) => o.correct).length;
      if (correct === 0) throw new ValidationError(`${field}.options`, `Question ${i + 1} has no correct answer`);
      if (!multiple && correct > 1) throw new ValidationError(`${field}.options`, `Question ${i + 1} is single-choice but has ${correct} correct answers`);
      if (typeof points !== 'number' || !Number.isInteger(points) || points < 1 || points > 100)
        throw new ValidationError(`${field}.points`, 'points must be an integer from 1 to 100');
    }
    const source = questionSource(q.source, `${field}.source`);
    return { questionId: q.questionId, text: textValue, multiple, points: scored ? points : 1, options: cleanOptions, ...(source ? { source } : {}) };
  });
}

/** Validates and normalises a chapter's content (spec §3 content types); throws a 400 naming the field. */
export function checkContent(raw: ChapterContent): ChapterContent {
  const content = (raw ?? {}) as Record<string, unknown> & { type: string };
  if (!(CONTENT_TYPES as readonly string[]).includes(content.type)) throw new ValidationError('type', `type must be one of ${CONTENT_TYPES.join(', ')}`);
  switch (content.type) {
    case 'NONE':
      return { type: 'NONE' };
    case 'HTML': {
      if (typeof content.html !== 'string') throw new ValidationError('html', 'html must be a string');
      if (content.html.length > HTML_MAX) throw new ValidationError('html', `html must be at most ${HTML_MAX} characters`);
      return { type: 'HTML', html: sanitizeRichText(content.html) };
    }
    case 'EMBED':
    case 'PDF_URL':
      return { type: content.type, url: httpsUrl(content.url, 'url') };
    case 'VIDEO_UPLOAD':
    case 'AUDIO_UPLOAD':
    case 'PDF_UPLOAD': {
      const file = content.file as { blobId?: unknown; name?: unknown; size?: unknown; mimeType?: unknown } | undefined;
      if (!file || typeof file.blobId !== 'string' || typeof file.name !== 'string' || typeof file.size !== 'number' || typeof file.mimeType !== 'string') {
        throw new ValidationError('file', 'Upload a file for this chapter');
      }
      return { type: content.type, file: { blobId: file.blobId, name: file.name, size: file.size, mimeType: file.mimeType } };
    }
    case 'QUIZZ':
    case 'QUIZZ_EXAMEN': {
      const passingScore = content.passingScore === undefined ? 50 : content.passingScore;
      if (typeof passingScore !== 'number' || passingScore < 0 || passingScore > 100)
        throw new ValidationError('passingScore', 'passingScore must be a percentage from 0 to 100');
      return { type: content.type, passingScore, questions: questions(content.questions, true) };
    }
    case 'SONDAGE':
    case 'ENQUETE':
      return { type: content.type, questions: questions(content.questions, false) };
    case 'QUESTION_OUVERTE': {
      const question = typeof content.question === 'string' ? content.question.trim() : '';
      if (!question) throw new ValidationError('question', 'question must not be empty');
      if (question.length > QUESTION_TEXT_MAX) throw new ValidationError('question', `question must be at most ${QUESTION_TEXT_MAX} characters`);
      return { type: 'QUESTION_OUVERTE', question };
    }
    case 'REUSSITE': {
      const message = typeof content.message === 'string' ? content.message.trim() : '';
      if (message.length > 2000) throw new ValidationError('message', 'message must be at most 2000 characters');
      return { type: 'REUSSITE', message };
    }
    default:
      if (DEDICATED.has(content.type)) throw new ValidationError('type', 'unexpected content type');
      return { type: content.type, placeholder: true } as ChapterContent;
  }
}

/** Scores answers against a quiz: all-or-nothing per question, points summed. */
/** Chapters a learner answers (quiz, exam, survey, poll, open question): they are read once answered. */
export function takesAnswers(content: ChapterContent): boolean {
  return ['QUIZZ', 'QUIZZ_EXAMEN', 'SONDAGE', 'ENQUETE', 'QUESTION_OUVERTE'].includes(content.type);
}

export function scoreQuiz(content: Extract<ChapterContent, { type: 'QUIZZ' | 'QUIZZ_EXAMEN' }>, answers: Record<string, string[]>) {
  let score = 0;
  let max = 0;
  const corrections: Record<string, string[]> = {};
  for (const q of content.questions) {
    const correct = q.options
      .filter((o) => o.correct)
      .map((o) => o.optionId)
      .sort();
    corrections[q.questionId] = correct;
    max += q.points;
    const given = [...new Set(answers[q.questionId] ?? [])].sort();
    if (given.length === correct.length && given.every((id, i) => id === correct[i])) score += q.points;
  }
  const percent = max === 0 ? 0 : Math.round((score / max) * 100);
  return { score, max, percent, passed: percent >= content.passingScore, corrections };
}
