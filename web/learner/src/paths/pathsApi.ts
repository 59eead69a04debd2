import { api } from '../api/client';
import type { SpeachCard } from '../speach/types';

export interface PathPerson {
  userID: string;
  firstName: string;
  lastName: string;
}

export interface PathGroup {
  id: string;
  name: string;
}

/** A speach of a path: its card, as the speach lists give it. */
export type PathItem = SpeachCard;

export type PathState = 'NON_PUBLIE' | 'PUBLIE' | 'ARCHIVE';

/** Spec §3 Path, with the options of issue 18 the server may add. */
export interface Path {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  user: PathPerson;
  items: PathItem[];
  assignment: { groups: PathGroup[]; users: (PathPerson & { dueDate?: string | null })[] };
  state?: PathState;
  version?: number;
  sequential?: boolean;
  openForEnrolment?: boolean;
}

export interface PathDetails {
  pathId?: string;
  title: string;
  description: string;
  image: string | null;
  /** The version the editor saw: a stale one answers 409. */
  version?: number;
}

export interface SpeachPage {
  result: SpeachCard[];
  total: number;
}

/** One speach of the learner's path view, in the path's order. */
export interface ProgressItem {
  speachID: string;
  title: string;
  img: string | null;
  /** 0..100 */
  progress: number;
  completed: boolean;
  /** Sequential paths: not reachable before the previous one is completed. */
  locked: boolean;
}

/** The learner's view of a path (issue 18): the path, its speaches with progress, where to continue, the due date. */
export interface PathProgress {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  sequential: boolean;
  openForEnrolment: boolean;
  /** Assigned or enrolled: the path counts for this learner. */
  enrolled: boolean;
  /** 0..100 */
  progress: number;
  completed: boolean;
  completedAt: string | null;
  dueDate: string | null;
  next: string | null;
  items: ProgressItem[];
  certificate: boolean;
}

/** A path in the learner's lists (account ASSIGNED tab, home). */
export interface AssignedPath {
  pathId: string;
  title: string;
  description: string;
  image: string | null;
  itemCount: number;
  progress: number;
  completed: boolean;
  dueDate: string | null;
}

const enc = encodeURIComponent;
const base = '/api/v2/learningPath';
const of = (pathId: string) => `${base}/${enc(pathId)}`;

/** Spec §7 "Learning paths". */
export const pathsApi = {
  get: (pathId: string, signal?: AbortSignal) => api<Path>(of(pathId), { signal }),
  groups: (signal?: AbortSignal) => api<PathGroup[]>(`${base}/getAllGroups`, { signal }),
  /** Without `pathId` the server creates the path. */
  save: (details: PathDetails) => api<Path>(base, { method: 'PUT', json: { path: JSON.stringify(details) } }),
  changeGroup: (pathId: string, groupId: string, add: boolean) => api<Path>(`${of(pathId)}/changeGroup`, { method: 'PUT', json: { groupId, add } }),
  changeUser: (pathId: string, userId: string, add: boolean) => api<Path>(`${of(pathId)}/changeUser`, { method: 'PUT', json: { userId, add } }),
  addSpeach: (pathId: string, speachId: string) => api<Path>(`${of(pathId)}/addSpeach/${enc(speachId)}`, { method: 'PUT', json: {} }),
  removeSpeach: (pathId: string, speachId: string) => api<Path>(`${of(pathId)}/removeSpeach/${enc(speachId)}`, { method: 'PUT', json: {} }),
  publish: (pathId: string) => api<Path>(`${of(pathId)}/publish`, { method: 'PUT', json: {} }),
  recordOrder: (pathId: string, order: string) => api<Path>(`${of(pathId)}/recordOrder`, { method: 'PUT', json: { order } }),
  assigned: (signal?: AbortSignal) => api<{ result: AssignedPath[]; total: number }>(`${base}/assigned?page=0`, { signal }),
  progress: (pathId: string, signal?: AbortSignal) => api<PathProgress>(`${of(pathId)}/progress`, { signal }),
  enrol: (pathId: string) => api<PathProgress>(`${of(pathId)}/enrol`, { method: 'PUT', json: {} }),
  certificateUrl: (pathId: string) => `${of(pathId)}/certificate`,
  speaches: (pathId: string, selected: boolean, name: string, page: number, signal?: AbortSignal) =>
    api<SpeachPage>(`${of(pathId)}/getSpeaches?selected=${selected}&page=${page}${name.trim() ? `&name=${enc(name.trim())}` : ''}`, { signal }),
};
