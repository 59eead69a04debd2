/** The streams of the workflow context: one per submission, per definition and per speach's periodic review. */
export const workflowStream = (workflowId: string) => `workflow-${workflowId}`;
export const definitionStream = (definitionId: string) => `workflow-definition-${definitionId}`;
export const periodicReviewStream = (speachId: string) => `periodic-review-${speachId}`;
