import type { DomainEvent } from './envelope';
import type { DueDateReminderDays } from './due-date.events';
import { registerEventType } from './schema-registry';

/** Who a path's due date belongs to: a user assigned by name, or a group. */
export interface PathAssignee {
  kind: 'USER' | 'GROUP';
  id: string;
}

/**
 * Stream `pathduedate-{pathId}`: what the platform told about a learning path's due dates, one per
 * assignment (a user's own, a group's). Kept apart from `path-{id}` so the clock's reminders never race
 * an editor; the stream is the "each once" rule: one reminder per assignment, due date and milestone,
 * one expiry per assignment and due date. Ids only: names and addresses stay in the users' streams.
 */
export const pathDueDateStream = (pathId: string) => `pathduedate-${pathId}`;

/**
 * 7 days or 1 day before an assignment's due date (`dueDate`: the end of that day, UTC). A group's
 * reminder names the users assigned by name with a due date of their own (`exceptUserIds`): theirs
 * is the date they are held to.
 */
export type PathDueDateApproaching = DomainEvent<
  'PathDueDateApproaching',
  { pathId: string; title: string; assignee: PathAssignee; dueDate: string; daysBefore: DueDateReminderDays; exceptUserIds: string[] }
>;
/** The day after an assignment's due date: told to the path's owner and the administrators. */
export type PathDueDateExpired = DomainEvent<'PathDueDateExpired', { pathId: string; title: string; ownerId: string; assignee: PathAssignee; dueDate: string }>;
export type PathDueDateEvent = PathDueDateApproaching | PathDueDateExpired;

for (const type of ['PathDueDateApproaching', 'PathDueDateExpired']) registerEventType(type, 1);
