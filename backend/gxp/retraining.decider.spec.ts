import type { ImpactAssessmentConfirmed, RetrainingAssigned } from '../../events';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { type ConfirmImpact, impactDecider, retrainingDecider } from './retraining.decider';

const confirm = (over: Partial<ConfirmImpact> = {}): ConfirmImpact => ({
  type: 'ConfirmImpact',
  speachId: 's1',
  assessmentId: 's1-v2',
  version: 2,
  exists: true,
  userIds: ['u2', 'u1', 'u1'],
  dueDate: '2026-12-31',
  now: '2026-11-24T08:00:00.000Z',
  confirmedBy: 'admin',
  ...over,
});
const confirmed: ImpactAssessmentConfirmed = {
  type: 'ImpactAssessmentConfirmed',
  data: { speachId: 's1', assessmentId: 's1-v2', version: 2, dueDate: '2026-12-31T23:59:59.999Z', userIds: ['u1', 'u2'], confirmedBy: 'admin' },
};

describe('impact assessment decider', () => {
  const spec = deciderSpec(impactDecider);

  it('confirms an open assessment once, with the listed learners and the end of the due day', () => {
    spec.given([]).when(confirm()).then([confirmed]);
  });

  it('refuses a second confirmation (409)', () => {
    spec
      .given([confirmed])
      .when(confirm())
      .thenThrows(IllegalStateError, /already confirmed/);
  });

  it('refuses an assessment the read side does not know (404)', () => {
    spec
      .given([])
      .when(confirm({ exists: false }))
      .thenThrows(NotFoundError);
  });

  it.each([
    ['not a date', 'tomorrow'],
    ['a number', 20261231],
    ['in the past', '2026-01-01'],
    ['more than a year ahead', '2028-01-01'],
  ])('refuses a due date that is %s, naming dueDate', (_, dueDate) => {
    spec
      .given([])
      .when(confirm({ dueDate }))
      .thenThrows(ValidationError, /due date|dueDate/i);
  });
});

describe('retraining decider', () => {
  const spec = deciderSpec(retrainingDecider);
  const assign = {
    type: 'AssignRetraining' as const,
    speachId: 's1',
    userId: 'u1',
    version: 2,
    dueDate: '2026-12-31T23:59:59.999Z',
    assessmentId: 's1-v2',
    completedVersion: 1,
  };
  const assigned: RetrainingAssigned = {
    type: 'RetrainingAssigned',
    data: { speachId: 's1', userId: 'u1', version: 2, dueDate: '2026-12-31T23:59:59.999Z', assessmentId: 's1-v2' },
  };

  it('sends a learner trained on an earlier version back to the new one', () => {
    spec.given([]).when(assign).then([assigned]);
  });

  it('does not send them twice for the same version (a replayed confirmation)', () => {
    spec.given([assigned]).when(assign).then([]);
  });

  it('leaves alone a learner who already completed the new version before the confirmation', () => {
    spec
      .given([])
      .when({ ...assign, completedVersion: 2 })
      .then([]);
  });

  it('sends them again for a later material version', () => {
    spec
      .given([assigned])
      .when({ ...assign, version: 3, assessmentId: 's1-v3' })
      .then([{ type: 'RetrainingAssigned', data: { ...assigned.data, version: 3, assessmentId: 's1-v3' } }]);
  });
});
