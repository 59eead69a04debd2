import {
  APPROVALS_REVOKED_REASON,
  type AwaitedApprover,
  PUBLICATION_DELAYS,
  type PublicationDelay,
  REVIEW_FREQUENCIES,
  type ReviewFrequency,
  type RunningWorkflow,
  type SignatureApplied,
  type SignatureMeaning,
  type SignatureRecord,
  type SpeachState,
  type WorkflowEvent,
  type WorkflowState,
  type WorkflowStep,
  evolveWorkflow,
  initialWorkflowState,
  isStepApprover,
} from '../../events';
import type { Actor } from '../infrastructure/http/actor';
import { editable, submittable } from '../speach';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export const COMMENT_MAX = 2000;
export const ROLE_MAX = 100;
export const APPROVERS_MAX = 20;

/** The state and its fold are part of the event contract (events/workflow.state.ts); re-exported for this context's callers. */
export type { Rejection, RunningWorkflow, WorkflowState, WorkflowStatus } from '../../events';
export { isStepApprover };

/** Who acts, as the workflow's rules need it (the request's Actor: roles and groups resolved once by the guard). */
export type WorkflowActor = Pick<Actor, 'id' | 'isAdmin' | 'isAuthor' | 'isApprover' | 'groupIds'>;

/** The final validation dialog of spec §2 (only read at the last step). */
export interface FinalChoices {
  periodicReview?: string;
  frequency?: string;
  delay?: string;
  date?: string | null;
}

type On<C> = C & { workflowId: string; actor: WorkflowActor; now: string };
export type WorkflowCommand =
  | On<{
      type: 'Submit';
      speachId: string;
      /**
       * The speach stream's own state, folded from the event store when the request is made: who may
       * submit and what a submitted speach needs are the speach decider's rules, asked on it here rather
       * than on the read model, which may lag behind an edit made just before.
       */
      speach: SpeachState;
      /** The speach's workflow still open (awaiting validation or rejected), if any: one at a time. */
      openWorkflowId: string | null;
      name: string;
      anonymous: boolean;
      definitionId: string | null;
      definitionVersion: number | null;
      steps: WorkflowStep[];
      regulatedGmp: boolean;
      scheduledAt: string | null;
    }>
  | On<{
      type: 'Validate';
      final: FinalChoices;
      periodicReviewEnabled: boolean;
      /** Checked by the signature service (password, meaning, content signed); null when unsigned. */
      signature: SignatureRecord | null;
    }>
  | On<{ type: 'Reject'; comment: string; signature: SignatureRecord | null }>
  | On<{ type: 'Resubmit'; speach: SpeachState; scheduledAt?: string | null }>
  | On<{ type: 'Cancel' }>
  | On<{
      type: 'RevokeApprovals';
      /** The speach's content hash after the material change; approvals signed on exactly it still hold. */
      contentHash: string;
      changeEventId: string;
    }>;

function running(state: WorkflowState): RunningWorkflow {
  if (state.status === 'none') throw new NotFoundError('No workflow for this speach');
  return state;
}

function open(state: WorkflowState): RunningWorkflow {
  const wf = running(state);
  if (wf.status === 'COMPLETED') throw new IllegalStateError('This workflow is already completed');
  if (wf.status === 'CANCELLED') throw new IllegalStateError('This workflow was cancelled');
  return wf;
}

function awaited(step: WorkflowStep): AwaitedApprover {
  return { step: step.order, groupId: step.groupId, userId: step.userId };
}

/**
 * Who validates or rejects the current step: its approver, never the author. The fields it reads are
 * the same on the stream's state and on the workflow read model, so the card's `canApprove` and the
 * workflow screen's `canValidate` ask this very rule (with the workflow awaiting validation).
 */
export function mayDecide(wf: Pick<RunningWorkflow, 'authorId' | 'steps' | 'currentStep'>, actor: Pick<Actor, 'id' | 'groupIds' | 'isApprover'>): boolean {
  return wf.authorId !== actor.id && isStepApprover(wf.steps[wf.currentStep - 1], actor);
}

/** Validate and reject: only an approver of the current step, never the author, on a workflow awaiting validation. */
function decidable(state: WorkflowState, actor: WorkflowActor): RunningWorkflow {
  const wf = open(state);
  if (wf.status === 'REJECTED') throw new IllegalStateError('This workflow was rejected: it waits for the author to resubmit');
  if (wf.authorId === actor.id) throw new ForbiddenError('An author may not validate their own speach.');
  if (!mayDecide(wf, actor)) throw new ForbiddenError('You are not an approver of the current step.');
  return wf;
}

