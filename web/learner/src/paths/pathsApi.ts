import { api } from '../api/client';
import type {
  AssignedPathView,
  CardPage,
  EditedPathView,
  PathGroupView,
  PathPerson,
  PathProgressView,
  PathSearchResultView,
  PathState,
  PathView,
  SpeachCard,
  SpeachInPath,
} from '@speach/web-shared/api';

export type { PathPerson };

/** A group the path may be assigned to (`selected`), with its due date. */
export type PathGroup = PathGroupView;

/** A speach of a path: its card, as the speach lists give it (`canView` false when the editor may not read it). */
export type PathItem = SpeachCard;

export type { PathState };

/** A path found by the search: its own result kind, linked to the learner's page `url`. */
export type PathSearchResult = PathSearchResultView;

/** Spec §3 Path, with the options and flags of docs/learning-paths.md. */
export type Path = PathView<PathItem>;

/** What `PUT /api/v2/learningPath` takes in its `path` JSON; without `pathId` the path is created. */
export interface PathDetails {
  pathId?: string;
  title?: string;
  description?: string;
  image?: string | null;
  sequential?: boolean;
  openForSelfEnrolment?: boolean;
  recertificationMonths?: number | null;
  /** The version the editor saw: a stale one answers 409. */
  version?: number;
}

export type SpeachPage = CardPage;

/** One speach of the learner's path view, in the path's order. */
export type ProgressItem = SpeachInPath;

/** `GET …/{pathId}/progress`: the learner's page. */
export type PathProgress = PathProgressView;

/** A path in the learner's lists (account ASSIGNED tab, home). */
export type AssignedPath = AssignedPathView;

/** A path in its owner's list (the home's "My learning paths"). */
export type EditedPath = EditedPathView;

const enc = encodeURIComponent;
const base = '/api/v2/learningPath';
const of = (pathId: string) => `${base}/${enc(pathId)}`;
const query = (params: Record<string, string | number | boolean | null | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${enc(String(v))}`)
    .join('&');

/** Spec §7 "Learning paths" (docs/learning-paths.md): every change takes the version read and answers the whole path. */
export const pathsApi = {
  get: (pathId: string, signal?: AbortSignal) => api<Path>(of(pathId), { signal }),
  groups: (pathId: string, signal?: AbortSignal) => api<PathGroup[]>(`${of(pathId)}/getAllGroups`, { signal }),
  save: (details: PathDetails) => api<Path>(base, { method: 'PUT', json: { path: JSON.stringify(details) } }),
  changeGroup: (path: Path, groupId: string, add: boolean, dueDate?: string | null) =>
    api<Path>(`${of(path.pathId)}/changeGroup?${query({ groupId, add, dueDate, version: path.version })}`, { method: 'PUT', json: {} }),
  changeUser: (path: Path, userId: string, add: boolean, dueDate?: string | null) =>
    api<Path>(`${of(path.pathId)}/changeUser?${query({ userId, add, dueDate, version: path.version })}`, { method: 'PUT', json: {} }),
  addSpeach: (path: Path, speachId: string) =>
    api<Path>(`${of(path.pathId)}/addSpeach/${enc(speachId)}?${query({ version: path.version })}`, { method: 'PUT', json: {} }),
  removeSpeach: (path: Path, speachId: string) =>
    api<Path>(`${of(path.pathId)}/removeSpeach/${enc(speachId)}?${query({ version: path.version })}`, { method: 'PUT', json: {} }),
  recordOrder: (path: Path, order: string) =>
    api<Path>(`${of(path.pathId)}/recordOrder?${query({ order, version: path.version })}`, { method: 'PUT', json: {} }),
  publish: (path: Path) => api<Path>(`${of(path.pathId)}/publish?${query({ version: path.version })}`, { method: 'PUT', json: {} }),
  unpublish: (path: Path) => api<Path>(`${of(path.pathId)}/unpublish?${query({ version: path.version })}`, { method: 'PUT', json: {} }),
  speaches: (pathId: string, selected: boolean, name: string, page: number, signal?: AbortSignal) =>
    api<SpeachPage>(`${of(pathId)}/getSpeaches?${query({ selected, page, name: name.trim() })}`, { signal }),
  progress: (pathId: string, signal?: AbortSignal) => api<PathProgress>(`${of(pathId)}/progress`, { signal }),
  enrol: (pathId: string) => api<PathProgress>(`${of(pathId)}/enrol`, { method: 'PUT', json: {} }),
  certificateUrl: (pathId: string) => `${of(pathId)}/certificate`,
  edited: (page: number, signal?: AbortSignal) => api<{ result: EditedPath[]; total: number }>(`/api/v2/my/learningPathsEdited?page=${page}`, { signal }),
  search: (term: string, page: number, signal?: AbortSignal) =>
    api<{ results: PathSearchResult[]; total: number }>(`/api/v2/learningPath/search?${query({ term, page })}`, { signal }),
  assigned: (signal?: AbortSignal) => api<{ result: AssignedPath[]; total: number }>('/api/v2/my/learningPaths?page=0', { signal }),
};
