import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';
import type { SignatureApplied, TrainingCompleted } from './signature.events';

export * from './speach-vocabulary.view';
import type { Badge, ChapterContent, ContentType, SpeachLanguage, Visibility } from './speach-vocabulary.view';

/** A chapter as copied into a duplicate or a speach made from a template. */
export interface ChapterSnapshot {
  chapterId: string;
  parentId: string | null;
  title: string;
  content: ChapterContent;
}

type S<T extends string, D> = DomainEvent<T, { speachId: string } & D>;
/**
 * The author's "typo" flag on a content edit: true keeps the approvals already given (issue 23).
 * Absent means material; it is recorded on the event so the audit trail shows who chose it.
 */
type Edit<D> = D & { nonMaterial?: true };

/** Stream `speach-{id}`. */
export type SpeachCreated = S<
  'SpeachCreated',
  {
    authorId: string;
    title: string;
    description: string;
    language: SpeachLanguage;
    categoryId: string | null;
    isTemplate: boolean;
    templateId: string | null;
    duplicatedFrom: string | null;
    /** Chapters copied from a template or the duplicated speach, in reading order. */
    chapters: ChapterSnapshot[];
  }
>;
export type SpeachDetailsChanged = S<
  'SpeachDetailsChanged',
  Edit<{ title?: string; description?: string; img?: string | null; tags?: string; language?: SpeachLanguage; categoryId?: string | null }>
>;
export type ChapterAdded = S<'ChapterAdded', Edit<{ chapterId: string; parentId: string | null; title: string; position: number }>>;
export type ChapterRenamed = S<'ChapterRenamed', Edit<{ chapterId: string; title: string }>>;
export type ChapterMoved = S<'ChapterMoved', Edit<{ chapterId: string; parentId: string | null; position: number }>>;
/** Removes the chapter and its sub-chapters. */
export type ChapterRemoved = S<'ChapterRemoved', Edit<{ chapterId: string }>>;
export type ChapterContentSet = S<'ChapterContentSet', Edit<{ chapterId: string; content: ChapterContent }>>;
/** Only the argon2 hash of a private speach's access code is stored. */
export type SpeachVisibilityChanged = S<'SpeachVisibilityChanged', { visibility: Visibility; accessCodeHash: string | null }>;
export type SpeachAuthorChanged = S<'SpeachAuthorChanged', { authorId: string }>;
export type SpeachCoEditorsChanged = S<'SpeachCoEditorsChanged', { userIds: string[] }>;
export type SpeachCoEditorGroupsChanged = S<'SpeachCoEditorGroupsChanged', { groupIds: string[] }>;
export type SpeachAffectedUsersChanged = S<'SpeachAffectedUsersChanged', { userIds: string[] }>;
export type SpeachAffectedGroupsChanged = S<'SpeachAffectedGroupsChanged', { groupIds: string[] }>;
/**
 * The draft becomes version `version`, live now or at `scheduledFor` (delayed publication). `materialChange`
 * (regulated training): its approver said learners trained on earlier versions must train again; absent = no.
 */
export type SpeachPublished = S<'SpeachPublished', { version: number; scheduledFor: string | null; materialChange?: boolean }>;
export type SpeachUnpublished = S<'SpeachUnpublished', Record<never, never>>;
export type SpeachArchived = S<'SpeachArchived', Record<never, never>>;
export type SpeachRestored = S<'SpeachRestored', Record<never, never>>;
export type SpeachDueDateSet = S<'SpeachDueDateSet', { dueDate: string | null }>;
export type SpeachUnpublishAfterDueDateSet = S<'SpeachUnpublishAfterDueDateSet', { unpublish: boolean }>;
export type SpeachBadgeConfigured = S<'SpeachBadgeConfigured', { badge: Badge }>;
export type SpeachSubchaptersLocked = S<'SpeachSubchaptersLocked', { locked: boolean }>;
/** A cover uploaded in the editor: the blobs of its three WebP sizes (16:9: 320×180, 640×360, 1280×720). */
export interface SpeachCover {
  small: string;
  medium: string;
  large: string;
}
export type SpeachCoverSet = S<'SpeachCoverSet', { cover: SpeachCover | null }>;
export type PeriodicReviewersAssigned = S<'PeriodicReviewersAssigned', { userIds: string[]; groupIds: string[] }>;

