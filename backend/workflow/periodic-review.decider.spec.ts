import type { PeriodicReviewEvent } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { type PeriodicReviewCommand, addMonths, isDue, periodicReviewDecider } from './periodic-review.decider';

const s = 's1';
const NOW = '2026-11-23T10:00:00.000Z';
const reviewer = { id: 'u-rev', groupIds: [] as string[], isApprover: true };
const groupMember = { id: 'u-member', groupIds: ['g-quality'], isApprover: true };
const stranger = { id: 'u-x', groupIds: ['g-sales'], isApprover: true };
const scheduled = (nextReviewAt: string): PeriodicReviewEvent => ({
  type: 'PeriodicReviewScheduled',
  data: { speachId: s, frequency: 'TWO_YEARS', nextReviewAt, workflowId: 'wf1' },
});
const decide = (actor: { id: string; groupIds: string[]; isApprover: boolean }, decision: string, now = NOW): PeriodicReviewCommand => ({
  type: 'Decide',
  speachId: s,
  actor,
  reviewerUserIds: ['u-rev'],
  reviewerGroupIds: ['g-quality'],
  decision,
  comment: ' Still accurate ',
  now,
  regulated: false,
  signature: null,
});
const dueSoon = scheduled('2027-02-01T00:00:00.000Z'); // inside the 6-month window at NOW

describe('periodic review decider', () => {
  const spec = deciderSpec(periodicReviewDecider);

  it('adds whole months in UTC and knows the warning window', () => {
    expect(addMonths('2026-11-23T10:00:00.000Z', 24)).toBe('2028-11-23T10:00:00.000Z');
    expect(addMonths('2026-08-31T00:00:00.000Z', 6)).toBe('2027-02-28T00:00:00.000Z');
    expect(isDue('2027-05-23T10:00:00.000Z', NOW)).toBe(true);
    expect(isDue('2027-06-01T00:00:00.000Z', NOW)).toBe(false);
  });

  it('given nothing, when a workflow completes with 2 years, then the next review is the publication date plus 2 years', () => {
    spec
      .given([])
      .when({ type: 'Schedule', speachId: s, frequency: 'TWO_YEARS', from: NOW, workflowId: 'wf1' })
      .then([scheduled('2028-11-23T10:00:00.000Z')]);
  });

  it('NO_REVISION records who, what and when and schedules the next review from today', () => {
    spec
      .given([dueSoon])
      .when(decide(reviewer, 'NO_REVISION'))
      .then([
        {
          type: 'PeriodicReviewCompleted',
          data: { speachId: s, decision: 'NO_REVISION', reviewedBy: 'u-rev', comment: 'Still accurate', at: NOW, nextReviewAt: '2028-11-23T10:00:00.000Z' },
        },
      ]);
  });

  it('REVISION_NEEDED and ARCHIVE wait for the author or the admins; a member of a reviewer group may decide', () => {
    spec
      .given([dueSoon])
      .when(decide(groupMember, 'REVISION_NEEDED'))
      .then([
        {
          type: 'PeriodicReviewCompleted',
          data: { speachId: s, decision: 'REVISION_NEEDED', reviewedBy: 'u-member', comment: 'Still accurate', at: NOW, nextReviewAt: null },
        },
      ]);
    const archived: PeriodicReviewEvent = {
      type: 'PeriodicReviewCompleted',
      data: { speachId: s, decision: 'ARCHIVE', reviewedBy: 'u-rev', comment: null, at: NOW, nextReviewAt: null },
    };
    const state = [dueSoon, archived].reduce(periodicReviewDecider.evolve, periodicReviewDecider.initialState());
    expect(state).toEqual(expect.objectContaining({ status: 'ARCHIVE', lastDecision: 'ARCHIVE', nextReviewAt: '2027-02-01T00:00:00.000Z' }));
    spec
      .given([dueSoon, archived])
      .when(decide(reviewer, 'NO_REVISION'))
      .thenThrows(IllegalStateError, /already decided/);
  });

  it('a new validation after a revision schedules again', () => {
    const revision: PeriodicReviewEvent = {
      type: 'PeriodicReviewCompleted',
      data: { speachId: s, decision: 'REVISION_NEEDED', reviewedBy: 'u-rev', comment: null, at: NOW, nextReviewAt: null },
    };
    spec
      .given([dueSoon, revision])
      .when({ type: 'Schedule', speachId: s, frequency: 'ONE_YEAR', from: NOW, workflowId: 'wf2' })
      .then([{ type: 'PeriodicReviewScheduled', data: { speachId: s, frequency: 'ONE_YEAR', nextReviewAt: '2027-11-23T10:00:00.000Z', workflowId: 'wf2' } }]);
  });

  it('refuses a non-reviewer (403), a review not due yet (409), none scheduled (404) and an unknown decision (400)', () => {
    spec.given([dueSoon]).when(decide(stranger, 'NO_REVISION')).thenThrows(ForbiddenError);
    spec
      .given([scheduled('2028-11-23T10:00:00.000Z')])
      .when(decide(reviewer, 'NO_REVISION'))
      .thenThrows(IllegalStateError, /not due/);
    spec.given([]).when(decide(reviewer, 'NO_REVISION')).thenThrows(NotFoundError);
    spec
      .given([dueSoon])
      .when(decide(reviewer, 'MAYBE'))
      .thenThrows(ValidationError, /decision/);
  });

  it('refuses a named reviewer or a reviewer group member who does not hold the APPROVER role (403)', () => {
    spec
      .given([dueSoon])
      .when(decide({ ...reviewer, isApprover: false }, 'NO_REVISION'))
      .thenThrows(ForbiddenError);
    spec
      .given([dueSoon])
      .when(decide({ ...groupMember, isApprover: false }, 'REVISION_NEEDED'))
      .thenThrows(ForbiddenError);
  });

  it('stops the schedule when a later validation chooses no review', () => {
    spec
      .given([dueSoon])
      .when({ type: 'Stop', speachId: s, workflowId: 'wf2' })
      .then([{ type: 'PeriodicReviewStopped', data: { speachId: s, workflowId: 'wf2' } }]);
    spec.given([]).when({ type: 'Stop', speachId: s, workflowId: 'wf2' }).then([]);
    spec
      .given([dueSoon, { type: 'PeriodicReviewStopped', data: { speachId: s, workflowId: 'wf2' } }])
      .when(decide(reviewer, 'NO_REVISION'))
      .thenThrows(NotFoundError);
  });
});
