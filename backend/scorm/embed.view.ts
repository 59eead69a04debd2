/**
 * What the embed player's and the embed editor's calls answer (spec §2 embed URLs, docs/scorm.md). A view module:
 * it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { ChapterView, QuizResult } from '../speach/speach-card.view';

export type { ScoredQuiz } from '../speach/speach-card.view';

/** The speach as the embed shows it: enough for a title bar, nothing of its author or its audience. */
interface EmbedSpeach {
  id: string;
  title: string;
  language: string;
}

/** `GET api/v2/embed/speach/{id}`: the live version's chapters and the embedded learner's progress in it. */
export interface EmbedReadView {
  speach: EmbedSpeach & { lockedSubchapters: boolean };
  version: number;
  chapters: ChapterView[];
  progress: EmbedProgress;
}

export interface EmbedProgress {
  readChapterIds: string[];
  quizResults: Record<string, QuizResult>;
}

/** `POST …/chapters/{chapterId}/read`: the chapters read so far. */
export type EmbedReadChapters = Pick<EmbedProgress, 'readChapterIds'>;

/** `GET` and `PUT api/v2/embed/edit/{id}`: the draft as the token's issuer edits it; `revision` guards stale saves. */
export interface EmbedDraftView {
  speach: EmbedSpeach & { revision: number };
  chapters: ChapterView[];
}
