import type { GxpEvent, ImpactAssessmentConfirmed, RetrainingAssigned } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Stream `impact-{assessmentId}`: an assessment is confirmed once. */
export interface ImpactState {
  confirmed: boolean;
}

export interface ConfirmImpact {
  type: 'ConfirmImpact';
  speachId: string;
  assessmentId: string;
  version: number;
  /** false when the read side has no such assessment (no material change of that version). */
  exists: boolean;
  /** The learners the assessment lists: trained on an earlier version when the change was published. */
  userIds: string[];
  dueDate: unknown;
  now: string;
  confirmedBy: string;
}

const DAY = 24 * 3600 * 1000;

export const impactDecider: Decider<ImpactState, ConfirmImpact, ImpactAssessmentConfirmed> = {
  initialState: () => ({ confirmed: false }),
  decide(command, state) {
    if (!command.exists) throw new NotFoundError('Unknown impact assessment');
    const due = command.dueDate;
    if (typeof due !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(due) || Number.isNaN(Date.parse(due)))
      throw new ValidationError('dueDate', 'dueDate must be an ISO 8601 date');
    // A due date is a day: the learner has until its end. One in the past would make them late at once.
    const dueIso = new Date(due.length === 10 ? `${due}T23:59:59.999Z` : due).toISOString();
    if (Date.parse(dueIso) <= Date.parse(command.now)) throw new ValidationError('dueDate', 'The due date must be in the future');
    if (Date.parse(dueIso) - Date.parse(command.now) > 366 * DAY) throw new ValidationError('dueDate', 'The due date must be within a year');
    if (state.confirmed) throw new IllegalStateError('This impact assessment is already confirmed');
    return [
      {
        type: 'ImpactAssessmentConfirmed',
        data: {
          speachId: command.speachId,
          assessmentId: command.assessmentId,
          version: command.version,
          dueDate: dueIso,
          userIds: [...new Set(command.userIds)].sort(),
          confirmedBy: command.confirmedBy,
        },
      },
    ];
  },
  evolve: (state, event) => (event.type === 'ImpactAssessmentConfirmed' ? { confirmed: true } : state),
};

/** Stream `retraining-{speachId}-{userId}`: the versions a learner was sent back to. */
export interface RetrainingState {
  versions: number[];
}

export interface AssignRetraining {
  type: 'AssignRetraining';
  speachId: string;
  userId: string;
  version: number;
  dueDate: string;
  assessmentId: string;
  /** The latest version the learner has completed by now (null: none). */
  completedVersion: number | null;
}

/**
 * Retraining rules: a learner is sent back to a version once; one who already completed that version (or a
 * later one) between the change and the confirmation has nothing to redo.
 */
export const retrainingDecider: Decider<RetrainingState, AssignRetraining, RetrainingAssigned> = {
  initialState: () => ({ versions: [] }),
  decide(command, state) {
    if (command.completedVersion !== null && command.completedVersion >= command.version) return [];
    if (state.versions.some((v) => v >= command.version)) return [];
    const { speachId, userId, version, dueDate, assessmentId } = command;
    return [{ type: 'RetrainingAssigned', data: { speachId, userId, version, dueDate, assessmentId } }];
  },
  evolve: (state, event: GxpEvent) => (event.type === 'RetrainingAssigned' ? { versions: [...state.versions, event.data.version] } : state),
};
