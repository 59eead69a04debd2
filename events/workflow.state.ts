import type { WorkflowEvent, WorkflowStep } from './workflow.events';

export type { WorkflowStatus } from './workflow-vocabulary.view';
import type { WorkflowStatus } from './workflow-vocabulary.view';

export interface Rejection {
  step: number;
  comment: string;
  rejectedBy: string;
  at: string;
}

export interface RunningWorkflow {
  status: WorkflowStatus;
  workflowId: string;
  speachId: string;
  authorId: string;
  name: string;
  anonymous: boolean;
  steps: WorkflowStep[];
  /** 1-based; the rejected step while REJECTED. */
  currentStep: number;
  /** Steps validated in the current round (a resubmission starts a new round). */
  validatedSteps: number[];
  rejection: Rejection | null;
  regulatedGmp: boolean;
  scheduledAt: string | null;
  /** The content hash the current round's approvals were signed on (null before the first signed approval). */
  approvedContentHash: string | null;
}

export type WorkflowState = { status: 'none' } | RunningWorkflow;

export const initialWorkflowState = (): WorkflowState => ({ status: 'none' });

/** The fold of a workflow stream: the decider decides on it and the workflow read model stores it. */
export function evolveWorkflow(state: WorkflowState, event: WorkflowEvent): WorkflowState {
  if (event.type === 'WorkflowSubmitted') {
    const d = event.data;
    return {
      status: 'AWAITING_VALIDATION',
      workflowId: d.workflowId,
      speachId: d.speachId,
      authorId: d.authorId,
      name: d.name,
      anonymous: d.anonymous,
      steps: d.steps,
      currentStep: 1,
      validatedSteps: [],
      rejection: null,
      regulatedGmp: d.regulatedGmp,
      scheduledAt: d.scheduledAt,
      approvedContentHash: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'WorkflowStepValidated': {
      const validatedSteps = [...state.validatedSteps, event.data.step];
      return { ...state, validatedSteps, currentStep: Math.min(event.data.step + 1, state.steps.length) };
    }
    case 'WorkflowRejected':
      return {
        ...state,
        status: 'REJECTED',
        currentStep: event.data.step,
        rejection: { step: event.data.step, comment: event.data.comment, rejectedBy: event.data.rejectedBy, at: event.data.at },
      };
    case 'WorkflowResubmitted':
      return {
        ...state,
        status: 'AWAITING_VALIDATION',
        currentStep: 1,
        validatedSteps: [],
        rejection: null,
        scheduledAt: event.data.scheduledAt,
        approvedContentHash: null,
      };
    case 'SignatureApplied':
      return event.data.meaning === 'approved' ? { ...state, approvedContentHash: event.data.contentHash } : state;
    case 'ApprovalsRevoked':
      return { ...state, status: 'AWAITING_VALIDATION', currentStep: 1, validatedSteps: [], approvedContentHash: null };
    case 'WorkflowCancelled':
      return { ...state, status: 'CANCELLED' };
    case 'WorkflowCompleted':
      return { ...state, status: 'COMPLETED' };
    default:
      return state;
  }
}

/** The approver of a step (the workflow decider's rule, shared with the cards and the signature diff through the contract): named, or a member of its group, and in both cases holding the APPROVER role. */
export function isStepApprover(step: WorkflowStep | undefined, actor: { id: string; groupIds: string[]; isApprover: boolean }): boolean {
  if (!step || !actor.isApprover) return false;
  return step.userId !== null ? step.userId === actor.id : step.groupId !== null && actor.groupIds.includes(step.groupId);
}
