/**
 * Spec §3 "AI entities" and §5: the AI generator's vocabulary and the plan, mapping and quiz shapes its events, its
 * answers and the learner app's generator screens share. A view module: it imports nothing
 * (docs/web-shared-and-data-layer.md).
 */

/** Spec §5: the 19 document types the AI speach generator accepts. */
export const AI_DOCUMENT_TYPES = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'xlsm',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'csv',
  'txt',
  'xml',
  'html',
  'md',
  'key',
  'pages',
] as const;
export type AiDocumentType = (typeof AI_DOCUMENT_TYPES)[number];
export const AI_DURATIONS = ['short', 'medium', 'long'] as const;
export type AiDuration = (typeof AI_DURATIONS)[number];
export const AI_GENERATION_MODES = ['ENHANCED', 'STRICT'] as const;
export type AiGenerationMode = (typeof AI_GENERATION_MODES)[number];
export const AUTO_TRANSCRIPT_STATUSES = ['NONE', 'WAITING', 'DONE', 'ERROR', 'NA'] as const;
export type AutoTranscriptStatus = (typeof AUTO_TRANSCRIPT_STATUSES)[number];

/** What one call to a generator cost: recorded on every outcome, summed per author and organisation. */
export interface AiUsage {
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Characters read and written (what the extractive generator is measured in). */
  characters: number;
  durationMs: number;
  costUnits: number;
}

/** Where a generated output comes from: enough to tell later what produced it and from what. */
export interface AiProvenance {
  /** `extractive-local` when no provider is configured: the output is assembled from the documents' own text. */
  provider: string;
  model: string;
  promptTemplateVersion: string;
  instruction: string;
  documents: { jobID: string; name: string; sha256: string; pages: number[] }[];
  /** SHA-256 of the output as saved. */
  outputHash: string;
}

/** A source page a sub-chapter is made from (spec §3 documentPages). */
export interface AiDocumentPage {
  documentName: string;
  documentNumber: number;
  pageNumber: number;
  jobID: string;
}

export interface AiPlanSubchapter {
  number: number;
  title: string;
  id: string;
  chapterID: string;
  autoTranscriptStatus: AutoTranscriptStatus;
  documentPages: AiDocumentPage[];
}

export interface AiPlanChapter {
  id: string;
  number: number;
  title: string;
  subchapters: AiPlanSubchapter[];
}

/** Spec §3 "Generated plan". */
export interface AiPlan {
  title: string;
  description: string;
  chapters: AiPlanChapter[];
  generationOptions: { generationMode: AiGenerationMode; lang: string; customInstruction: string };
}

/** Spec §3 "Speech-to-map result": plan sub-chapter `id` → the speach's chapter `chapitreID`. */
export interface AiSpeachMapping {
  speachID: string;
  lecons: { id: string; chapitreID: string; chapitres: { id: string; chapitreID: string }[] }[];
}

/** A generated quiz question; `source` is the passage it tests, its answer key checked against it before saving. */
export interface AiQuizQuestion {
  questionId: string;
  text: string;
  kind: 'CLOZE' | 'MULTIPLE_CHOICE';
  options: { optionId: string; text: string; correct: boolean }[];
  source: { chapterId: string; passage: string };
}
