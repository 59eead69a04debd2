/** The streams of the workflow context live with their events: one per submission, per definition and per speach's periodic review. */
export { definitionStream, periodicReviewStream, workflowStream } from '../../events';
