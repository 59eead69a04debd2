/**
 * What the validation workflow answers (spec §3 "Workflow", docs/workflow-api.md "Workflow representation"). A view
 * module: it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { PeriodicReviewStatus, ReviewDecision, ReviewFrequency, SignatureMeaning, WorkflowStatus } from '../../events/workflow-vocabulary.view';
import type { DraftSpeach, Person, SpeachCard } from '../speach/speach-card.view';

export type StepStatus = 'VALIDATED' | 'ACTIVE' | 'INACTIVE' | 'REJECTED';

/** One step of the graph, with who validated it. */
export interface WorkflowStepView {
  order: number;
  groupId: string | null;
  groupName: string | null;
  userId: string | null;
  userName: string | null;
  role: string | null;
  usrImg: string | null;
  status: StepStatus;
  validatedBy: Person | null;
  validatedAt: string | null;
}

/** A signature as the record shows it (21 CFR Part 11 §11.50); `revoked` once the content changed after approval. */
export interface SignatureView {
  signatureId: string;
  printedName: string;
  meaning: SignatureMeaning;
  reason: string | null;
  signedAt: string;
  timeZone: string;
  contentHash: string;
  version: number;
  revoked?: { at: string; reason: string };
}

/** A workflow event as its history lists it. */
export interface WorkflowHistoryView {
  type: string;
  at: string;
  by: string | null;
  step: number | null;
  comment: string | null;
}

/** Spec §3 "Workflow" for the graph, with what the viewer may do. */
export interface WorkflowView {
  workflowId: string;
  speachId: string;
  title: string;
  name: string;
  anonymous: boolean;
  state: WorkflowStatus;
  currentStep: number;
  totalSteps: number;
  author: Person;
  steps: WorkflowStepView[];
  rejected: { comment: string; date: string; stepNumber: number; groupName: string | null; userName: string | null; rejectedBy: Person } | null;
  regulatedGmp: boolean;
  /** The signatures of its decisions, oldest first (issue 23). */
  signatures: SignatureView[];
  scheduledAt: string | null;
  scheduledExpired: boolean;
  periodicReviewEnabled: boolean;
  isLastStep: boolean;
  submittedAt: string;
  completion: { periodicReview: 'ON' | 'OFF'; frequency: ReviewFrequency | null; delay: string; publishAt: string | null } | null;
  history: WorkflowHistoryView[];
  canValidate: boolean;
  canReject: boolean;
  canResubmit: boolean;
  canCancel: boolean;
}

/** What an approver validates: the draft, and what the signature dialog sends back (a change meanwhile is a 409). */
export type ReviewDraft = DraftSpeach & { contentHash: string; signedVersion: number };

/** A workflow definition (`GET /api/v2/workflow/definitions`, the back office's list): its steps with their groups. */
export interface WorkflowDefinitionView {
  id: string;
  name: string;
  steps: { order: number; groupId: string; groupName: string }[];
  isDefault: boolean;
  categoryIds: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A published speach in the admins' periodic review list (`GET /api/v2/admin/periodic-reviews`), with its review. */
export interface PeriodicReviewRow extends SpeachCard {
  review: {
    status: PeriodicReviewStatus | 'none';
    frequency: ReviewFrequency | null;
    nextReviewAt: string | null;
    urgent: boolean;
    lastDecision: { decision: ReviewDecision; by: string; at: string; comment: string | null } | null;
  };
}

export interface PeriodicReviewPage {
  result: PeriodicReviewRow[];
  total: number;
}
