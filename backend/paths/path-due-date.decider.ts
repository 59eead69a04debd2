import type { DueDateReminderDays, PathAssignee, PathDueDateEvent } from '../../events';
import type { Decider } from '../infrastructure/decider/decider';

/** Stream `pathduedate-{pathId}`: the milestones already told, as `{kind}:{id}:{dueDate}:{7|1|expired}`. */
export interface PathDueDateState {
  told: string[];
}

export type PathDueDateCommand =
  | {
      type: 'RemindPathDueDate';
      pathId: string;
      title: string;
      assignee: PathAssignee;
      dueDate: string;
      daysBefore: DueDateReminderDays;
      exceptUserIds: string[];
    }
  | { type: 'TellPathDueDateExpired'; pathId: string; title: string; ownerId: string; assignee: PathAssignee; dueDate: string };

const key = (assignee: PathAssignee, dueDate: string, milestone: string) => `${assignee.kind}:${assignee.id}:${dueDate}:${milestone}`;

/**
 * Issue 19 item 6 for learning paths: each assignment's due date is told once 7 days before, once 1 day
 * before (not after its expiry), and its expiry once; a new due date of the assignment is told afresh.
 */
export const pathDueDateDecider: Decider<PathDueDateState, PathDueDateCommand, PathDueDateEvent> = {
  initialState: () => ({ told: [] }),
  decide(command, state) {
    const { pathId, title, assignee, dueDate } = command;
    const expired = state.told.includes(key(assignee, dueDate, 'expired'));
    switch (command.type) {
      case 'RemindPathDueDate':
        if (expired || state.told.includes(key(assignee, dueDate, String(command.daysBefore)))) return [];
        return [
          { type: 'PathDueDateApproaching', data: { pathId, title, assignee, dueDate, daysBefore: command.daysBefore, exceptUserIds: command.exceptUserIds } },
        ];
      case 'TellPathDueDateExpired':
        return expired ? [] : [{ type: 'PathDueDateExpired', data: { pathId, title, ownerId: command.ownerId, assignee, dueDate } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PathDueDateApproaching':
        return { told: [...state.told, key(event.data.assignee, event.data.dueDate, String(event.data.daysBefore))] };
      case 'PathDueDateExpired':
        return { told: [...state.told, key(event.data.assignee, event.data.dueDate, 'expired')] };
      default:
        return state;
    }
  },
};
