import type { ProjectionHandler } from './projection';

/**
 * Notifications raised by workflow and periodic-review events. The notifications projection spreads
 * these handlers into its own; the workflow context owns this file.
 */
export const workflowNotificationHandlers: Record<string, ProjectionHandler> = {};
