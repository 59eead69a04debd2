/**
 * What the speach context answers (spec §3 "Speach (card/list)", docs/speach-api.md): the card, its people, the
 * chapter tree, the versions. A view module: it imports only other view modules, so the web apps type their calls
 * with it (through `@speach/web-shared/api`) and a change of an answer breaks their type check.
 */
import type { Badge, ChapterContent, SpeachLanguage, StoredFile, Visibility } from '../../events/speach-vocabulary.view';
import type { ReviewDecision } from '../../events/workflow-vocabulary.view';

/** A speach's state as lists show it: live, not (yet) live, or archived. */
export const SPEACH_STATES = ['PUBLIE', 'NON_PUBLIE', 'ARCHIVE'] as const;
export type SpeachState = (typeof SPEACH_STATES)[number];

export interface Person {
  id: string;
  userID: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
}

export interface Named {
  id: string;
  name: string;
}

/** The card fields of spec §3 that come from the workflow and periodic-review read models. */
export interface WorkflowCardFields {
  canApprove: boolean;
  isWorkflowInProgress: boolean;
  wf_name: string | null;
  wf_state: 'AWAITING_VALIDATION' | 'REJECTED' | null;
  wf_step: number | null;
  wf_total_step: number | null;
  regulated_gmp: boolean;
  nextPeriodicReview: string | null;
  nextPeriodicReviewTimestamp: number | null;
  periodicReviewOperation: ReviewDecision | null;
}

/** Spec §3 "Speach (card/list)" for one viewer. */
export interface SpeachCard extends Omit<WorkflowCardFields, 'nextPeriodicReview' | 'nextPeriodicReviewTimestamp' | 'periodicReviewOperation'> {
  id: string;
  speachID: string;
  title: string;
  img: string | null;
  /** The uploaded cover's three sizes (320, 640, 1280 px wide), for `srcset`; null without an upload. */
  cover: { small: string; medium: string; large: string } | null;
  description: string;
  tags: string;
  language: SpeachLanguage;
  category: Named | null;
  state: SpeachState;
  publication: boolean;
  isFavori: boolean;
  isTemplate: boolean;
  canEdit: boolean;
  canShare: boolean;
  canView: boolean;
  delayed_till: string | null;
  delayedTillTimestamp: number | null;
  futureVersionDelayedTillTimestamp: number | null;
  hasPendingUpdates: boolean;
  visibility: Visibility;
  accessCode: boolean;
  isPinnedOnHome: boolean;
  /** The average rating; null when nobody rated it. */
  rating: number | null;
  publicationDate: string | null;
  publicationTimestamp: number | null;
  lastUpdatedDate: string;
  lastUpdatedTimestamp: number | null;
  createdTimestamp: number | null;
  archivedDate: string | null;
  version: number;
  publishedVersion: number | null;
  authorId: string;
  authorsInfos: { author: Person; coEditors: Person[]; coEditorGroups: Named[] };
  affectationUsersInfos: { affectedUsers: Person[]; affectedGroups: Named[] };
  metadata: Pick<WorkflowCardFields, 'nextPeriodicReview' | 'nextPeriodicReviewTimestamp' | 'periodicReviewOperation'> & {
    dueDate: string | null;
    dueDateTimestamp: number | null;
    unpublishAfterDueDate: boolean;
    periodicReviewUsers: Person[];
    periodicReviewGroups: Named[];
    lockedSubchapters: boolean;
  };
  badge: Badge;
  templateId: string | null;
  duplicatedFrom: string | null;
  chapterCount: number;
}

/** A chapter's file as answered (its content's `file`): the stored file and the signed URL it is read at. */
export type ServedFile = StoredFile & { url: string };

/** The chapter tree the editor and the reader show. */
export interface ChapterView {
  chapterId: string;
  title: string;
  content: ChapterContent;
  children: ChapterView[];
}

/** `GET …/draft`: the editor's speach. */
export type DraftSpeach = SpeachCard & { chapters: ChapterView[] };

/** One published version (spec §2 "Versions"). */
export interface VersionView {
  /** The id the version video download takes (`{speachId}:{version}`). */
  logId: string;
  version: number;
  publishedAt: string | null;
  publishedBy: Person | null;
  scheduledFor: string | null;
  live: boolean;
  withdrawn: boolean;
}

/** Spec §3 "Publish details": lessons and their chapters. */
export interface PublishDetails {
  lecons: { chapitreID: string; title: string; chapitres: { chapitreID: string; title: string }[] }[];
}

/** A page of cards (spec §7 grids). */
export interface CardPage<C = SpeachCard> {
  result: C[];
  total: number;
}

/** A language the search found speaches in, with its name. */
export interface LanguageOption {
  id: string;
  language: string;
}

/** Spec §7 `/api/v2/speach/search`. */
export interface SearchPage {
  results: SpeachCard[];
  totalNumberOfSpeachesFound: number;
  availableLanguages: LanguageOption[];
}

/** A learner's score on a quiz chapter. */
export interface QuizResult {
  score: number;
  max: number;
  percent: number;
  passed: boolean;
}

/** A quiz answered: the score, and the right options by question. */
export type ScoredQuiz = QuizResult & { corrections: Record<string, string[]> };

/** `POST …/chapters/{chapterId}/answers`: a quiz is scored; a survey, poll or open question is recorded. */
export type AnswerResult = ScoredQuiz | { recorded: true };

/** A speach's chapter count and estimated reading time (issue 17). */
export interface ChapterFacts {
  chapterCount: number;
  durationMinutes: number;
}

/** `GET /api/v2/speach/{id}/read`: what the reader shows. */
export interface ReadResponse {
  speach: SpeachCard;
  chapters: ChapterView[];
  facts: ChapterFacts;
  progress: { readChapterIds: string[]; lastChapterId: string | null; quizResults: Record<string, QuizResult> };
  lockedChapterIds: string[];
  /** Only on a `_REGULATED` load: the version in force for regulated learners, and when the scheduled one replaces it. */
  regulated?: { version: number; inForceUntil: string | null };
}

/** How far a learner got in a speach they started. */
export interface ReadingProgress {
  read: number;
  total: number;
  percent: number;
}
