import {
  AI_DOCUMENT_TYPES,
  AI_DURATIONS,
  AI_GENERATION_MODES,
  type AiDocumentPage,
  type AiDuration,
  type AiGenerationMode,
  type AiPlan,
  type AiPlanChapter,
  type AiPlanSubchapter,
  type AiProvenance,
  type AiSpeachMapping,
  type AutoTranscriptStatus,
  type GeneratorInfo as GeneratorView,
  type JobAccepted,
  type QuizChapterNode,
  type QuizSpeachChapters,
  type RestoredPlanView,
} from '@speach/web-shared/api';
import { ApiError, DEFAULT_ERROR, api } from '../api/client';
import type { Question } from '../speach/types';

/** Shapes of spec §3 "AI entities" and §7 "AI generator and quiz" (docs/ai-authoring.md). */

export const ACCEPTED_EXTENSIONS = AI_DOCUMENT_TYPES;
/** Spec §9: AI generator files under 1 GB. */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
export const DURATIONS = AI_DURATIONS;
export type Duration = AiDuration;
export const GENERATION_MODES = AI_GENERATION_MODES;
export type GenerationMode = AiGenerationMode;
export type { AutoTranscriptStatus, JobAccepted, QuizChapterNode, QuizSpeachChapters };
/** Which generator answers; told from a restored plan's provenance, the model is not known for the extractive one. */
export type GeneratorInfo = Omit<GeneratorView, 'model'> & Partial<Pick<GeneratorView, 'model'>>;

export type DocumentPage = AiDocumentPage;
/** A plan sub-chapter; one the author adds in the plan step has no transcript status yet. */
export type PlanSubchapter = Omit<AiPlanSubchapter, 'autoTranscriptStatus'> & Partial<Pick<AiPlanSubchapter, 'autoTranscriptStatus'>>;
export type PlanChapter = Omit<AiPlanChapter, 'subchapters'> & { subchapters: PlanSubchapter[] };
export type GenerationOptions = AiPlan['generationOptions'];
/** The plan as the plan step edits it: the plan job's result (`GeneratedPlanView`) or a restored plan, provenance shown by provider and model. */
export type GeneratedPlan = Omit<AiPlan, 'chapters' | 'generationOptions'> & {
  chapters: PlanChapter[];
  generationOptions?: GenerationOptions;
  provenance?: Provenance;
};
type Lecon = AiSpeachMapping['lecons'][number];
/** Speech-to-map result (`validateSteps`, or `restoreSpeachToMap` with `generated`: which chapters already hold content). */
export interface SpeachMapping {
  speachID: string;
  lecons: (Omit<Lecon, 'chapitres'> & { generated?: boolean; chapitres: (Lecon['chapitres'][number] & { generated?: boolean })[] })[];
}
export interface FilePage {
  pageNumber: number;
  text?: string;
  imageB64?: string | null;
  imageMime?: string | null;
}
export interface FileData {
  pages: FilePage[];
}
/** Spec §3 "Uploaded AI file" as the server answers a document job or `restoreAIFile` (the parsed document's pages are not a view yet: read through `fileData`). */
export interface UploadedFileResult {
  jobID: string;
  name: string;
  data: FileData;
}
/** What produced an output (the plan's `provenance`): `extractive-local` when no AI provider is configured. */
export type Provenance = Pick<AiProvenance, 'provider' | 'model'>;

export interface StepsRequest {
  jobIDs: string[];
  language: string;
  duration: Duration;
  specificPrompt: string;
  allowReorder: boolean;
  generationMode: GenerationMode;
}

/** A generated question: `source` is the passage of the course it tests (every generated question cites one). */
export type GeneratedQuestion = Question & { kind?: 'CLOZE' | 'MULTIPLE_CHOICE' };
export interface QuizRequest {
  existingQuestions: Question[];
  nbQuestionsToGenerate: number;
  /** Absent: the full course (every chapter whose transcript is DONE or NA). */
  selectedChapters?: string[];
  selectedLang: string;
}
export interface QuizRecord {
  questions: Question[];
  typeQuiz: 'QUIZZ' | 'QUIZZ_EXAMEN';
  passingScore: number;
}

const enc = encodeURIComponent;
const GENERATOR = '/recorder/aiSpeachGenerator';
const QUIZ = '/recorder/aiQuizGenerator';

function accepted(answer: unknown): JobAccepted {
  const body = answer as JobAccepted | null;
  if (typeof body?.jobID !== 'string' || !body.jobID) throw new ApiError(500, DEFAULT_ERROR);
  return body;
}

