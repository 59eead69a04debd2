/**
 * The AI generator's and the AI quiz's answers and vocabulary, as the server declares them (backend/ai/ai.view.ts,
 * events/ai-vocabulary.view.ts): types only, nothing of the server is bundled; the lists are the choosers'.
 */
import type { AiDocumentType, AiDuration, AiGenerationMode } from '../../../../backend/ai/ai.view';
import { listOf } from './vocabulary';

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
  GeneratedPlanView,
  GeneratorInfo,
  JobAccepted,
  JobCancelled,
  QuizChapterNode,
  QuizSpeachChapters,
  RestoredMappingView,
  RestoredPlanView,
  ValidatedPlanView,
} from '../../../../backend/ai/ai.view';

/** Spec §5: the 19 document types the AI speach generator accepts. */
export const AI_DOCUMENT_TYPES = listOf<AiDocumentType>()([
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
]);

export const AI_DURATIONS = listOf<AiDuration>()(['short', 'medium', 'long']);

export const AI_GENERATION_MODES = listOf<AiGenerationMode>()(['ENHANCED', 'STRICT']);
