import type { PathDueDateEvent, PathEvent } from '../events';
import { NOTIFICATION_MEMBERS, type NotificationMemberDocument, admins, groupMembers, notify } from './notifications.projection';
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
  PathDueDateApproaching: async (event, writer) => {
    const d = (event as unknown as Extract<PathDueDateEvent, { type: 'PathDueDateApproaching' }>).data;
    const assignees = d.assignee.kind === 'USER' ? [d.assignee.id] : await groupMembers(writer, [d.assignee.id]);
    await notify(writer, event, {
      userIds: assignees.filter((id) => !d.exceptUserIds.includes(id)),
      type: 'DUE_DATE_APPROACHING',
      rule: 'path-assigned',
      speachId: null,
      actorId: null,
      data: { pathId: d.pathId, pathTitle: d.title, dueDate: d.dueDate, daysBefore: d.daysBefore },
    });
  },
  PathDueDateExpired: async (event, writer) => {
    const d = (event as unknown as Extract<PathDueDateEvent, { type: 'PathDueDateExpired' }>).data;
    const data = { pathId: d.pathId, pathTitle: d.title, dueDate: d.dueDate, assignee: d.assignee };
    await notify(writer, event, { userIds: [d.ownerId], type: 'DUE_DATE_EXPIRED', rule: 'path-owner', speachId: null, actorId: null, data });
    await notify(writer, event, { userIds: await admins(writer), type: 'DUE_DATE_EXPIRED', rule: 'admin', speachId: null, actorId: null, data });
  },
  PathPublished: async (event, writer) => {
    const d = (event as unknown as Of<'PathPublished'>).data;
    if (!d.firstPublication) return;
    // Each assignee is told their due date (their own, else their groups' earliest), so a dated one is mailed at once.
    const dueDates = d.dueDates ?? { users: {}, groups: {} };
    const fromGroups = new Map<string, string[]>();
    for (const groupId of d.assignedGroupIds) {
      for (const member of await groupMembers(writer, [groupId])) {
        const due = dueDates.groups[groupId];
        // Pushed in place: a spread per member made a group of thousands quadratic.
        const dues = fromGroups.get(member) ?? [];
        if (due) dues.push(due);
        fromGroups.set(member, dues);
      }
    }
    const byDueDate = new Map<string | null, string[]>();
    for (const userId of new Set([...d.assignedUserIds, ...fromGroups.keys()])) {
      const due = dueDates.users[userId] ?? [...(fromGroups.get(userId) ?? [])].sort()[0] ?? null;
      const users = byDueDate.get(due);
      if (users) users.push(userId);
      else byDueDate.set(due, [userId]);
    }
    for (const [dueDate, userIds] of byDueDate) {
      const data = { pathId: d.pathId, pathTitle: d.title, ...(dueDate ? { dueDate } : {}) };
      await notify(writer, event, { userIds, type: 'NEW_ASSIGNMENT', speachId: null, data });
    }
    const admins = (await writer.find<NotificationMemberDocument>(NOTIFICATION_MEMBERS, { roles: 'ADMIN' })).map((m) => m._id);
    await notify(writer, event, { userIds: admins, type: 'NEW_PATH_PUBLISHED', speachId: null, data: { pathId: d.pathId, pathTitle: d.title } });
  },
};