export type SpeachEvent =
  | SpeachCreated
  | SpeachDetailsChanged
  | ChapterAdded
  | ChapterRenamed
  | ChapterMoved
  | ChapterRemoved
  | ChapterContentSet
  | SpeachVisibilityChanged
  | SpeachAuthorChanged
  | SpeachCoEditorsChanged
  | SpeachCoEditorGroupsChanged
  | SpeachAffectedUsersChanged
  | SpeachAffectedGroupsChanged
  | SpeachPublished
  | SpeachUnpublished
  | SpeachArchived
  | SpeachRestored
  | SpeachDueDateSet
  | SpeachUnpublishAfterDueDateSet
  | SpeachBadgeConfigured
  | SpeachSubchaptersLocked
  | SpeachCoverSet
  | PeriodicReviewersAssigned;

/** Stream `home-pins`: the one list of speaches pinned on the home page (max 10, race-free by expected revision). */
export type SpeachPinnedOnHome = S<'SpeachPinnedOnHome', Record<never, never>>;
export type SpeachUnpinnedFromHome = S<'SpeachUnpinnedFromHome', Record<never, never>>;
export type HomePinEvent = SpeachPinnedOnHome | SpeachUnpinnedFromHome;

/** Stream `learner-{userId}`: a learner's bookmarks, chapter reads and answers. */
export type SpeachBookmarked = S<'SpeachBookmarked', { userId: string }>;
export type SpeachUnbookmarked = S<'SpeachUnbookmarked', { userId: string }>;
/**
 * `version` and `contentHash` pin what the learner saw (regulated training). null: the draft, or an event
 * recorded before they were kept (schema 1, lifted with `contentHash: null`): the version is then unknown.
 */
export type ChapterRead = S<'ChapterRead', { userId: string; chapterId: string; version: number | null; contentHash?: string | null }>;
export type ChapterAnswered = S<
  'ChapterAnswered',
  {
    userId: string;
    chapterId: string;
    contentType: ContentType;
    answers: Record<string, string[]>;
    text: string | null;
    score: number | null;
    max: number | null;
    passed: boolean | null;
    /** The version answered and its content hash, as on ChapterRead; null when unknown (schema 1). */
    version?: number | null;
    contentHash?: string | null;
  }
>;
/** A regulated speach's completion is signed: the signature and the completion land in one append. */
export type LearnerEvent = SpeachBookmarked | SpeachUnbookmarked | ChapterRead | ChapterAnswered | TrainingCompleted | SignatureApplied;

for (const type of [
  'SpeachCreated',
  'SpeachDetailsChanged',
  'ChapterAdded',
  'ChapterRenamed',
  'ChapterMoved',
  'ChapterRemoved',
  'ChapterContentSet',
  'SpeachVisibilityChanged',
  'SpeachAuthorChanged',
  'SpeachCoEditorsChanged',
  'SpeachCoEditorGroupsChanged',
  'SpeachAffectedUsersChanged',
  'SpeachAffectedGroupsChanged',
  'SpeachPublished',
  'SpeachUnpublished',
  'SpeachArchived',
  'SpeachRestored',
  'SpeachDueDateSet',
  'SpeachUnpublishAfterDueDateSet',
  'SpeachBadgeConfigured',
  'SpeachSubchaptersLocked',
  'SpeachCoverSet',
  'PeriodicReviewersAssigned',
  'SpeachPinnedOnHome',
  'SpeachUnpinnedFromHome',
  'SpeachBookmarked',
  'SpeachUnbookmarked',
]) {
  registerEventType(type, 1);
}
// Schema 2 pins the version seen; older reads and answers say "unknown" rather than guess.
registerEventType('ChapterRead', 2, { 1: (data) => ({ ...data, contentHash: null }) });
registerEventType('ChapterAnswered', 2, { 1: (data) => ({ ...data, version: null, contentHash: null }) });

export const speachStream = (speachId: string) => `speach-${speachId}`;
export const learnerStream = (userId: string) => `learner-${userId}`;
