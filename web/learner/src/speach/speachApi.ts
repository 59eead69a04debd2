import { ApiError, DEFAULT_ERROR, api } from '../api/client';
import type { SignatureInput } from '../workflow/SignatureDialog';
import type { CompletionView } from '@speach/web-shared/api';
import type { AnswerResponse, Badge, Category, Content, DraftSpeach, PublishDetails, ReadResponse, SpeachCard, UploadType, Version, Visibility } from './types';

const enc = encodeURIComponent;

/** How a reader opened the speach: the live version or the draft, and the access code of a private speach. */
export interface Reading {
  mode: 'published' | 'draft';
  accessCode?: string;
}
const readingQuery = ({ mode, accessCode }: Reading) => `?mode=${mode}${accessCode ? `&accessCode=${enc(accessCode)}` : ''}`;
const recorder = (id: string) => `/api/v2/recorder/speach/${enc(id)}`;

/** Calls of docs/speach-api.md used by the authoring and reading screens. */
export const speachApi = {
  create: (body: { title: string; language: string; categoryId?: string; description?: string; templateId?: string }) =>
    api<SpeachCard>('/api/v2/recorder/speach', { method: 'POST', json: body }),
  draft: (id: string) => api<DraftSpeach>(`/api/v2/speach/draftSpeach?speachID=${enc(id)}`),
  card: (id: string) => api<SpeachCard>(`/api/v2/speach/speachWithMetadata?speachID=${enc(id)}`),
  removeCover: (id: string) => api<SpeachCard>(`${recorder(id)}/cover`, { method: 'DELETE' }),
  categories: () => api<Category[]>('/api/v2/speach/categories'),
  templates: () => api<{ result: SpeachCard[]; total: number }>('/api/v2/my/templateEdited?page=0&sort=TITLE&asc=true'),
  details: (
    id: string,
    body: { title?: string; description?: string; img?: string | null; tags?: string; language?: string; categoryId?: string | null; version?: number },
  ) => api<SpeachCard>(`${recorder(id)}/details`, { method: 'PUT', json: body }),
  addChapter: (id: string, body: { title: string; parentId?: string | null; position?: number; version?: number }) =>
    api<{ chapterId: string; speach: DraftSpeach }>(`${recorder(id)}/chapters`, { method: 'POST', json: body }),
  renameChapter: (id: string, chapterId: string, body: { title: string; version?: number }) =>
    api<DraftSpeach>(`${recorder(id)}/chapters/${enc(chapterId)}`, { method: 'PUT', json: body }),
  moveChapter: (id: string, chapterId: string, body: { parentId: string | null; position: number; version?: number }) =>
    api<DraftSpeach>(`${recorder(id)}/chapters/${enc(chapterId)}/move`, { method: 'PUT', json: body }),
  removeChapter: (id: string, chapterId: string, version?: number) =>
    api<DraftSpeach>(`${recorder(id)}/chapters/${enc(chapterId)}${version !== undefined ? `?version=${version}` : ''}`, { method: 'DELETE' }),
  setContent: (id: string, chapterId: string, content: Content & { version?: number }) =>
    api<DraftSpeach>(`${recorder(id)}/chapters/${enc(chapterId)}/content`, { method: 'PUT', json: content }),
  visibility: (id: string, body: { visibility: Visibility; accessCode?: string; version?: number }) =>
    api<SpeachCard>(`${recorder(id)}/visibility`, { method: 'PUT', json: body }),
  /** Records a share of the reading link (its author is told "speach shared"). */
  share: (id: string, chapterId?: string) =>
    api<{ shareId: string }>(`/api/v2/speach/${encodeURIComponent(id)}/share`, { method: 'POST', json: chapterId ? { chapterId } : {} }),
  publish: (id: string, body: { at?: string; version?: number }) => api<SpeachCard>(`${recorder(id)}/publish`, { method: 'POST', json: body }),
  unpublish: (id: string, body: { version?: number }) => api<SpeachCard>(`${recorder(id)}/unpublish`, { method: 'POST', json: body }),
  badge: (id: string, badge: Badge) => api<SpeachCard>(`${recorder(id)}/badge`, { method: 'PUT', json: { badge } }),
  lockedSubchapters: (speachID: string, lockedSubchapters: boolean) =>
    api<unknown>('/api/v2/speach/setLockedSubchapters', { method: 'PUT', json: { speachID, lockedSubchapters } }),
  dueDate: (speachID: string, dueDate: string | null) =>
    api<{ dueDateTimestamp: number | null; unpublishAfterDueDate: boolean }>('/api/v2/speach/setDueDate', { method: 'PUT', json: { speachID, dueDate } }),
  versions: (id: string) => api<Version[]>(`/api/v2/speach/${enc(id)}/versions`),
  publishDetails: (id: string) => api<PublishDetails>(`/api/v2/cours/${enc(id)}/publishDetails`),
  read: (id: string, reading: Reading) => api<ReadResponse>(`/api/v2/speach/${enc(id)}/read${readingQuery(reading)}`),
  /** `mode` and `accessCode` go along as on `read` (the server checks the same access). */
  markRead: (id: string, chapterId: string, reading: Reading) =>
    api<{ readChapterIds: string[]; lastChapterId: string | null }>(`/api/v2/speach/${enc(id)}/chapters/${enc(chapterId)}/read${readingQuery(reading)}`, {
      method: 'POST',
      json: {},
    }),
  answer: (id: string, chapterId: string, body: { answers: Record<string, string[]> } | { text: string }, reading: Reading) =>
    api<AnswerResponse>(`/api/v2/speach/${enc(id)}/chapters/${enc(chapterId)}/answers${readingQuery(reading)}`, { method: 'POST', json: body }),
  /** Issue 23: completes the version in force; a GMP-regulated speach's completion carries a signature (meaning `trained`). */
  complete: (id: string, signature: SignatureInput | undefined, reading: Reading) =>
    api<Completion>(`/api/v2/speach/${enc(id)}/complete${readingQuery(reading)}`, { method: 'POST', json: signature ? { signature } : {} }),
};

