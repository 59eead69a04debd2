import { ApiError, DEFAULT_ERROR, api } from '../api/client';
import type { Question } from '../speach/types';

/** Shapes of spec §3 "AI entities" and §7 "AI generator and quiz" (docs/ai-authoring.md). */

export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'xlsm', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'csv', 'txt', 'xml', 'html', 'md', 'key', 'pages'] as const;
/** Spec §9: AI generator files under 1 GB. */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
export const DURATIONS = ['short', 'medium', 'long'] as const;
export type Duration = (typeof DURATIONS)[number];
export const GENERATION_MODES = ['ENHANCED', 'STRICT'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];
export type AutoTranscriptStatus = 'NONE' | 'WAITING' | 'DONE' | 'ERROR' | 'NA';

export interface DocumentPage {
  documentName: string;
  documentNumber: number;
  pageNumber: number;
  jobID: string;
}
export interface PlanSubchapter {
  number: number;
  title: string;
  id: string;
  chapterID: string;
  autoTranscriptStatus?: AutoTranscriptStatus;
  documentPages: DocumentPage[];
  /** Set by the server once the sub-chapter's content was generated (restored generations). */
  contentGenerated?: boolean;
}
export interface PlanChapter {
  id: string;
  number: number;
  title: string;
  subchapters: PlanSubchapter[];
}
export interface GenerationOptions {
  generationMode: GenerationMode;
  lang: string;
  customInstruction: string;
}
export interface GeneratedPlan {
  title: string;
  description: string;
  chapters: PlanChapter[];
  generationOptions?: GenerationOptions;
}
/** Speech-to-map result: the speach made from the plan, one chapitre per plan sub-chapter (`id`). */
export interface SpeachMapping {
  speachID: string;
  lecons: { chapitres: { chapitreID: string; id: string }[] }[];
}
export interface FilePage {
  pageNumber: number;
  text?: string;
  imageB64?: string | null;
}
export interface FileData {
  name?: string;
  pages: FilePage[];
}
/** Which generator answers: the local extractive one unless an AI provider is configured. */
export interface GeneratorInfo {
  kind: 'extractive' | 'provider';
  model?: string | null;
}

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
export interface QuizSubchapter {
  chapitreID: string;
  title: string;
  autoTranscriptStatus: AutoTranscriptStatus;
}
export interface QuizSpeachChapters {
  speachID: string;
  lecons: { title: string; chapitres: QuizSubchapter[] }[];
}
export interface QuizRequest {
  existingQuestions: Question[];
  nbQuestionsToGenerate: number;
  selectedChapters: string[];
  selectedLang: string;
}

const enc = encodeURIComponent;
const GENERATOR = '/recorder/aiSpeachGenerator';
const QUIZ = '/recorder/aiQuizGenerator';

/** The job id of an answer that is the id itself or `{ jobID }`. */
function jobId(answer: unknown): string {
  if (typeof answer === 'string' && answer) return answer;
  const id = (answer as { jobID?: unknown } | null)?.jobID;
  if (typeof id === 'string' && id) return id;
  throw new ApiError(500, DEFAULT_ERROR);
}

export const aiApi = {
  generator: () => api<GeneratorInfo>(`${GENERATOR}/generator`),
  generateSteps: (body: StepsRequest) => api<unknown>(`${GENERATOR}/generateSteps`, { method: 'POST', json: body }).then(jobId),
  validateSteps: (plan: GeneratedPlan) => api<SpeachMapping>(`${GENERATOR}/validateSteps`, { method: 'POST', json: plan }),
  generateChapter: (speachID: string, chapterId: string) =>
    api<unknown>(`${GENERATOR}/generateChapter/${enc(chapterId)}`, { method: 'POST', json: { speachID } }).then(jobId),
  restoreSpeach: (speachId: string) => api<GeneratedPlan>(`${GENERATOR}/restoreAISpeach/${enc(speachId)}`),
  restoreMapping: (speachId: string) => api<SpeachMapping>(`${GENERATOR}/restoreSpeachToMap/${enc(speachId)}`),
  restoreFile: (speachId: string, job: string) => api<FileData>(`${GENERATOR}/restoreAIFile/${enc(speachId)}/${enc(job)}`),

  quizQuestions: (chapterId: string) => api<{ questions: Question[]; typeQuiz?: string }>(`${QUIZ}/questions/${enc(chapterId)}`),
  quizChapters: (chapterId: string) => api<QuizSpeachChapters>(`${QUIZ}/speachFromChapter/${enc(chapterId)}`),
  forceTranscript: (subchapterId: string) => api<unknown>(`${QUIZ}/forceTranscript/${enc(subchapterId)}`, { method: 'POST', json: {} }),
  generateQuiz: (chapterId: string, body: QuizRequest) => api<unknown>(`${QUIZ}/generate/${enc(chapterId)}`, { method: 'POST', json: body }).then(jobId),
  recordQuiz: (chapterId: string, questions: GeneratedQuestion[]) => api<unknown>(`${QUIZ}/record/${enc(chapterId)}`, { method: 'POST', json: { questions } }),
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
 * Uploads one document with XMLHttpRequest for its upload progress (0-100); resolves with the
 * processing job's id. The body is the raw file (the API takes JSON or a raw upload, never a form).
 */
export function uploadDocument(file: File, onProgress: (percent: number) => void): { promise: Promise<string>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open('POST', `${GENERATOR}/uploadDocuments?name=${enc(file.name)}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
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
          resolve(jobId(data));
        } catch (e) {
          reject(e);
        }
      } else {
        const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
        reject(new ApiError(xhr.status, typeof body.message === 'string' ? body.message : DEFAULT_ERROR, (body.errors as { field: string; reason: string }[]) ?? [], body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, DEFAULT_ERROR));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(file);
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