/**
 * The signature a decision carries (Part 11): required on a GMP-regulated workflow, with the
 * decision's meaning; an approval must sign the same content as the approvals already given in
 * this round, or it would approve a version nobody else approved.
 */
function signatureOf(wf: RunningWorkflow, signature: SignatureRecord | null, meaning: SignatureMeaning): SignatureApplied[] {
  if (!signature) {
    if (wf.regulatedGmp)
      throw new ValidationError('signature', `This workflow is GMP-regulated: the decision needs an electronic signature (meaning ${meaning})`);
    return [];
  }
  if (signature.meaning !== meaning) throw new ValidationError('signature.meaning', `The meaning of this signature is ${meaning}`);
  if (meaning === 'approved' && wf.approvedContentHash !== null && wf.approvedContentHash !== signature.contentHash) {
    throw new IllegalStateError('The earlier approvals of this round were signed on other content: they are revoked before a new approval counts');
  }
  return [{ type: 'SignatureApplied', data: { speachId: wf.speachId, ...signature } }];
}

function futureDate(value: string | null | undefined, field: string, now: string, required: boolean): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ValidationError(field, `${field} is required`);
    return null;
  }
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new ValidationError(field, `${field} must be a date-time`);
  const iso = new Date(value).toISOString();
  if (iso <= now) throw new ValidationError(field, `${field} must be in the future`);
  return iso;
}

/** The dialog's choices, checked: GMP forces a periodic review; NEW_DATE needs a date; an expired date rules out SCHEDULED. */
function finalChoices(wf: RunningWorkflow, final: FinalChoices, periodicReviewEnabled: boolean, now: string) {
  let periodicReview: 'ON' | 'OFF' = 'OFF';
  let frequency: ReviewFrequency | null = null;
  if (periodicReviewEnabled) {
    if (final.periodicReview !== 'ON' && final.periodicReview !== 'OFF') throw new ValidationError('periodicReview', 'periodicReview must be ON or OFF');
    if (final.periodicReview === 'OFF' && wf.regulatedGmp) throw new ValidationError('periodicReview', 'A GMP-regulated speach needs a periodic review');
    periodicReview = final.periodicReview;
    if (periodicReview === 'ON') {
      if (!final.frequency || !(final.frequency in REVIEW_FREQUENCIES))
        throw new ValidationError('frequency', `frequency must be one of ${Object.keys(REVIEW_FREQUENCIES).join(', ')}`);
      frequency = final.frequency as ReviewFrequency;
    }
  }
  if (!(PUBLICATION_DELAYS as readonly string[]).includes(final.delay ?? ''))
    throw new ValidationError('delay', `delay must be one of ${PUBLICATION_DELAYS.join(', ')}`);
  const delay = final.delay as PublicationDelay;
  let publishAt: string | null = null;
  if (delay === 'SCHEDULED') {
    if (!wf.scheduledAt) throw new ValidationError('delay', 'No publication date was scheduled: publish immediately or choose a new date');
    if (wf.scheduledAt <= now) throw new ValidationError('delay', 'The scheduled date has expired: publish immediately or choose a new date');
    publishAt = wf.scheduledAt;
  }
  if (delay === 'NEW_DATE') {
    if (!final.date) throw new ValidationError('date', 'NEW_DATE needs a date');
    publishAt = futureDate(final.date, 'date', now, true);
  }
  return { periodicReview, frequency, delay, publishAt };
}

function checkedSteps(command: Extract<WorkflowCommand, { type: 'Submit' }>, authorId: string): WorkflowStep[] {
  const field = command.anonymous ? 'approvers' : 'steps';
  if (!Array.isArray(command.steps) || command.steps.length === 0)
    throw new ValidationError(field, command.anonymous ? 'Choose at least one approver' : 'A workflow needs at least one step');
  if (command.steps.length > APPROVERS_MAX) throw new ValidationError(field, `at most ${APPROVERS_MAX} steps`);
  if (command.anonymous) {
    const ids = command.steps.map((s) => s.userId);
    if (ids.some((id) => !id)) throw new ValidationError(field, 'Every approver needs a user');
    if (new Set(ids).size !== ids.length) throw new ValidationError(field, 'An approver appears twice');
    if (ids.includes(authorId) || ids.includes(command.actor.id)) throw new ValidationError(field, 'An author may not validate their own speach');
  } else if (command.steps.some((s) => !s.groupId)) throw new ValidationError(field, 'Every step needs a group');
  return command.steps.map((step, index) => {
    const role = step.role === null || step.role === undefined ? '' : String(step.role).trim();
    if (role.length > ROLE_MAX) throw new ValidationError(`${field}[${index}].role`, `role must be at most ${ROLE_MAX} characters`);
    return {
      order: index + 1,
      groupId: step.groupId ?? null,
      groupName: step.groupName ?? null,
      userId: step.userId ?? null,
      userName: step.userName ?? null,
      role: role || null,
    };
  });
}

