import type { PathAssignee, PathDueDateEvent } from '../../events';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { pathDueDateDecider } from './path-due-date.decider';

const spec = deciderSpec(pathDueDateDecider);
const group: PathAssignee = { kind: 'GROUP', id: 'g1' };
const user: PathAssignee = { kind: 'USER', id: 'u1' };
const due = '2027-01-31T23:59:59.999Z';
const common = { pathId: 'p1', title: 'Induction', dueDate: due };
const remind = (assignee: PathAssignee, daysBefore: 7 | 1, dueDate = due) => ({
  type: 'RemindPathDueDate' as const,
  ...common,
  dueDate,
  assignee,
  daysBefore,
  exceptUserIds: ['u9'],
});
const expire = (assignee: PathAssignee) => ({ type: 'TellPathDueDateExpired', ...common, assignee, ownerId: 'owner' }) as const;
const approaching = (assignee: PathAssignee, daysBefore: 7 | 1, dueDate = due): PathDueDateEvent => ({
  type: 'PathDueDateApproaching',
  data: { ...common, dueDate, assignee, daysBefore, exceptUserIds: ['u9'] },
});
const expired = (assignee: PathAssignee): PathDueDateEvent => ({ type: 'PathDueDateExpired', data: { ...common, assignee, ownerId: 'owner' } });

describe('path due date decider (stream pathduedate-{pathId})', () => {
  it('given nothing told, when 7 days are left, then the assignees are reminded; a second time, nothing', () => {
    spec
      .given([])
      .when(remind(group, 7))
      .then([approaching(group, 7)]);
    spec
      .given([approaching(group, 7)])
      .when(remind(group, 7))
      .then([]);
  });

  it('reminds 1 day before after the 7-day reminder, each assignment on its own', () => {
    spec
      .given([approaching(group, 7)])
      .when(remind(group, 1))
      .then([approaching(group, 1)]);
    spec
      .given([approaching(group, 7), approaching(group, 1)])
      .when(remind(user, 1))
      .then([approaching(user, 1)]);
  });

  it('tells the expiry once, to the owner it names, and reminds no more after it', () => {
    spec
      .given([approaching(user, 7)])
      .when(expire(user))
      .then([expired(user)]);
    spec
      .given([expired(user)])
      .when(expire(user))
      .then([]);
    spec
      .given([expired(user)])
      .when(remind(user, 1))
      .then([]);
  });

  it('tells a new due date of the same assignment afresh', () => {
    const later = '2027-03-31T23:59:59.999Z';
    spec
      .given([approaching(user, 7), expired(user)])
      .when(remind(user, 7, later))
      .then([approaching(user, 7, later)]);
  });
});
