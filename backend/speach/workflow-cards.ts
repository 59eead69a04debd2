import { Injectable } from '@nestjs/common';
import type { PeriodicReviewDocument, WorkflowDocument } from '../../projections/workflows.projection';
import type { WorkflowCardFields } from './speach-card.view';

export type { WorkflowCardFields } from './speach-card.view';

export type WorkflowCardPart = (
  workflow: WorkflowDocument | undefined,
  review: PeriodicReviewDocument | undefined,
  viewer: { id: string; groupIds: string[]; isAdmin: boolean; isAuthor: boolean; isApprover: boolean },
) => WorkflowCardFields;

const NO_WORKFLOW: WorkflowCardFields = {
  canApprove: false,
  isWorkflowInProgress: false,
  wf_name: null,
  wf_state: null,
  wf_step: null,
  wf_total_step: null,
  regulated_gmp: false,
  nextPeriodicReview: null,
  nextPeriodicReviewTimestamp: null,
  periodicReviewOperation: null,
};

/**
 * The port through which the workflow context fills a card's workflow fields. Who may approve is the workflow
 * decider's rule, and the workflow context depends on speaches: it registers its part at start-up, so the speach
 * context never imports it (issue 24: no cycle between the two contexts).
 */
@Injectable()
export class WorkflowCards {
  private part: WorkflowCardPart = () => NO_WORKFLOW;

  register(part: WorkflowCardPart): void {
    this.part = part;
  }

  readonly fields: WorkflowCardPart = (workflow, review, viewer) => this.part(workflow, review, viewer);
}
