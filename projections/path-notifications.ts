import type { PathEvent } from '../events';
import { NOTIFICATION_MEMBERS, type NotificationMemberDocument, groupMembers, notify } from './notifications.projection';
import type { ProjectionHandler } from './projection';

type Of<T extends PathEvent['type']> = Extract<PathEvent, { type: T }>;

/**
 * Notifications raised by learning paths (spec §3): assignees hear of a path once it is published
 * ("new assignment of a speach or path"), administrators of each first publication ("new path
 * published"). The notifications projection spreads these handlers into its own; the paths context
 * owns this file. The events carry what is needed (title, assignees), so no copy of paths is kept here.
 */
export const pathNotificationHandlers: Record<string, ProjectionHandler> = {
  PathUserAssignmentChanged: async (event, writer) => {
    const d = (event as unknown as Of<'PathUserAssignmentChanged'>).data;
    if (!d.assigned || !d.published) return;
    await notify(writer, event, {
      userIds: [d.userId],
      type: 'NEW_ASSIGNMENT',
      speachId: null,
      data: { pathId: d.pathId, pathTitle: d.title, dueDate: d.dueDate },
    });
  },
  PathGroupAssignmentChanged: async (event, writer) => {
    const d = (event as unknown as Of<'PathGroupAssignmentChanged'>).data;
    if (!d.assigned || !d.published) return;
    await notify(writer, event, {
      userIds: await groupMembers(writer, [d.groupId]),
      type: 'NEW_ASSIGNMENT',
      speachId: null,
      data: { pathId: d.pathId, pathTitle: d.title, dueDate: d.dueDate },
    });
  },
  PathRecertificationDue: async (event, writer) => {
    const d = event.data as { pathId: string; userId: string; title: string; validUntil: string };
    await notify(writer, event, {
      userIds: [d.userId],
      type: 'DUE_DATE_APPROACHING',
      speachId: null,
      actorId: null,
      data: { pathId: d.pathId, pathTitle: d.title, dueDate: d.validUntil, recertification: true },
    });
  },
  PathPublished: async (event, writer) => {
    const d = (event as unknown as Of<'PathPublished'>).data;
    if (!d.firstPublication) return;
    const assignees = [...d.assignedUserIds, ...(await groupMembers(writer, d.assignedGroupIds))];
    await notify(writer, event, { userIds: assignees, type: 'NEW_ASSIGNMENT', speachId: null, data: { pathId: d.pathId, pathTitle: d.title } });
    const admins = (await writer.find<NotificationMemberDocument>(NOTIFICATION_MEMBERS, { roles: 'ADMIN' })).map((m) => m._id);
    await notify(writer, event, { userIds: admins, type: 'NEW_PATH_PUBLISHED', speachId: null, data: { pathId: d.pathId, pathTitle: d.title } });
  },
};
