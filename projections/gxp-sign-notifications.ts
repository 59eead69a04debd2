import type { ApprovalsRevoked } from '../events';
import { groupApprovers, notify } from './notifications.projection';
import type { ProjectionHandler } from './projection';

/**
 * Issue 23: when a material edit revokes the approvals of a workflow, step 1's approvers are told the
 * speach is to validate again, with the reason (the validator page then shows what changed).
 */
export const gxpSignNotificationHandlers: Record<string, ProjectionHandler> = {
  ApprovalsRevoked: async (event, writer) => {
    const e = event as unknown as ApprovalsRevoked;
    const { awaiting, speachId } = e.data;
    const userIds = awaiting.userId ? [awaiting.userId] : awaiting.groupId ? await groupApprovers(writer, [awaiting.groupId]) : [];
    await notify(writer, event, {
      userIds,
      type: 'SPEACH_TO_VALIDATE',
      rule: 'approver',
      speachId,
      data: { step: awaiting.step, reason: e.data.reason, revokedSteps: e.data.revokedSteps },
    });
  },
};
