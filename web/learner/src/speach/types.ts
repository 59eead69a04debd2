/** Shapes of docs/speach-api.md (issue #4); the card and its enums are the shared package's (web/shared). */
import {
  type AnswerResult,
  type ContentType,
  type Named,
  type Question,
  type QuestionOption,
  type ReadResponse as ServerReadResponse,
  type ServedFile,
  type SpeachCard,
  listOf,
} from '@speach/web-shared/api';

export { BADGES, SPEACH_LANGUAGES, VISIBILITIES } from '@speach/web-shared/api';
export type { Badge, Person, PublishDetails, Question, QuizResult, SpeachCard, SpeachLanguage, Visibility } from '@speach/web-shared/api';
export type { VersionView as Version } from '@speach/web-shared/api';

export type { ContentType };

/** Spec §3 chapter content types, in the order of the type chooser (every type of the server's union). */
export const CONTENT_TYPES = listOf<ContentType>()([
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
]);

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

export type Option = QuestionOption;
export type UploadedFile = ServedFile;

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

/** The reader's answer, its chapters read through the loose `Chapter` the screens share with the editor. */
export type ReadResponse = Omit<ServerReadResponse, 'chapters'> & { chapters: Chapter[] };

export type AnswerResponse = AnswerResult;

export type Category = Named;
