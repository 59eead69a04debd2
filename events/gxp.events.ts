import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/**
 * Regulated training (issue 23 item 4). An impact assessment is opened by the read side when a version is
 * published as a material change (`SpeachPublished.materialChange`); its id names the speach and the version.
 */
export const impactAssessmentId = (speachId: string, version: number) => `${speachId}-v${version}`;
/** Stream `impact-{assessmentId}`: the one confirmation of an assessment (its expected revision keeps it single). */
export const impactStream = (assessmentId: string) => `impact-${assessmentId}`;
/** Stream `retraining-{speachId}-{userId}`: the versions a learner was sent back to, each once. */
export const retrainingStream = (speachId: string, userId: string) => `retraining-${speachId}-${userId}`;

/** An administrator confirmed that `userIds` (trained on earlier versions) must train on `version` by `dueDate`. */
export type ImpactAssessmentConfirmed = DomainEvent<
  'ImpactAssessmentConfirmed',
  { speachId: string; assessmentId: string; version: number; dueDate: string; userIds: string[]; confirmedBy: string }
>;
/** The learner must read `version` again by `dueDate` (made by the retraining policy from a confirmation). */
export type RetrainingAssigned = DomainEvent<
  'RetrainingAssigned',
  { speachId: string; userId: string; version: number; dueDate: string; assessmentId: string }
>;
export type GxpEvent = ImpactAssessmentConfirmed | RetrainingAssigned;

for (const type of ['ImpactAssessmentConfirmed', 'RetrainingAssigned']) registerEventType(type, 1);
