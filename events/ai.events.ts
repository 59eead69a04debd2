import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export {
  AI_DOCUMENT_TYPES,
  type AiDocumentType,
  AI_DURATIONS,
  type AiDuration,
  AI_GENERATION_MODES,
  type AiGenerationMode,
  AUTO_TRANSCRIPT_STATUSES,
  type AutoTranscriptStatus,
  type AiUsage,
  type AiProvenance,
  type AiDocumentPage,
  type AiPlanSubchapter,
  type AiPlanChapter,
  type AiPlan,
  type AiSpeachMapping,
  type AiQuizQuestion,
} from './ai-vocabulary.view';
import type { AiPlan, AiProvenance, AiQuizQuestion, AiSpeachMapping, AiUsage, AiDuration, AiGenerationMode, AiDocumentType } from './ai-vocabulary.view';

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
