/**
 * What the AI generator's and the AI quiz's calls answer (spec §3 "AI entities", §7 "AI generator and quiz",
 * docs/ai-authoring.md). A view module: it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { AiPlan, AiProvenance, AiSpeachMapping, AutoTranscriptStatus } from '../../events/ai-vocabulary.view';

export type {
  AiDocumentPage,
  AiDocumentType,
  AiDuration,
  AiGenerationMode,
  AiPlan,
  AiPlanChapter,
  AiPlanSubchapter,
  AiProvenance,
  AiSpeachMapping,
  AutoTranscriptStatus,
} from '../../events/ai-vocabulary.view';

/** `GET …/aiSpeachGenerator/generator`: which generator answers, the local extractive one unless a provider is configured. */
export interface GeneratorInfo {
  kind: 'extractive' | 'provider';
  model: string;
}

/** A job accepted (upload, plan, chapter, quiz): its id, and 80 or 95 once a budget passes that share this month (spec'd warnings), else null. */
export interface JobAccepted {
  jobID: string;
  budgetWarning: 80 | 95 | null;
}

/** `POST /recorder/jobID/{id}/cancel`. */
export interface JobCancelled {
  jobID: string;
  status: 'cancelled';
}

/** A plan job's result: the plan and what produced it. */
export type GeneratedPlanView = AiPlan & { provenance: AiProvenance };

/** `POST …/validateSteps`: the speach made from the plan, one chapter per plan sub-chapter (also under `mapping`). */
export type ValidatedPlanView = AiSpeachMapping & { mapping: AiSpeachMapping };

/** `GET …/restoreAISpeach/{speachId}`: the plan a speach was made from, its plan job and the documents' jobs. */
export type RestoredPlanView = AiPlan & { speachID: string; jobID: string | null; jobIDs: string[] };

/** `GET …/restoreSpeachToMap/{speachId}`: the mapping, each entry marked `generated` once its chapter holds content. */
export interface RestoredMappingView {
  speachID: string;
  lecons: (AiSpeachMapping['lecons'][number] & {
    generated: boolean;
    chapitres: (AiSpeachMapping['lecons'][number]['chapitres'][number] & { generated: boolean })[];
  })[];
}

/** A chapter as the AI quiz's chapter picker lists it. */
export interface QuizChapterNode {
  id: string;
  title: string;
  type: string;
  autoTranscriptStatus: AutoTranscriptStatus;
}

/** `GET /recorder/aiQuizGenerator/speachFromChapter/{chapterId}`: the speach of a quiz chapter, its chapters and sub-chapters. */
export interface QuizSpeachChapters {
  speachID: string;
  title: string;
  lang: string;
  chapters: (QuizChapterNode & { subchapters: QuizChapterNode[] })[];
}
