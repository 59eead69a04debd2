import type { AiDuration, AiGenerationMode, AiPlan, AiQuizQuestion, AiUsage } from '../../../events';
import type { DocumentSection } from '../documents/structure';

export interface SourceDocument {
  jobID: string;
  name: string;
  /** 1-based order of the upload. */
  number: number;
  pages: { pageNumber: number; text: string }[];
  sections: DocumentSection[];
}

export interface PlanInput {
  documents: SourceDocument[];
  language: string;
  duration: AiDuration;
  instruction: string;
  allowReorder: boolean;
  generationMode: AiGenerationMode;
  authorId: string;
  signal?: AbortSignal;
}

export interface SourcePassage {
  documentName: string;
  pageNumber: number;
  text: string;
}

export interface ChapterInput {
  title: string;
  passages: SourcePassage[];
  generationMode: AiGenerationMode;
  lang: string;
  instruction: string;
  authorId: string;
  signal?: AbortSignal;
}

export interface QuizInput {
  /** The text of each selected sub-chapter. */
  passages: { chapterId: string; text: string }[];
  count: number;
  /** Texts of questions the quiz already holds: not asked again. */
  existing: string[];
  lang: string;
  authorId: string;
  signal?: AbortSignal;
}

export interface Generated<T> {
  value: T;
  usage: AiUsage;
  model: string;
  promptTemplateVersion: string;
}

/** Makes plans, chapter content and quiz questions: from a chat model, or extracted from the sources. */
export interface AiGenerator {
  /** `extractive-local` or the provider's name: stated in every output's provenance. */
  readonly provider: string;
  plan(input: PlanInput): Promise<Generated<AiPlan>>;
  chapter(input: ChapterInput): Promise<Generated<string>>;
  quiz(input: QuizInput): Promise<Generated<AiQuizQuestion[]>>;
}

/** Sub-chapters a plan holds at most, per spec duration. */
export const SUBCHAPTERS_PER_DURATION: Record<AiDuration, number> = { short: 6, medium: 12, long: 24 };

/** Injection token of the generator in use (chosen from the configuration). */
export const AI_GENERATOR = Symbol('AiGenerator');
