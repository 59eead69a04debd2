/**
 * The speach vocabulary of spec §3 / §9 and the chapter content contract: shared by the events, the answers
 * (`*.view.ts`) and, as types only, the web apps. A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

/** Spec §3 / §9. */
export const SPEACH_LANGUAGES = ['en-US', 'en-GB', 'fr-FR', 'es-ES', 'de-DE', 'pt-PT', 'it-IT', 'zh-CN'] as const;
export type SpeachLanguage = (typeof SPEACH_LANGUAGES)[number];
export const VISIBILITIES = ['PUBLIC', 'PRIVE', 'SEMI_PRIVE', 'RESTREINT'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const BADGES = ['NONE', 'AVANCEMENT', 'RESULTAT', 'FORMATEUR', 'MIX'] as const;
export type Badge = (typeof BADGES)[number];

/** Spec §3 "Chapter content types". */
export const CONTENT_TYPES = [
  'NONE',
  'HTML',
  'EMBED',
  'VIDEO',
  'PDF_UPLOAD',
  'AUDIO',
  'PPT',
  'LIVE_EVENT',
  'QUIZZ',
  'QUIZZ_EXAMEN',
  'QUESTION_OUVERTE',
  'WEBCAM',
  'WC_PPT',
  'PDF_URL',
  'VIDEO_PPT',
  'VIDEO_UPLOAD',
  'VIDEO_UPLOAD_PPT',
  'AUDIO_PPT',
  'AUDIO_UPLOAD',
  'AUDIO_UPLOAD_PPT',
  'REUSSITE',
  'SONDAGE',
  'ENQUETE',
  'SCREEN',
  'SCREEN_AUDIO',
  'SCREEN_WEBCAM',
  'WEET',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface QuestionOption {
  optionId: string;
  text: string;
  correct?: boolean;
}
/** The passage a generated question tests (AI quiz): kept so authors can check it; never shown to learners. */
export interface QuestionSource {
  chapterId?: string;
  passage: string;
}
export interface Question {
  questionId: string;
  text: string;
  multiple: boolean;
  points: number;
  options: QuestionOption[];
  source?: QuestionSource;
}
export interface StoredFile {
  blobId: string;
  name: string;
  size: number;
  mimeType: string;
}

export type ChapterContent =
  | { type: 'NONE' }
  | { type: 'HTML'; html: string }
  | { type: 'EMBED' | 'PDF_URL'; url: string }
  | { type: 'VIDEO_UPLOAD' | 'AUDIO_UPLOAD' | 'PDF_UPLOAD'; file: StoredFile }
  | { type: 'QUIZZ' | 'QUIZZ_EXAMEN'; passingScore: number; questions: Question[] }
  | { type: 'SONDAGE' | 'ENQUETE'; questions: Question[] }
  | { type: 'QUESTION_OUVERTE'; question: string }
  | { type: 'REUSSITE'; message: string }
  | {
      type: Exclude<
        ContentType,
        | 'NONE'
        | 'HTML'
        | 'EMBED'
        | 'PDF_URL'
        | 'VIDEO_UPLOAD'
        | 'AUDIO_UPLOAD'
        | 'PDF_UPLOAD'
        | 'QUIZZ'
        | 'QUIZZ_EXAMEN'
        | 'SONDAGE'
        | 'ENQUETE'
        | 'QUESTION_OUVERTE'
        | 'REUSSITE'
      >;
      placeholder: true;
    };
