/**
 * What the qualification queries answer (issue 23 item 5, docs/regulated-training.md). A view module: it imports only
 * other view modules (docs/web-shared-and-data-layer.md).
 */

export type TrainingStatus = 'QUALIFIED' | 'RETRAINING_DUE' | 'SUPERSEDED';

/** A learner as the tables name them; an erased user keeps their id with an empty name and email. */
export interface LearnerRef {
  userId: string;
  name: string;
  email: string;
}

/** The learner's signature on a completion (§11.50): the printed name is the signer's name when they signed. */
export interface QualificationSignature {
  signerId: string;
  signedAt: string;
  timeZone: string;
  contentHash: string;
  printedName: string;
}

/** What the qualification rule computes of a learner's completions at a date (`standingAt`, qualification.ts). */
export interface StandingFields {
  version: number;
  completedAt: string;
  contentHash: string | null;
  pinned: boolean;
  status: TrainingStatus;
  /** The version a material change requires, when the learner's is older. */
  requiredVersion: number | null;
  dueDate: string | null;
}

/** Where a learner stood on a speach at the date. */
export interface SpeachQualificationRow extends LearnerRef, StandingFields {
  speachId: string;
  title: string;
  signature: QualificationSignature | null;
}

/** A learner's completion of a path in force at the date. */
export interface PathQualificationRow extends LearnerRef {
  pathId: string;
  title: string;
  completedAt: string;
  validUntil: string | null;
  certificateCode: string;
  valid: boolean;
  speaches: { speachId: string; title: string; version: number | null }[];
}

/** `GET api/v2/gxp/qualification?speachId=`: who was qualified on a speach at `at`. */
export interface SpeachQualificationView {
  at: string;
  speachId: string;
  title: string;
  versionInForce: number | null;
  qualified: SpeachQualificationRow[];
  notQualified: SpeachQualificationRow[];
}

/** `GET api/v2/gxp/qualification?pathId=`: who was qualified on a path at `at`. */
export interface PathQualificationView {
  at: string;
  pathId: string;
  title: string;
  qualified: PathQualificationRow[];
  notQualified: PathQualificationRow[];
}

/** `GET api/v2/gxp/qualification/user/{userId}`: what a user was qualified on at `at`. */
export interface UserQualificationView {
  at: string;
  userId: string;
  name: string;
  email: string;
  speaches: SpeachQualificationRow[];
  paths: PathQualificationRow[];
}
