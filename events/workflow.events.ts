import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';
import type { ApprovalsRevoked, SignatureApplied } from './signature.events';

export * from './workflow-vocabulary.view';
import type { PublicationDelay, ReviewDecision, ReviewFrequency } from './workflow-vocabulary.view';

/** One step of a definition: a group of approvers (any member may validate). */
export interface DefinitionStep {
  groupId: string;
}

/**
 * One step of a running workflow, frozen at submission: a group (definition workflow) or a named
 * user with a role (anonymous workflow). Names are copied so the graph shows what was submitted.
 */
export interface WorkflowStep {
  order: number;
  groupId: string | null;
  groupName: string | null;
  userId: string | null;
  userName: string | null;
  role: string | null;
}

/** Stream `workflow-definition-{definitionId}`: a named, ordered list of approver groups, versioned. */
export type WorkflowDefinitionCreated = DomainEvent<
  'WorkflowDefinitionCreated',
  {
    definitionId: string;
    name: string;
    steps: DefinitionStep[];
    isDefault: boolean;
    /** Speaches of these categories must go through this definition before publication. */
    categoryIds: string[];
    version: number;
  }
>;
/** A new version of the definition: running workflows keep the snapshot they started with. */
export type WorkflowDefinitionChanged = DomainEvent<
  'WorkflowDefinitionChanged',
  { definitionId: string; name: string; steps: DefinitionStep[]; isDefault: boolean; categoryIds: string[]; version: number }
>;
export type WorkflowDefinitionDeleted = DomainEvent<'WorkflowDefinitionDeleted', { definitionId: string }>;
export type WorkflowDefinitionEvent = WorkflowDefinitionCreated | WorkflowDefinitionChanged | WorkflowDefinitionDeleted;

type W<T extends string, D> = DomainEvent<T, { workflowId: string; speachId: string } & D>;

/** Stream `workflow-{workflowId}`: one submission of one speach, from submission to completion or cancellation. */
export type WorkflowSubmitted = W<
  'WorkflowSubmitted',
  {
    authorId: string;
    submittedBy: string;
    name: string;
    anonymous: boolean;
    /** The definition and version snapshotted (null for an anonymous workflow). */
    definitionId: string | null;
    definitionVersion: number | null;
    steps: WorkflowStep[];
    regulatedGmp: boolean;
    /** Publication date the author asked for (the SCHEDULED choice of the final dialog). */
    scheduledAt: string | null;
    at: string;
  }
>;
/** Who a step waits for: the group of a definition step, or the named user of an anonymous one. */
export interface AwaitedApprover {
  step: number;
  groupId: string | null;
  userId: string | null;
}
/** `awaiting`: the next step, null after the last one. */
export type WorkflowStepValidated = W<
  'WorkflowStepValidated',
  { step: number; validatedBy: string; groupId: string | null; at: string; awaiting: AwaitedApprover | null }
>;
/** The speach goes back to the author; the current step stays the rejected step. */
export type WorkflowRejected = W<'WorkflowRejected', { step: number; comment: string; rejectedBy: string; groupId: string | null; at: string }>;
/** After a rejection the author resubmits the edited speach: validation starts again at step 1. */
export type WorkflowResubmitted = W<'WorkflowResubmitted', { resubmittedBy: string; scheduledAt: string | null; at: string; awaiting: AwaitedApprover }>;
/** An administrator stops the workflow: validated steps are ignored and no publication happens. */
export type WorkflowCancelled = W<'WorkflowCancelled', { cancelledBy: string; at: string }>;
/** The last step validated with the final dialog's choices: the speach is published now or at `publishAt`. */
export type WorkflowCompleted = W<
  'WorkflowCompleted',
  {
    periodicReview: 'ON' | 'OFF';
    frequency: ReviewFrequency | null;
    delay: PublicationDelay;
    /** null: published at once. */
    publishAt: string | null;
    completedBy: string;
    at: string;
  }
>;
/** The signed decisions' signatures and the revocation of approvals share the workflow's stream (one append per decision). */
export type WorkflowEvent =
  | WorkflowSubmitted
  | WorkflowStepValidated
  | WorkflowRejected
  | WorkflowResubmitted
  | WorkflowCancelled
  | WorkflowCompleted
  | SignatureApplied
  | ApprovalsRevoked;

type P<T extends string, D> = DomainEvent<T, { speachId: string } & D>;

/** Stream `periodic-review-{speachId}`. */
export type PeriodicReviewScheduled = P<'PeriodicReviewScheduled', { frequency: ReviewFrequency; nextReviewAt: string; workflowId: string | null }>;
export type PeriodicReviewCompleted = P<
  'PeriodicReviewCompleted',
  { decision: ReviewDecision; reviewedBy: string; comment: string | null; at: string; nextReviewAt: string | null }
>;
/** A later validation chose no periodic review: the schedule ends. */
export type PeriodicReviewStopped = P<'PeriodicReviewStopped', { workflowId: string | null }>;
export type PeriodicReviewEvent = PeriodicReviewScheduled | PeriodicReviewCompleted | PeriodicReviewStopped | SignatureApplied;

for (const type of [
  'WorkflowDefinitionCreated',
  'WorkflowDefinitionChanged',
  'WorkflowDefinitionDeleted',
  'WorkflowSubmitted',
  'WorkflowStepValidated',
  'WorkflowRejected',
  'WorkflowResubmitted',
  'WorkflowCancelled',
  'WorkflowCompleted',
  'PeriodicReviewScheduled',
  'PeriodicReviewCompleted',
  'PeriodicReviewStopped',
]) {
  registerEventType(type, 1);
}

export const workflowStream = (workflowId: string) => `workflow-${workflowId}`;
export const definitionStream = (definitionId: string) => `workflow-definition-${definitionId}`;
export const periodicReviewStream = (speachId: string) => `periodic-review-${speachId}`;
