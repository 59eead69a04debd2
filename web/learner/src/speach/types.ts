/** Shapes of docs/speach-api.md (issue #4); the card and its enums are the shared package's (web/shared). */
import type { Person, SpeachCard } from '@speach/web-shared/api';

export { BADGES, SPEACH_LANGUAGES, VISIBILITIES } from '@speach/web-shared/api';
export type { Badge, Person, SpeachCard, SpeachLanguage, Visibility } from '@speach/web-shared/api';

/** Spec §3 chapter content types, in the order of the type chooser. */
export const CONTENT_TYPES = [
  'NONE',
  'HTML',
  'EMBED',
  'PDF_URL',
  'VIDEO_UPLOAD',
  'AUDIO_UPLOAD',
  'PDF_UPLOAD',
  'QUIZZ',
  'QUIZZ_EXAMEN',
  'SONDAGE',
  'ENQUETE',
  'QUESTION_OUVERTE',
  'REUSSITE',
  'VIDEO',
  'AUDIO',
  'PPT',
  'LIVE_EVENT',
  'WEBCAM',
  'WC_PPT',
  'VIDEO_PPT',
  'VIDEO_UPLOAD_PPT',
  'AUDIO_PPT',
  'AUDIO_UPLOAD_PPT',
  'SCREEN',
  'SCREEN_AUDIO',
  'SCREEN_WEBCAM',
  'WEET',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const UPLOAD_TYPES = ['VIDEO_UPLOAD', 'AUDIO_UPLOAD', 'PDF_UPLOAD'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const EDITABLE_TYPES: readonly string[] = [
  'NONE',
  'HTML',
  'EMBED',
  'PDF_URL',
  ...UPLOAD_TYPES,
  'QUIZZ',
  'QUIZZ_EXAMEN',
  'SONDAGE',
  'ENQUETE',
  'QUESTION_OUVERTE',
  'REUSSITE',
];

export interface Option {
  optionId: string;
  text: string;
  correct?: boolean;
}
export interface Question {
  questionId: string;
  text: string;
  multiple: boolean;
  points: number;
  options: Option[];
  /** A generated question's cited source passage (AI quiz); kept with the question when saved, never shown to learners. */
  source?: { chapterId?: string; passage: string };
}
export interface UploadedFile {
  blobId: string;
  name: string;
  size: number;
  mimeType: string;
  url: string;
}

/** One loose shape for every content type (see the contract's union): only the fields of `type` are present. */
export interface Content {
  type: ContentType | string;
  html?: string;
  url?: string;
  file?: UploadedFile | null;
  passingScore?: number;
  questions?: Question[];
  question?: string;
  message?: string;
  placeholder?: boolean;
}

export interface Chapter {
  chapterId: string;
  title: string;
  children: Chapter[];
  content: Content | null;
}

export type DraftSpeach = SpeachCard & { chapters: Chapter[] };

export interface Version {
  /** The id the version video download takes (`{speachId}:{version}`). */
  logId: string;
  version: number;
  publishedAt: string | null;
  publishedBy: Person | null;
  scheduledFor: string | null;
  live: boolean;
}

export interface PublishDetails {
  lecons: { title: string; chapitres: { chapitreID: string; title: string }[] }[];
}

export interface QuizResult {
  score: number;
  max: number;
  percent: number;
  passed: boolean;
}

export interface ReadResponse {
  speach: SpeachCard;
  chapters: Chapter[];
  progress: { readChapterIds: string[]; lastChapterId: string | null; quizResults: Record<string, QuizResult> };
  lockedChapterIds: string[];
  /** Chapter count and estimated duration of what is read (issue 17). */
  facts?: { chapterCount: number; durationMinutes: number };
  /** Only on a `_REGULATED` load: the version in force for regulated learners, and when the scheduled one replaces it. */
  regulated?: { version: number; inForceUntil: string | null };
}

export type AnswerResponse = (QuizResult & { corrections: Record<string, string[]> }) | { recorded: true };

export interface Category {
  id: string;
  name: string;
}
