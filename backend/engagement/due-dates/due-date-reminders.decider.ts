import type { DueDateEvent, DueDateReminderDays } from '../../../events';
import type { Decider } from '../../infrastructure/decider/decider';

/** Stream `duedate-{speachId}`: the reminders and expiries already told, as `{dueDate}:{7|1|expired}`. */
export interface DueDateRemindersState {
  told: string[];
}

export type DueDateRemindersCommand =
  | { type: 'RemindDueDate'; speachId: string; dueDate: string; daysBefore: DueDateReminderDays; exceptUserIds: string[] }
  | { type: 'TellDueDateExpired'; speachId: string; dueDate: string };

const remindedKey = (dueDate: string, days: DueDateReminderDays) => `${dueDate}:${days}`;
const expiredKey = (dueDate: string) => `${dueDate}:expired`;

function remind(command: Extract<DueDateRemindersCommand, { type: 'RemindDueDate' }>, state: DueDateRemindersState): DueDateEvent[] {
  const { speachId, dueDate, daysBefore } = command;
  if (state.told.includes(remindedKey(dueDate, daysBefore)) || state.told.includes(expiredKey(dueDate))) return [];
  // Sorted and once each: the same learners make the same fact, whatever order the read model listed them in.
  const exceptUserIds = [...new Set(command.exceptUserIds)].sort();
  return [{ type: 'SpeachDueDateApproaching', data: { speachId, dueDate, daysBefore, exceptUserIds } }];
}

function expire(command: Extract<DueDateRemindersCommand, { type: 'TellDueDateExpired' }>, state: DueDateRemindersState): DueDateEvent[] {
  const { speachId, dueDate } = command;
  return state.told.includes(expiredKey(dueDate)) ? [] : [{ type: 'SpeachDueDateExpired', data: { speachId, dueDate } }];
}

/** Spec §3 / issue 19 item 6: each reminder and each expiry of a due date is told once (a due date set again to the same day is not told again). */
export const dueDateRemindersDecider: Decider<DueDateRemindersState, DueDateRemindersCommand, DueDateEvent> = {
  initialState: () => ({ told: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'RemindDueDate':
        return remind(command, state);
      case 'TellDueDateExpired':
        return expire(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SpeachDueDateApproaching':
        return { told: [...state.told, remindedKey(event.data.dueDate, event.data.daysBefore)] };
      case 'SpeachDueDateExpired':
        return { told: [...state.told, expiredKey(event.data.dueDate)] };
      default:
        return state;
    }
  },
};