export type Completion = CompletionView;

/**
 * Uploads a file as the raw request body with XMLHttpRequest, for its upload progress (0-100).
 * Resolves with the updated draft; rejects with an ApiError carrying the server's message.
 */
export function uploadChapterFile(
  id: string,
  chapterId: string,
  type: UploadType,
  file: File,
  onProgress: (percent: number) => void,
  version?: number,
): { promise: Promise<DraftSpeach>; abort: () => void } {
  const query = `type=${enc(type)}&name=${enc(file.name)}${version !== undefined ? `&version=${version}` : ''}`;
  return uploadRaw<DraftSpeach>(`${recorder(id)}/chapters/${enc(chapterId)}/file?${query}`, file, onProgress);
}

/** The frame of a cover, as fractions of the picture's width and height. */
export interface CoverFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Uploads a cover picture with the 16:9 frame chosen; resolves with the card carrying the new cover. */
export function uploadCover(
  id: string,
  file: File,
  frame: CoverFrame,
  onProgress: (percent: number) => void,
): { promise: Promise<SpeachCard>; abort: () => void } {
  const round = (n: number) => String(Math.round(n * 1e6) / 1e6);
  const query = new URLSearchParams({ x: round(frame.x), y: round(frame.y), width: round(frame.width), height: round(frame.height) });
  return uploadRaw<SpeachCard>(`${recorder(id)}/cover?${query.toString()}`, file, onProgress);
}

function uploadRaw<T>(url: string, file: File, onProgress: (percent: number) => void): { promise: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: Record<string, unknown> = {};
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : {};
      } catch {
        // not JSON (a proxy's 413 page, say)
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as unknown as T);
      } else {
        const message = typeof data.message === 'string' ? data.message : DEFAULT_ERROR;
        reject(new ApiError(xhr.status, message, (data.errors as { field: string; reason: string }[]) ?? [], data));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, DEFAULT_ERROR));
    xhr.onabort = () => reject(new ApiError(0, 'aborted'));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Slug of a title: lower-cased, accents stripped, non-alphanumerics turned into '-'. */
export function speachSlug(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'speach'
  );
}

export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const e of error.errors) out[e.field] = out[e.field] ? `${out[e.field]} ${e.reason}` : e.reason;
  return out;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : DEFAULT_ERROR;
}

export function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

/** Published or scheduled: the share link makes sense (spec §4). */
export function isDelayed(card: SpeachCard): boolean {
  const now = Date.now();
  return (card.delayedTillTimestamp ?? 0) > now || (card.futureVersionDelayedTillTimestamp ?? 0) > now;
}