export const aiApi = {
  generator: () => api<GeneratorInfo>(`${GENERATOR}/generator`),
  generateSteps: (body: StepsRequest) => api<unknown>(`${GENERATOR}/generateSteps`, { method: 'POST', json: body }).then(accepted),
  /** `jobID`: the plan's job, which links the speach to the plan's provenance. */
  validateSteps: (plan: GeneratedPlan, jobID: string | null) =>
    api<SpeachMapping>(`${GENERATOR}/validateSteps`, { method: 'POST', json: jobID ? { ...plan, jobID } : plan }),
  generateChapter: (speachID: string, chapterId: string) =>
    api<unknown>(`${GENERATOR}/generateChapter/${enc(speachID)}/${enc(chapterId)}`, { method: 'POST', json: {} }).then(accepted),
  /** Stops a job on the server (owner only); 409 when it has finished meanwhile. */
  cancelJob: (jobID: string) => api<unknown>(`/recorder/jobID/${enc(jobID)}/cancel`, { method: 'POST', json: {} }),
  restoreSpeach: (speachId: string) => api<RestoredPlanView>(`${GENERATOR}/restoreAISpeach/${enc(speachId)}`),
  restoreMapping: (speachId: string) => api<SpeachMapping>(`${GENERATOR}/restoreSpeachToMap/${enc(speachId)}`),
  restoreFile: (speachId: string, job: string) => api<UploadedFileResult>(`${GENERATOR}/restoreAIFile/${enc(speachId)}/${enc(job)}`),

  quizChapters: (chapterId: string) => api<QuizSpeachChapters>(`${QUIZ}/speachFromChapter/${enc(chapterId)}`),
  forceTranscript: (subchapterId: string) => api<unknown>(`${QUIZ}/forceTranscript/${enc(subchapterId)}`, { method: 'POST', json: {} }),
  generateQuiz: (chapterId: string, body: QuizRequest) => api<unknown>(`${QUIZ}/generate/${enc(chapterId)}`, { method: 'POST', json: body }).then(accepted),
  recordQuiz: (chapterId: string, quiz: QuizRecord) => api<unknown>(`${QUIZ}/record/${enc(chapterId)}`, { method: 'POST', json: quiz }),
};

/** Spec §9: jobs are polled every 2 s. */
export const POLL_MS = 2000;

/** Thrown when a job answers the string ERROR. */
export class JobFailed extends Error {}

/**
 * Polls `GET /recorder/jobID/{id}` until it answers a result: `ERROR` rejects with JobFailed, an empty
 * answer means "still running". Stops (rejects with an AbortError) when `signal` aborts.
 */
export async function pollJob<T>(id: string, signal?: AbortSignal): Promise<T> {
  for (;;) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = await api<unknown>(`/recorder/jobID/${enc(id)}`, { signal });
    if (answer === 'ERROR') throw new JobFailed('ERROR');
    if (answer !== undefined && answer !== null && answer !== '') return answer as T;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, POLL_MS);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        },
        { once: true },
      );
    });
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Uploads one document (multipart, field `file`) with XMLHttpRequest for its upload progress
 * (0-100); resolves with the processing job.
 */
export function uploadDocument(file: File, onProgress: (percent: number) => void): { promise: Promise<JobAccepted>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  form.append('file', file, file.name);
  const promise = new Promise<JobAccepted>((resolve, reject) => {
    xhr.open('POST', `${GENERATOR}/uploadDocuments`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(100);
          resolve(accepted(data));
        } catch (e) {
          reject(e);
        }
      } else {
        const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
        reject(
          new ApiError(
            xhr.status,
            typeof body.message === 'string' ? body.message : DEFAULT_ERROR,
            (body.errors as { field: string; reason: string }[]) ?? [],
            body,
          ),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(0, DEFAULT_ERROR));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAccepted(name: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** Every plan sub-chapter in reading order. */
export function planSubchapters(plan: GeneratedPlan): PlanSubchapter[] {
  return plan.chapters.flatMap((c) => c.subchapters);
}

/** A document job's result or a restored file: its pages, whatever the nesting. */
export function fileData(result: unknown): FileData {
  const body = result as { data?: { pages?: unknown }; pages?: unknown } | null;
  const pages = body?.data?.pages ?? body?.pages;
  return { pages: Array.isArray(pages) ? (pages as FilePage[]) : [] };
}

/** Plan sub-chapter id → speach chapter id. */
export function mappedChapters(mapping: SpeachMapping | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const lecon of mapping?.lecons ?? []) for (const c of lecon.chapitres) out.set(c.id, c.chapitreID);
  return out;
}

/** "p. 3-7" per document: the pages of one sub-chapter grouped by their source document. */
export function pageRanges(pages: DocumentPage[]): { documentName: string; from: number; to: number }[] {
  const byDoc = new Map<string, number[]>();
  for (const p of pages) byDoc.set(p.documentName, [...(byDoc.get(p.documentName) ?? []), p.pageNumber]);
  return [...byDoc].map(([documentName, numbers]) => ({ documentName, from: Math.min(...numbers), to: Math.max(...numbers) }));
}