/** One submission of one speach (stream `workflow-{workflowId}`): spec §4 workflow transitions. */
export const workflowDecider: Decider<WorkflowState, WorkflowCommand, WorkflowEvent> = {
  initialState: initialWorkflowState,

  decide(command, state) {
    const { workflowId, actor, now } = command;
    switch (command.type) {
      case 'Submit': {
        if (state.status !== 'none') throw new IllegalStateError('This workflow was already submitted');
        const speach = submittable(command.speach, actor);
        if (command.openWorkflowId !== null) throw new IllegalStateError('This speach is already in a validation workflow');
        const steps = checkedSteps(command, speach.authorId);
        return [
          {
            type: 'WorkflowSubmitted',
            data: {
              workflowId,
              speachId: command.speachId,
              authorId: speach.authorId,
              submittedBy: actor.id,
              name: command.name,
              anonymous: command.anonymous,
              definitionId: command.definitionId,
              definitionVersion: command.definitionVersion,
              steps,
              regulatedGmp: command.regulatedGmp === true,
              scheduledAt: futureDate(command.scheduledAt, 'scheduledAt', now, false),
              at: now,
            },
          },
        ];
      }
      case 'Validate': {
        const wf = decidable(state, actor);
        const last = wf.currentStep === wf.steps.length;
        const step = wf.steps[wf.currentStep - 1];
        const signed = signatureOf(wf, command.signature, 'approved');
        const choices = last ? finalChoices(wf, command.final, command.periodicReviewEnabled, now) : null;
        const base = { workflowId, speachId: wf.speachId };
        return [
          ...signed,
          {
            type: 'WorkflowStepValidated',
            data: {
              ...base,
              step: wf.currentStep,
              validatedBy: actor.id,
              groupId: step.groupId,
              at: now,
              awaiting: last ? null : awaited(wf.steps[wf.currentStep]),
            },
          },
          ...(choices ? [{ type: 'WorkflowCompleted' as const, data: { ...base, ...choices, completedBy: actor.id, at: now } }] : []),
        ];
      }
      case 'Reject': {
        const wf = decidable(state, actor);
        const comment = typeof command.comment === 'string' ? command.comment.trim() : '';
        if (!comment) throw new ValidationError('comment', 'A rejection needs a comment');
        if (comment.length > COMMENT_MAX) throw new ValidationError('comment', `comment must be at most ${COMMENT_MAX} characters`);
        const step = wf.steps[wf.currentStep - 1];
        const signed = signatureOf(wf, command.signature, 'rejected');
        return [
          ...signed,
          {
            type: 'WorkflowRejected',
            data: { workflowId, speachId: wf.speachId, step: wf.currentStep, comment, rejectedBy: actor.id, groupId: step.groupId, at: now },
          },
        ];
      }
      case 'RevokeApprovals': {
        if (state.status === 'none' || state.status !== 'AWAITING_VALIDATION' || state.validatedSteps.length === 0) return [];
        if (state.approvedContentHash !== null && state.approvedContentHash === command.contentHash) return [];
        return [
          {
            type: 'ApprovalsRevoked',
            data: {
              workflowId,
              speachId: state.speachId,
              reason: APPROVALS_REVOKED_REASON,
              revokedSteps: [...state.validatedSteps],
              approvedContentHash: state.approvedContentHash,
              changeEventId: command.changeEventId,
              awaiting: awaited(state.steps[0]),
              at: now,
            },
          },
        ];
      }
      case 'Resubmit': {
        const wf = open(state);
        editable(command.speach, actor);
        if (wf.status !== 'REJECTED') throw new IllegalStateError('Only a rejected workflow is resubmitted');
        const scheduledAt = command.scheduledAt === undefined ? wf.scheduledAt : futureDate(command.scheduledAt, 'scheduledAt', now, false);
        return [
          {
            type: 'WorkflowResubmitted',
            data: { workflowId, speachId: wf.speachId, resubmittedBy: actor.id, scheduledAt, at: now, awaiting: awaited(wf.steps[0]) },
          },
        ];
      }
      case 'Cancel': {
        if (!actor.isAdmin) throw new ForbiddenError('Only administrators cancel a workflow.');
        const wf = open(state);
        return [{ type: 'WorkflowCancelled', data: { workflowId, speachId: wf.speachId, cancelledBy: actor.id, at: now } }];
      }
    }
  },

  evolve: evolveWorkflow,
};
