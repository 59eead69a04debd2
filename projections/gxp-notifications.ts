import type { RetrainingAssigned } from '../events';
import { notify } from './notifications.projection';
import type { ProjectionHandler } from './projection';

/**
 * Regulated training: a learner sent back to a speach by a confirmed impact assessment hears of it as a new
 * assignment, with the version to read and its due date (the rule `retraining` says why).
 */
export const gxpNotificationHandlers: Record<string, ProjectionHandler> = {
  RetrainingAssigned: async (event, writer) => {
    const d = (event as unknown as RetrainingAssigned).data;
    await notify(writer, event, {
      userIds: [d.userId],
      type: 'NEW_ASSIGNMENT',
      rule: 'retraining',
      speachId: d.speachId,
      actorId: null,
      data: { dueDate: d.dueDate, version: d.version, retraining: true },
    });
  },
};
