import { deciderSpec } from '../../infrastructure/decider/given-when-then';
import { dueDateRemindersDecider } from './due-date-reminders.decider';

const reminders = deciderSpec(dueDateRemindersDecider);
const sevenDays = { type: 'SpeachDueDateApproaching' as const, data: { speachId: 's1', dueDate: '2026-12-10', daysBefore: 7 as const } };
const oneDay = { type: 'SpeachDueDateApproaching' as const, data: { speachId: 's1', dueDate: '2026-12-10', daysBefore: 1 as const } };
const expired = { type: 'SpeachDueDateExpired' as const, data: { speachId: 's1', dueDate: '2026-12-10' } };

describe('due date reminders decider (stream duedate-{speachId})', () => {
  it('reminds 7 days and 1 day before, each once', () => {
    reminders.given([]).when({ type: 'RemindDueDate', speachId: 's1', dueDate: '2026-12-10', daysBefore: 7 }).then([sevenDays]);
    reminders.given([sevenDays]).when({ type: 'RemindDueDate', speachId: 's1', dueDate: '2026-12-10', daysBefore: 7 }).then([]);
    reminders.given([sevenDays]).when({ type: 'RemindDueDate', speachId: 's1', dueDate: '2026-12-10', daysBefore: 1 }).then([oneDay]);
  });
  it('tells the expiry once, and reminds no more after it', () => {
    reminders.given([sevenDays, oneDay]).when({ type: 'TellDueDateExpired', speachId: 's1', dueDate: '2026-12-10' }).then([expired]);
    reminders.given([expired]).when({ type: 'TellDueDateExpired', speachId: 's1', dueDate: '2026-12-10' }).then([]);
    reminders.given([expired]).when({ type: 'RemindDueDate', speachId: 's1', dueDate: '2026-12-10', daysBefore: 1 }).then([]);
  });
  it('a new due date is told afresh', () => {
    reminders
      .given([expired])
      .when({ type: 'RemindDueDate', speachId: 's1', dueDate: '2027-01-15', daysBefore: 7 })
      .then([{ type: 'SpeachDueDateApproaching', data: { speachId: 's1', dueDate: '2027-01-15', daysBefore: 7 } }]);
  });
});
