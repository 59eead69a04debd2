import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

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

type J<T extends string, D> = DomainEvent<T, { jobId: string } & D>;

/** Stream `ai-job-{jobId}`: one job of the AI generator, from its request to its outcome. */
export const aiJobStream = (jobId: string) => `ai-job-${jobId}`;
/** Stream `ai-generation-{speachId}`: the plan a generated speach was made from (part of the speach's audit trail). */
export const aiGenerationStream = (speachId: string) => `ai-generation-${speachId}`;

export type AiDocumentUploaded = J<
  'AiDocumentUploaded',
  { ownerId: string; name: string; extension: AiDocumentType; blobId: string; sha256: string; size: number }
>;
export type AiDocumentParsed = J<'AiDocumentParsed', { pageCount: number; resultBlobId: string; parser: string }>;
export type AiPlanRequested = J<
  'AiPlanRequested',
  {
    ownerId: string;
    documentJobIds: string[];
    language: string;
    duration: AiDuration;
    instruction: string;
    allowReorder: boolean;
    generationMode: AiGenerationMode;
  }
>;
export type AiPlanGenerated = J<'AiPlanGenerated', { plan: AiPlan; provenance: AiProvenance; usage: AiUsage }>;
export type AiChapterGenerationRequested = J<
  'AiChapterGenerationRequested',
  { ownerId: string; speachId: string; chapterId: string; generationMode: AiGenerationMode; lang: string; instruction: string }
>;
export type AiChapterGenerated = J<'AiChapterGenerated', { speachId: string; chapterId: string; html: string; provenance: AiProvenance; usage: AiUsage }>;
export type AiQuizGenerationRequested = J<
  'AiQuizGenerationRequested',
  { ownerId: string; speachId: string; chapterId: string; nbQuestionsToGenerate: number; existingQuestions: string[]; selectedChapters: string[]; lang: string }
>;
export type AiQuizGenerated = J<
  'AiQuizGenerated',
  { speachId: string; chapterId: string; questions: AiQuizQuestion[]; provenance: AiProvenance; usage: AiUsage }
>;
/** The job stopped: `reason` is shown to its owner, `detail` is for the administrator; the usage spent before the failure still counts. */
export type AiJobFailed = J<'AiJobFailed', { reason: string; detail: string; usage: AiUsage | null }>;
/** Its owner stopped the job before it finished: it takes no outcome afterwards, so it never fills a chapter or a quiz. */
export type AiJobCancelled = J<'AiJobCancelled', { cancelledBy: string }>;

export type AiJobEvent =
  | AiDocumentUploaded
  | AiDocumentParsed
  | AiPlanRequested
  | AiPlanGenerated
  | AiChapterGenerationRequested
  | AiChapterGenerated
  | AiQuizGenerationRequested
  | AiQuizGenerated
  | AiJobFailed
  | AiJobCancelled;

/** The author validated a plan: the draft speach is created from it with these chapter ids. */
export type AiPlanValidated = DomainEvent<
  'AiPlanValidated',
  { speachId: string; ownerId: string; planJobId: string | null; language: string; plan: AiPlan; mapping: AiSpeachMapping; provenance: AiProvenance | null }
>;
export type AiGenerationEvent = AiPlanValidated;

for (const type of [
  'AiDocumentUploaded',
  'AiDocumentParsed',
  'AiPlanRequested',
  'AiPlanGenerated',
  'AiChapterGenerationRequested',
  'AiChapterGenerated',
  'AiQuizGenerationRequested',
  'AiQuizGenerated',
  'AiJobFailed',
  'AiJobCancelled',
  'AiPlanValidated',
]) {
  registerEventType(type, 1);
}
