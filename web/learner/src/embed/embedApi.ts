import type { EmbedDraftView, EmbedReadChapters, EmbedReadView, ScoredQuiz } from '@speach/web-shared/api';
import type { Chapter } from '../speach/types';

/** The embed calls (docs/scorm.md): the access token is their only credential, no session is used or opened. */
export type EmbedRead = Omit<EmbedReadView, 'chapters'> & { chapters: Chapter[] };

/** The draft, its chapters read through the loose `Chapter` the embed editor shares with the editor. */
export type EmbedDraft = Omit<EmbedDraftView, 'chapters'> & { chapters: Chapter[] };

/** What the embed editor may change: the title, chapter titles and the text of text chapters. */
export interface EmbedEdit {
  version: number;
  title?: string;
  chapters?: { chapterId: string; title?: string; html?: string }[];
}

export class EmbedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, query: Record<string, string | undefined>, init: RequestInit = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  // credentials omitted: inside an LMS frame no cookie of ours is sent anyway, and none is wanted.
  const response = await fetch(`${path}?${params.toString()}`, {
    ...init,
    credentials: 'omit',
    headers: init.body ? { 'content-type': 'application/json' } : undefined,
  });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok) throw new EmbedError(response.status, typeof data.message === 'string' ? data.message : `HTTP ${response.status}`);
  return data as T;
}

export interface EmbedParams {
  token: string;
  tenant?: string;
  learner?: string;
}

const q = (p: EmbedParams) => ({ access_token: p.token, tool: 'SPEACH', dedicatedTenant: p.tenant, learner: p.learner });
const enc = encodeURIComponent;

export const embedApi = {
  read: (id: string, p: EmbedParams) => call<EmbedRead>(`/api/v2/embed/speach/${enc(id)}`, q(p)),
  markRead: (id: string, chapterId: string, p: EmbedParams) =>
    call<EmbedReadChapters>(`/api/v2/embed/speach/${enc(id)}/chapters/${enc(chapterId)}/read`, q(p), { method: 'POST', body: '{}' }),
  answer: (id: string, chapterId: string, answers: Record<string, string[]>, p: EmbedParams) =>
    call<ScoredQuiz>(`/api/v2/embed/speach/${enc(id)}/chapters/${enc(chapterId)}/answers`, q(p), { method: 'POST', body: JSON.stringify({ answers }) }),
  draft: (id: string, p: EmbedParams) => call<EmbedDraft>(`/api/v2/embed/edit/${enc(id)}`, q(p)),
  saveDraft: (id: string, edit: EmbedEdit, p: EmbedParams) =>
    call<EmbedDraft>(`/api/v2/embed/edit/${enc(id)}`, q(p), { method: 'PUT', body: JSON.stringify(edit) }),
};

/** Chapters in reading order, flattened. */
export function flatten(chapters: Chapter[]): Chapter[] {
  return chapters.flatMap((c) => [c, ...flatten(c.children ?? [])]);
}
