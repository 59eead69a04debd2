import type { AuditSummary, AuditedSpeach, AuditedSpeachPage, ChainReport, StateAtView, TrailEntry, TrailPage } from '@speach/web-shared/api';
import { HttpError } from 'react-admin';
import { apiCall } from '../providers/httpClient';

export type { AuditedSpeach, TrailEntry };

/** The event log's tamper evidence. */
export type ChainStatus = ChainReport;

/**
 * The states below are the deciders' folded states, which the state-at answer carries as they are (`unknown` in
 * its view): the screen describes the fields it reads.
 */
export interface WorkflowStepState {
  order: number;
  groupName: string | null;
  userName: string | null;
  role: string | null;
}

export interface WorkflowState {
  status: 'none' | 'AWAITING_VALIDATION' | 'REJECTED' | 'CANCELLED' | 'COMPLETED';
  name?: string;
  anonymous?: boolean;
  steps?: WorkflowStepState[];
  currentStep?: number;
  validatedSteps?: number[];
  rejection?: { step: number; comment: string; rejectedBy: string; at: string } | null;
}

export interface SpeachState {
  status: 'none' | 'active';
  title?: string;
  visibility?: string;
  archived?: boolean;
  published?: boolean;
  publishedVersion?: number;
  scheduledFor?: string | null;
  pendingUpdates?: boolean;
  order?: string[];
  chapters?: Record<string, { title: string }>;
}

/** The state-at answer, its folded states read through the shapes above. */
export type StateAt = Omit<StateAtView, 'speach' | 'workflows' | 'periodicReview' | 'ai'> & {
  speach: SpeachState;
  workflows: { workflowId: string; stream: string; state: WorkflowState }[];
  periodicReview: { status: string; frequency?: string; nextReviewAt?: string | null; lastDecision?: string | null } | null;
};

const base = (speachId: string) => `/api/v2/audit/speach/${encodeURIComponent(speachId)}`;

export const auditApi = {
  speaches: (q: string, page: number, size = 20) =>
    apiCall<AuditedSpeachPage>(`/api/v2/audit/speaches?${new URLSearchParams({ q, page: String(page), size: String(size) })}`),
  summary: (speachId: string) => apiCall<AuditSummary>(base(speachId)),
  /** The whole trail, page after page (the API pages by 500 at most). */
  async trail(speachId: string): Promise<TrailEntry[]> {
    const entries: TrailEntry[] = [];
    for (let page = 0; ; page++) {
      const answer = await apiCall<TrailPage>(`${base(speachId)}/events?page=${page}&size=500`);
      entries.push(...answer.result);
      if (entries.length >= answer.total || answer.result.length === 0) return entries;
    }
  },
  stateAt: (speachId: string, position: number) => apiCall<StateAt>(`${base(speachId)}/state?position=${position}`),
  chain: (full = false) => apiCall<ChainStatus>(`/api/v2/audit/chain${full ? '?full=true' : ''}`),
  /** Downloads an export with the session cookie, then hands the file to the browser. */
  async download(speachId: string, format: 'csv' | 'json' | 'pdf'): Promise<void> {
    const response = await fetch(`${base(speachId)}/events.${format}`, { credentials: 'same-origin' });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new HttpError(body.message ?? response.statusText, response.status, body);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `audit-${speachId}.${format}`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) return (error.body as { message?: string } | undefined)?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A value of the history as short text: strings as they are, the rest as JSON, cut to `max`. */
export function showValue(value: unknown, max = 120): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
