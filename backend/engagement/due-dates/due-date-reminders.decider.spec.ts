import { deciderSpec } from '../../infrastructure/decider/given-when-then';
import { dueDateRemindersDecider } from './due-date-reminders.decider';

const reminders = deciderSpec(dueDateRemindersDecider);
const sevenDays = {
  type: 'SpeachDueDateApproaching' as const,
  data: { speachId: 's1', dueDate: '2026-12-10', daysBefore: 7 as const, exceptUserIds: [] as string[] },
};
const oneDay = {
  type: 'SpeachDueDateApproaching' as const,
  data: { speachId: 's1', dueDate: '2026-12-10', daysBefore: 1 as const, exceptUserIds: [] as string[] },
};
const expired = { type: 'SpeachDueDateExpired' as const, data: { speachId: 's1', dueDate: '2026-12-10' } };
const remind = (daysBefore: 7 | 1, dueDate = '2026-12-10', exceptUserIds: string[] = []) => ({
  type: 'RemindDueDate' as const,
  speachId: 's1',
  dueDate,
  daysBefore,
  exceptUserIds,
});

describe('due date reminders decider (stream duedate-{speachId})', () => {
  it('reminds 7 days and 1 day before, each once', () => {
    reminders.given([]).when(remind(7)).then([sevenDays]);
    reminders.given([sevenDays]).when(remind(7)).then([]);
    reminders.given([sevenDays]).when(remind(1)).then([oneDay]);
  });
  it('tells the expiry once, and reminds no more after it', () => {
    reminders.given([sevenDays, oneDay]).when({ type: 'TellDueDateExpired', speachId: 's1', dueDate: '2026-12-10' }).then([expired]);
    reminders.given([expired]).when({ type: 'TellDueDateExpired', speachId: 's1', dueDate: '2026-12-10' }).then([]);
    reminders.given([expired]).when(remind(1)).then([]);
  });
  it('a new due date is told afresh', () => {
    reminders
      .given([expired])
      .when(remind(7, '2027-01-15'))
      .then([{ type: 'SpeachDueDateApproaching', data: { speachId: 's1', dueDate: '2027-01-15', daysBefore: 7, exceptUserIds: [] } }]);
  });
  it('names the learners who already completed the speach, once each and in order, so the reminder leaves them out', () => {
    reminders
      .given([sevenDays])
      .when(remind(1, '2026-12-10', ['u2', 'u1', 'u2']))
      .then([{ type: 'SpeachDueDateApproaching', data: { speachId: 's1', dueDate: '2026-12-10', daysBefore: 1, exceptUserIds: ['u1', 'u2'] } }]);
  });
  it('a reminder already told is not told again because the learners who completed changed', () => {
    reminders
      .given([sevenDays])
      .when(remind(7, '2026-12-10', ['u1']))
      .then([]);
  });
});
