import {
  type PublicationDelay,
  type ReviewDecision,
  type ReviewFrequency,
  type SignatureView,
  type StepStatus,
  type UserSearchResult,
  type WorkflowDefinitionView,
  type WorkflowStatus,
  type WorkflowStepView,
  type WorkflowView,
  listOf,
} from '@speach/web-shared/api';
import type { SignatureInput } from './SignatureDialog';
import { api } from '../api/client';
import type { Chapter, SpeachCard } from '../speach/types';

export type { PublicationDelay, ReviewDecision, ReviewFrequency, StepStatus, WorkflowStepView };
export type WorkflowState = WorkflowStatus;
export const REVIEW_FREQUENCIES = listOf<ReviewFrequency>()(['ONE_YEAR', 'TWO_YEARS', 'THREE_YEARS']);
export const REVIEW_DECISIONS = listOf<ReviewDecision>()(['NO_REVISION', 'REVISION_NEEDED', 'ARCHIVE']);
/** Spec §9: a review is due (and its chip urgent) from 6 months before its date. */
export const WARNING_WINDOW_MONTHS = 6;

/** docs/workflow-api.md "Workflow representation". */
export type Workflow = WorkflowView;

export type Definition = Pick<WorkflowDefinitionView, 'id' | 'name' | 'steps' | 'isDefault'>;

export type ApproverChoice = UserSearchResult;

export interface SubmitInput {
  speachId: string;
  definitionId?: string;
  anonymous?: boolean;
  approvers?: { id: string; role: string | null }[];
  regulatedGmp?: boolean;
  scheduledAt?: string | null;
}

export interface FinalChoices {
  periodicReview?: 'ON' | 'OFF';
  frequency?: ReviewFrequency;
  delay: PublicationDelay;
  date?: string | null;
}

const base = (speachId: string) => `/api/v2/workflow/speach/${encodeURIComponent(speachId)}`;

export const workflowApi = {
  get: (speachId: string) => api<Workflow | null>(base(speachId)),
  draft: (speachId: string) => api<SpeachCard & { chapters: Chapter[] }>(`${base(speachId)}/draft`),
  card: (speachId: string) => api<SpeachCard>(`/api/v2/speach/speachWithMetadata?speachID=${encodeURIComponent(speachId)}`),
  definitions: () => api<Definition[]>('/api/v2/workflow/definitions'),
  approvers: (search: string) => api<ApproverChoice[]>(`/api/v2/speach/getUsersByRole?role=APPROVER&search=${encodeURIComponent(search)}`),
  submit: (input: SubmitInput) => api<Workflow>('/api/v2/workflow/submit', { method: 'POST', json: input }),
  validate: (speachId: string, choices: FinalChoices | Record<string, never>, signature?: SignatureInput) =>
    api<Workflow>(`${base(speachId)}/validate`, { method: 'POST', json: signature ? { ...choices, signature } : choices }),
  reject: (speachId: string, comment: string, signature?: SignatureInput) =>
    api<Workflow>(`${base(speachId)}/reject`, { method: 'POST', json: signature ? { comment, signature } : { comment } }),
  resubmit: (speachId: string) => api<Workflow>(`${base(speachId)}/resubmit`, { method: 'POST', json: {} }),
  decide: (speachId: string, decision: ReviewDecision, comment: string, signature?: SignatureInput) =>
    api<SpeachCard>(`/api/v2/periodic-review/${encodeURIComponent(speachId)}/decision`, {
      method: 'POST',
      json: { decision, comment: comment || null, ...(signature ? { signature } : {}) },
    }),
};

/** `iso` minus whole months (UTC): where the warning window of a review starts. */
export function windowStart(iso: string, months = WARNING_WINDOW_MONTHS): Date {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** Spec §2 final dialog rule: an expired requested date makes IMMEDIATELY the default and rules out SCHEDULED. */
export function defaultDelay(workflow: Pick<Workflow, 'scheduledAt' | 'scheduledExpired'>): PublicationDelay {
  return workflow.scheduledAt && !workflow.scheduledExpired ? 'SCHEDULED' : 'IMMEDIATELY';
}

/** A signature as the record shows it (21 CFR Part 11 §11.50). */
export type SignatureRecord = SignatureView;
