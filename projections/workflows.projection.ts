import {
  type DefinitionStep,
  type PeriodicReviewEvent,
  type PeriodicReviewState,
  type ReviewDecision,
  type ReviewFrequency,
  type SignatureApplied,
  type SignatureRecord,
  type RunningWorkflow,
  type WorkflowDefinitionEvent,
  type WorkflowEvent,
  type WorkflowStatus,
  type WorkflowStep,
  evolvePeriodicReview,
  evolveWorkflow,
  initialWorkflowState,
} from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export const WORKFLOW_DEFINITIONS = 'workflow_definitions';
export const WORKFLOWS = 'workflows';
export const PERIODIC_REVIEWS = 'periodic_reviews';

export interface WorkflowDefinitionDocument extends ProjectedDocument {
  name: string;
  steps: DefinitionStep[];
  isDefault: boolean;
  /** Speaches of these categories must go through this definition. */
  categoryIds: string[];
  /** When it last became the default: the newest default wins. */
  defaultSince: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowHistoryEntry {
  type: WorkflowEvent['type'];
  at: string;
  by: string | null;
  step: number | null;
  comment: string | null;
}

/** One workflow instance (one submission), shaped for the graph, the account tabs and the cards. */
export interface WorkflowDocument extends ProjectedDocument {
  speachId: string;
  authorId: string;
  name: string;
  anonymous: boolean;
  definitionId: string | null;
  definitionVersion: number | null;
  state: WorkflowStatus;
  /** The speach's newest workflow: the one its card shows. */
  latest: boolean;
  currentStep: number;
  totalSteps: number;
  /** Who may act now: the current step's group or user (null when nobody may). */
  currentGroupId: string | null;
  currentUserId: string | null;
  steps: (WorkflowStep & { validatedBy: string | null; validatedAt: string | null })[];
  rejected: { comment: string; date: string; stepNumber: number; groupId: string | null; userId: string | null; rejectedBy: string } | null;
  regulatedGmp: boolean;
  scheduledAt: string | null;
  completion: { periodicReview: 'ON' | 'OFF'; frequency: ReviewFrequency | null; delay: string; publishAt: string | null } | null;
  /** The electronic signatures of its decisions, oldest first (absent on documents made before issue 23). */
  signatures?: ListedSignature[];
  history: WorkflowHistoryEntry[];
  submittedAt: string;
  updatedAt: string;
  /** The decider's own state, so the read model can never disagree with the rules. */
  decider: RunningWorkflow;
}

/**
 * A signature as the lists show it: an approval whose workflow later revoked it (`ApprovalsRevoked`,
 * the content changed after approval) stays on the record, marked with when and why, never removed.
 */
export type ListedSignature = SignatureRecord & { revoked?: { at: string; reason: string } };

/** One speach's periodic review: schedule, reviewers and last decision. */
export interface PeriodicReviewDocument extends ProjectedDocument {
  speachId: string;
  status: PeriodicReviewState['status'];
  frequency: ReviewFrequency | null;
  nextReviewAt: string | null;
  reviewerUserIds: string[];
  reviewerGroupIds: string[];
  lastDecision: { decision: ReviewDecision; by: string; at: string; comment: string | null } | null;
  /** The signatures of its decisions (regulated speaches), oldest first. */
  signatures?: SignatureRecord[];
  decisions: { decision: ReviewDecision; by: string; at: string; comment: string | null }[];
  updatedAt: string;
}

function currentActors(wf: RunningWorkflow): Pick<WorkflowDocument, 'currentGroupId' | 'currentUserId'> {
  if (wf.status !== 'AWAITING_VALIDATION') return { currentGroupId: null, currentUserId: null };
  const step = wf.steps[wf.currentStep - 1];
  return { currentGroupId: step?.groupId ?? null, currentUserId: step?.userId ?? null };
}

async function workflowEvent(event: Parameters<ProjectionDefinition['handlers'][string]>[0], writer: ProjectionWriter) {
  const e = event as unknown as WorkflowEvent;
  // A signature names its speach only: the workflow is the stream it was appended to.
  const workflowId = 'workflowId' in e.data ? e.data.workflowId : event.streamId.slice('workflow-'.length);
  const { speachId } = e.data;
  if (e.type === 'WorkflowSubmitted') {
    // The speach's earlier workflows are no longer the one its card shows.
    const previous = await writer.find<WorkflowDocument>(WORKFLOWS, { speachId, latest: true });
    for (const doc of previous)
      if (doc._id !== workflowId) await writer.upsert<WorkflowDocument>(WORKFLOWS, doc._id, (d) => (d ? { ...d, latest: false } : null));
  }
  await writer.upsert<WorkflowDocument>(WORKFLOWS, workflowId, (doc) => {
    const before = doc?.decider ?? initialWorkflowState();
    const wf = evolveWorkflow(before, e) as RunningWorkflow;
    if (wf.status === undefined || (wf as { status: string }).status === 'none') return doc;
    const by = event.metadata.userId ?? null;
    const entry: WorkflowHistoryEntry = {
      type: e.type,
      at: event.time,
      by,
      step: 'step' in e.data ? (e.data.step as number) : null,
      comment: e.type === 'WorkflowRejected' ? e.data.comment : null,
    };
    const base: WorkflowDocument =
      doc ??
      ({
        _id: workflowId,
        speachId,
        authorId: wf.authorId,
        name: wf.name,
        anonymous: wf.anonymous,
        definitionId: e.type === 'WorkflowSubmitted' ? e.data.definitionId : null,
        definitionVersion: e.type === 'WorkflowSubmitted' ? e.data.definitionVersion : null,
        latest: true,
        steps: wf.steps.map((s) => ({ ...s, validatedBy: null, validatedAt: null })),
        rejected: null,
        completion: null,
        history: [],
        submittedAt: event.time,
      } as unknown as WorkflowDocument);
    let steps = base.steps;
    let rejected = base.rejected;
    let completion = base.completion;
    let signatures = base.signatures ?? [];
    switch (e.type) {
      case 'SignatureApplied':
        signatures = [...signatures, signatureOf(e.data)];
        break;
      case 'ApprovalsRevoked': {
        steps = steps.map((s) => ({ ...s, validatedBy: null, validatedAt: null }));
        const revoked = { at: e.data.at, reason: e.data.reason };
        signatures = signatures.map((s) => (s.meaning === 'approved' && !s.revoked ? { ...s, revoked } : s));
        break;
      }
      case 'WorkflowStepValidated':
        steps = steps.map((s) => (s.order === e.data.step ? { ...s, validatedBy: e.data.validatedBy, validatedAt: event.time } : s));
        break;
      case 'WorkflowRejected': {
        const step = steps[e.data.step - 1];
        rejected = {
          comment: e.data.comment,
          date: event.time,
          stepNumber: e.data.step,
          groupId: step?.groupId ?? null,
          userId: step?.userId ?? null,
          rejectedBy: e.data.rejectedBy,
        };
        break;
      }
      case 'WorkflowResubmitted':
        // A new round: earlier approvals were of an older draft.
        steps = steps.map((s) => ({ ...s, validatedBy: null, validatedAt: null }));
        rejected = null;
        break;
      case 'WorkflowCompleted':
        completion = { periodicReview: e.data.periodicReview, frequency: e.data.frequency, delay: e.data.delay, publishAt: e.data.publishAt };
        break;
      default:
        break;
    }
    return {
      ...base,
      state: wf.status,
      currentStep: wf.currentStep,
      totalSteps: wf.steps.length,
      ...currentActors(wf),
      steps,
      rejected,
      completion,
      signatures,
      regulatedGmp: wf.regulatedGmp,
      scheduledAt: wf.scheduledAt,
      history: [...base.history, entry],
      updatedAt: event.time,
      decider: wf,
    };
  });
}

async function reviewEvent(event: Parameters<ProjectionDefinition['handlers'][string]>[0], writer: ProjectionWriter) {
  const e = event as unknown as PeriodicReviewEvent;
  await writer.upsert<PeriodicReviewDocument>(PERIODIC_REVIEWS, e.data.speachId, (doc) => {
    const base = doc ?? emptyReview(e.data.speachId, event.time);
    const before: PeriodicReviewState =
      base.status === 'none'
        ? { status: 'none' }
        : {
            status: base.status,
            speachId: base.speachId,
            frequency: base.frequency as ReviewFrequency,
            nextReviewAt: base.nextReviewAt,
            lastDecision: base.lastDecision?.decision ?? null,
          };
    const next = evolvePeriodicReview(before, e);
    if (next.status === 'none') return base;
    if (e.type === 'SignatureApplied') return { ...base, signatures: [...(base.signatures ?? []), signatureOf(e.data)], updatedAt: event.time };
    const decision = e.type === 'PeriodicReviewCompleted' ? { decision: e.data.decision, by: e.data.reviewedBy, at: e.data.at, comment: e.data.comment } : null;
    return {
      ...base,
      status: next.status,
      frequency: next.frequency,
      nextReviewAt: next.nextReviewAt,
      lastDecision: decision ?? base.lastDecision,
      decisions: decision ? [...base.decisions, decision] : base.decisions,
      updatedAt: event.time,
    };
  });
}

function signatureOf(d: SignatureApplied['data']): SignatureRecord {
  const { speachId: _speachId, sessionId: _sessionId, ...record } = d;
  return record;
}

function emptyReview(speachId: string, time: string): PeriodicReviewDocument {
  return {
    _id: speachId,
    speachId,
    status: 'none',
    frequency: null,
    nextReviewAt: null,
    reviewerUserIds: [],
    reviewerGroupIds: [],
    lastDecision: null,
    decisions: [],
    updatedAt: time,
  };
}

async function definitionEvent(event: Parameters<ProjectionDefinition['handlers'][string]>[0], writer: ProjectionWriter) {
  const e = event as unknown as WorkflowDefinitionEvent;
  await writer.upsert<WorkflowDefinitionDocument>(WORKFLOW_DEFINITIONS, e.data.definitionId, (doc) => {
    if (e.type === 'WorkflowDefinitionDeleted') return null;
    return {
      _id: e.data.definitionId,
      name: e.data.name,
      steps: e.data.steps,
      isDefault: e.data.isDefault,
      categoryIds: e.data.categoryIds ?? [],
      defaultSince: e.data.isDefault ? (doc?.isDefault ? doc.defaultSince : event.time) : null,
      version: e.data.version,
      createdAt: doc?.createdAt ?? event.time,
      updatedAt: event.time,
    };
  });
}

/** Workflow definitions, workflow instances and periodic reviews (issue #6). */
export const workflowsProjection: ProjectionDefinition = {
  name: 'workflows',
  // 2: signatures of revoked approvals carry their `revoked` mark (rebuilt from the log).
  // 3: signatures without the printed name (SignatureApplied schema 2): readers print the signer's name at signing.
  version: 3,
  collections: [
    { name: WORKFLOW_DEFINITIONS, indexes: [{ field: 'categoryIds' }] },
    {
      name: WORKFLOWS,
      indexes: [
        { field: 'speachId' },
        { field: 'latest' },
        { field: 'currentGroupId' },
        { field: 'currentUserId' },
        { field: 'authorId' },
        { fields: [{ field: 'latest' }, { field: 'state' }] },
        { fields: [{ field: 'speachId' }, { field: 'submittedAt', direction: -1 }] },
      ],
    },
    {
      name: PERIODIC_REVIEWS,
      indexes: [{ field: 'reviewerUserIds' }, { field: 'reviewerGroupIds' }, { field: 'status' }, { fields: [{ field: 'status' }, { field: 'nextReviewAt' }] }],
    },
  ],
  handlers: {
    WorkflowDefinitionCreated: definitionEvent,
    WorkflowDefinitionChanged: definitionEvent,
    WorkflowDefinitionDeleted: definitionEvent,
    WorkflowSubmitted: workflowEvent,
    WorkflowStepValidated: workflowEvent,
    WorkflowRejected: workflowEvent,
    WorkflowResubmitted: workflowEvent,
    WorkflowCancelled: workflowEvent,
    WorkflowCompleted: workflowEvent,
    ApprovalsRevoked: workflowEvent,
    SignatureApplied: async (event, writer) => {
      if (event.streamId.startsWith('workflow-')) await workflowEvent(event, writer);
      else if (event.streamId.startsWith('periodic-review-')) await reviewEvent(event, writer);
    },
    PeriodicReviewScheduled: reviewEvent,
    PeriodicReviewCompleted: reviewEvent,
    PeriodicReviewStopped: reviewEvent,
    PeriodicReviewersAssigned: async (event, writer) => {
      const d = event.data as { speachId: string; userIds: string[]; groupIds: string[] };
      await writer.upsert<PeriodicReviewDocument>(PERIODIC_REVIEWS, d.speachId, (doc) => ({
        ...(doc ?? emptyReview(d.speachId, event.time)),
        reviewerUserIds: d.userIds,
        reviewerGroupIds: d.groupIds,
        updatedAt: event.time,
      }));
    },
  },
};
