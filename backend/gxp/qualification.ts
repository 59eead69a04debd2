import {
  type GxpPathCompletion,
  type GxpSignature,
  type GxpTrainingDocument,
  type GxpVersion,
  versionInForce,
} from '../../projections/qualification.projection';

import type { StandingFields, TrainingStatus } from './qualification.view';

export type { TrainingStatus };

export interface Standing extends StandingFields {
  /** The learner's signature on that completion (regulated speaches), else null; the printed name is added when shown. */
  signature: GxpSignature | null;
}

/**
 * Where a learner stood on a speach at `at`, from their dated completions: trained on the last version they
 * completed by then; still qualified unless a version published as a material change had taken effect since.
 * A learner sent back to that version keeps the earlier qualification until the retraining's due date.
 */
export function standingAt(training: GxpTrainingDocument, versions: GxpVersion[], at: string): Standing | null {
  const done = training.completions.filter((c) => c.at <= at);
  if (done.length === 0) return null;
  const last = done.reduce((a, b) => (b.at > a.at || (b.at === a.at && b.version > a.version) ? b : a));
  const material = versions.filter((v) => v.materialChange && v.effectiveAt <= at && v.version > last.version);
  const base = { version: last.version, completedAt: last.at, contentHash: last.contentHash, pinned: last.pinned, signature: last.signature ?? null };
  if (material.length === 0) return { ...base, status: 'QUALIFIED', requiredVersion: null, dueDate: null };
  const required = material.reduce((a, b) => (b.version > a.version ? b : a));
  const grace = training.retraining.find((r) => r.version >= required.version && r.assignedAt <= at && r.dueDate > at);
  return grace
    ? { ...base, status: 'RETRAINING_DUE', requiredVersion: required.version, dueDate: grace.dueDate }
    : {
        ...base,
        status: 'SUPERSEDED',
        requiredVersion: required.version,
        dueDate: training.retraining.find((r) => r.version >= required.version)?.dueDate ?? null,
      };
}

export const isQualified = (s: Standing) => s.status !== 'SUPERSEDED';

/** The path completion valid at `at` (the latest one), or the lapsed one when none is. */
export function pathStandingAt(completions: GxpPathCompletion[], at: string): { completion: GxpPathCompletion; valid: boolean } | null {
  const done = completions.filter((c) => c.completedAt <= at).sort((a, b) => (a.completedAt < b.completedAt ? 1 : -1));
  if (done.length === 0) return null;
  const valid = done.find((c) => c.validUntil === null || c.validUntil > at);
  return valid ? { completion: valid, valid: true } : { completion: done[0], valid: false };
}

export { versionInForce };
