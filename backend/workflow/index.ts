/**
 * The workflow context's public face for its read models: other contexts reach the workflow and
 * periodic review documents and their collections through here, not through the projection's file.
 */
export { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
export { type SignatureView } from './workflow.view';
export { addMonths, periodicReviewDecider } from './periodic-review.decider';
export { workflowDefinitionDecider } from './workflow-definition.decider';
export { definitionStream, periodicReviewStream, workflowStream } from './workflow-streams';
export { type FinalChoices, type WorkflowActor, workflowDecider, isStepApprover } from './workflow.decider';
export { workflowCardFields } from './workflow-card';
export { WorkflowCommands } from './workflow-commands.service';
export { WorkflowQueries } from './workflow-queries.service';
export { WorkflowModule } from './workflow.module';
