import type { PeriodicReviewDocument, WorkflowDocument } from '../../projections/workflows.projection';
import type { WorkflowCardFields } from '../speach';
import { type WorkflowActor, mayDecide } from './workflow.decider';

/**
 * The card fields of spec §3 that come from the workflow and periodic-review read models:
 * `wf_state` is AWAITING_VALIDATION or REJECTED while a workflow is open, `wf_step` out of `wf_total_step`.
 */
export function workflowCardFields(
  workflow: WorkflowDocument | undefined,
  review: PeriodicReviewDocument | undefined,
  viewer: WorkflowActor,
): WorkflowCardFields {
  const open = workflow && (workflow.state === 'AWAITING_VALIDATION' || workflow.state === 'REJECTED') ? workflow : null;
  const canApprove = !!open && open.state === 'AWAITING_VALIDATION' && mayDecide(open, viewer);
  const scheduled = review && review.status !== 'STOPPED' && review.status !== 'none' ? review : null;
  return {
    canApprove,
    isWorkflowInProgress: open !== null,
    wf_name: open?.name ?? null,
    wf_state: (open?.state ?? null) as WorkflowCardFields['wf_state'],
    wf_step: open?.currentStep ?? null,
    wf_total_step: open?.totalSteps ?? null,
    regulated_gmp: workflow?.regulatedGmp ?? false,
    nextPeriodicReview: scheduled?.nextReviewAt ?? null,
    nextPeriodicReviewTimestamp: scheduled?.nextReviewAt ? Date.parse(scheduled.nextReviewAt) : null,
    periodicReviewOperation: scheduled?.lastDecision?.decision ?? null,
  };
}
