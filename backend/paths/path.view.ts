/**
 * What the learning-path calls answer (spec §3 "Path", docs/learning-paths.md). A view module: it imports only
 * other view modules (docs/web-shared-and-data-layer.md).
 */
import type { SpeachCard, SpeachState } from '../speach/speach-card.view';

/** A path's publication state: the speach's three states (live, not live, archived). */
export type PathState = SpeachState;

export interface PathPerson {
  userID: string;
  firstName: string;
  lastName: string;
}

/** Spec §3 "Path" (pathId, title, description, image, user, items, assignment) plus the editor's flags. */
export interface PathView<Item = SpeachCard> {
  pathId: string;
  id: string;
  title: string;
  description: string;
  image: string | null;
  slug: string;
  user: PathPerson;
  items: Item[];
  assignment: {
    groups: { id: string; name: string; dueDate: string | null }[];
    users: (PathPerson & { email: string; img: string | null; dueDate: string | null })[];
  };
  sequential: boolean;
  openForSelfEnrolment: boolean;
  recertificationMonths: number | null;
  state: PathState;
  published: boolean;
  archived: boolean;
  /** Spec §2: an editor who is not the owner sees the banner advising to inform the owner. */
  isOwner: boolean;
  canEdit: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** One speach of a learner's path, in the path's order. */
export interface SpeachInPath {
  speachId: string;
  title: string;
  img: string | null;
  /** The version read now (the live one), or the last published one when it was withdrawn. */
  version: number | null;
  live: boolean;
  totalChapters: number;
  readChapters: number;
  percent: number;
  completed: boolean;
  lastChapterId: string | null;
  /** Sequential paths: a speach opens once every speach before it is completed. */
  locked: boolean;
}

/** `GET …/{pathId}/progress`: the learner's page of a path. */
export interface PathProgressView {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  slug: string;
  user: PathPerson;
  sequential: boolean;
  published: boolean;
  assigned: boolean;
  enrolled: boolean;
  canEnrol: boolean;
  dueDate: string | null;
  overdue: boolean;
  /** Re-assigned for recertification: due when the completion lapses. */
  recertification: { dueDate: string | null; since: string } | null;
  percent: number;
  completed: boolean;
  next: Pick<SpeachInPath, 'speachId' | 'title' | 'lastChapterId'> | null;
  items: SpeachInPath[];
  completion: { completedAt: string; validUntil: string | null; certificateCode: string | null; certificateReady: boolean } | null;
}

/** A path in the learner's lists (account ASSIGNED tab, home), with their progress. */
export interface AssignedPathView {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  slug: string;
  speachCount: number;
  percent: number;
  completed: boolean;
  dueDate: string | null;
  overdue: boolean;
}

/** A path found by the search: its own result kind, linked to the learner's page `url`. */
export interface PathSearchResultView {
  kind: 'PATH';
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  slug: string;
  speachCount: number;
  url: string;
}

/** A path in its owner's list (the home's "My learning paths"). */
export interface EditedPathView {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  slug: string;
  state: PathState;
  speachCount: number;
  updatedAt: string;
}

/** A row of `GET /api/v2/admin/learningPath`. */
export interface AdminPathRow {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  state: PathState;
  user: PathPerson;
  speachCount: number;
  assignment: { groups: { id: string; name: string; dueDate: string | null }[]; userCount: number };
  sequential: boolean;
  openForSelfEnrolment: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  version: number;
}

/** `GET api/v2/learningPath/[{pathId}/]getAllGroups`: every group, and whether the path is assigned to it and by when. */
export interface PathGroupView {
  id: string;
  name: string;
  system: boolean;
  selected: boolean;
  dueDate: string | null;
}
