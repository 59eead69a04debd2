import type { ChapterContent } from '../../events';
import type { ChapterNode } from '../../projections/speaches.projection';
import type { ChapterFacts, ReadingProgress } from './speach-card.view';

/** Reading speed for the estimate of a text chapter (words per minute, a common adult average). */
const WORDS_PER_MINUTE = 200;
/** Minutes given to a chapter whose length the platform does not know (a video, a PDF, an embed). */
const MEDIA_MINUTES = 3;

function contentMinutes(content: ChapterContent): number {
  switch (content.type) {
    case 'NONE':
      return 0;
    case 'HTML': {
      const words = content.html
        .replace(/<[^>]*>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      return words / WORDS_PER_MINUTE;
    }
    case 'QUIZZ':
    case 'QUIZZ_EXAMEN':
    case 'SONDAGE':
    case 'ENQUETE':
      return content.questions.length * 0.5;
    case 'QUESTION_OUVERTE':
      return 3;
    case 'REUSSITE':
      return 0.25;
    default:
      return MEDIA_MINUTES;
  }
}

/**
 * What a learner decides on, besides the card itself: how many chapters the live version has and an
 * estimate of the time it takes (text at 200 words a minute, half a minute per question, three minutes per
 * video, PDF or embed), rounded up to whole minutes, at least one when there is anything to read.
 */
export function chapterFacts(nodes: readonly ChapterNode[]): ChapterFacts {
  const minutes = nodes.reduce((sum, n) => sum + contentMinutes(n.content as ChapterContent), 0);
  return { chapterCount: nodes.length, durationMinutes: nodes.length ? Math.max(1, Math.ceil(minutes)) : 0 };
}

/** A learner's progress in a speach's live chapters, or null when they have not started it. */
export function progressOf(nodes: readonly ChapterNode[], readChapterIds: readonly string[] | undefined): ReadingProgress | null {
  if (!readChapterIds?.length) return null;
  const read = nodes.filter((n) => readChapterIds.includes(n.chapterId)).length;
  if (read === 0) return null;
  return { read, total: nodes.length, percent: nodes.length ? Math.round((read / nodes.length) * 100) : 0 };
}
