import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Spec §9: path title and description limits. */
export const PATH_TITLE_MAX = 100;
export const PATH_DESCRIPTION_MAX = 1000;
/** Learners are reminded this many days before their completion lapses. */
export const PATH_RECERTIFICATION_NOTICE_DAYS = 30;
/** A recertification period longer than ten years is a typing mistake, not a policy. */
export const PATH_RECERTIFICATION_MAX_MONTHS = 120;

export const pathStream = (pathId: string) => `path-${pathId}`;
/** One learner on one path (enrolment, completions, certificates): kept apart so learners never contend with editors. */
export const pathLearnerStream = (pathId: string, userId: string) => `pathlearner-${pathId}-${userId}`;

/** Options of a path (issue 18, "beyond the anchors"). */
export type PathOptions = {
  /** Each speach unlocks when the previous one is completed. */
  sequential: boolean;
  /** Any signed-in user may enrol in the published path. */
  openForSelfEnrolment: boolean;
  /** Months a completion stays valid; null: forever. */
  recertificationMonths: number | null;
};

type P<T extends string, D> = DomainEvent<T, { pathId: string } & D>;

/** Stream `path-{pathId}`: one learning path as its editors shape it (spec §3 Path). */
export type PathCreated = P<'PathCreated', { ownerId: string; title: string; description: string; image: string | null } & PathOptions>;
/** Only the fields that changed. */
export type PathDetailsChanged = P<'PathDetailsChanged', { title?: string; description?: string; image?: string | null }>;
export type PathOptionsChanged = P<'PathOptionsChanged', Partial<PathOptions>>;
export type PathSpeachAdded = P<'PathSpeachAdded', { speachId: string; position: number }>;
export type PathSpeachRemoved = P<'PathSpeachRemoved', { speachId: string }>;
/** The whole new order. */
export type PathSpeachesReordered = P<'PathSpeachesReordered', { speachIds: string[] }>;
/** `published` says whether the path was live then: assignees are told only of a published path. */
export type PathGroupAssignmentChanged = P<
  'PathGroupAssignmentChanged',
  { groupId: string; assigned: boolean; dueDate: string | null; published: boolean; title: string }
>;
export type PathUserAssignmentChanged = P<
  'PathUserAssignmentChanged',
  { userId: string; assigned: boolean; dueDate: string | null; published: boolean; title: string }
>;
/**
 * The assignees at publication, so the readers (notifications) need no copy of the path. `dueDates`
 * names the assignments that have one (by user id, by group id); absent on events recorded before it.
 */
export type PathPublished = P<
  'PathPublished',
  {
    title: string;
    firstPublication: boolean;
    speachIds: string[];
    assignedUserIds: string[];
    assignedGroupIds: string[];
    dueDates?: { users: Record<string, string>; groups: Record<string, string> };
  }
>;
export type PathUnpublished = P<'PathUnpublished', Record<never, never>>;
export type PathArchived = P<'PathArchived', Record<never, never>>;

export type PathEvent =
  | PathCreated
  | PathDetailsChanged
  | PathOptionsChanged
  | PathSpeachAdded
  | PathSpeachRemoved
  | PathSpeachesReordered
  | PathGroupAssignmentChanged
  | PathUserAssignmentChanged
  | PathPublished
  | PathUnpublished
  | PathArchived;

type L<T extends string, D> = DomainEvent<T, { pathId: string; userId: string } & D>;

/** What a certificate names: each speach completed and the version read. */
export interface CompletedSpeach {
  speachId: string;
  title: string;
  version: number | null;
}

/** Stream `pathlearner-{pathId}-{userId}`. No names or e-mails: those stay in the user's own stream. */
export type PathEnrolled = L<'PathEnrolled', Record<never, never>>;
/** Every speach of the path completed; `certificateCode` is what the public verification URL takes. */
export type PathCompleted = L<
  'PathCompleted',
  { title: string; completedAt: string; validUntil: string | null; speaches: CompletedSpeach[]; certificateCode: string }
>;
export type PathCertificateIssued = L<'PathCertificateIssued', { certificateCode: string; blobId: string }>;
/** The completion `certificateCode` lapses at `validUntil`: the learner is told to take the path again. */
export type PathRecertificationDue = L<'PathRecertificationDue', { certificateCode: string; title: string; validUntil: string }>;
/**
 * Recertification: the learner is assigned the path again, to complete before `dueDate` (when the
 * completion `certificateCode` lapses); only chapters read from `since` on count for the new cycle.
 */
export type PathReassigned = L<'PathReassigned', { certificateCode: string; dueDate: string; since: string }>;
export type PathLearnerEvent = PathEnrolled | PathCompleted | PathCertificateIssued | PathRecertificationDue | PathReassigned;

for (const type of [
  'PathCreated',
  'PathDetailsChanged',
  'PathOptionsChanged',
  'PathSpeachAdded',
  'PathSpeachRemoved',
  'PathSpeachesReordered',
  'PathGroupAssignmentChanged',
  'PathUserAssignmentChanged',
  'PathPublished',
  'PathUnpublished',
  'PathArchived',
  'PathEnrolled',
  'PathCompleted',
  'PathCertificateIssued',
  'PathRecertificationDue',
  'PathReassigned',
]) {
  registerEventType(type, 1);
}
