/**
 * The workflow context's public face for its read models: other contexts reach the workflow and
 * periodic review documents and their collections through here, not through the projection's file.
 */
export { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
