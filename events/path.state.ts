import type { PathEvent, PathLearnerEvent, PathOptions } from './path.events';

export interface Assignment {
  id: string;
  dueDate: string | null;
}

export interface ExistingPath extends PathOptions {
  status: 'active';
  pathId: string;
  ownerId: string;
  title: string;
  description: string;
  image: string | null;
  /** In the learner's order. */
  speachIds: string[];
  groups: Assignment[];
  users: Assignment[];
  published: boolean;
  everPublished: boolean;
  archived: boolean;
}

export type PathState = { status: 'none' } | ExistingPath;

export const initialPathState = (): PathState => ({ status: 'none' });

function assign(list: Assignment[], id: string, assigned: boolean, dueDate: string | null): Assignment[] {
  const others = list.filter((a) => a.id !== id);
  return assigned ? [...others, { id, dueDate }] : others;
}

/** The fold of a path stream: the decider decides on it and the paths read model stores it. */
export function evolvePath(state: PathState, event: PathEvent): PathState {
  if (event.type === 'PathCreated') {
    const d = event.data;
    return {
      status: 'active',
      pathId: d.pathId,
      ownerId: d.ownerId,
      title: d.title,
      description: d.description,
      image: d.image,
      sequential: d.sequential,
      openForSelfEnrolment: d.openForSelfEnrolment,
      recertificationMonths: d.recertificationMonths,
      speachIds: [],
      groups: [],
      users: [],
      published: false,
      everPublished: false,
      archived: false,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PathDetailsChanged': {
      const { pathId: _, ...changes } = event.data;
      return { ...state, ...changes };
    }
    case 'PathOptionsChanged': {
      const { pathId: _, ...changes } = event.data;
      return { ...state, ...changes };
    }
    case 'PathSpeachAdded': {
      const ids = state.speachIds.filter((id) => id !== event.data.speachId);
      ids.splice(Math.min(event.data.position, ids.length), 0, event.data.speachId);
      return { ...state, speachIds: ids };
    }
    case 'PathSpeachRemoved':
      return { ...state, speachIds: state.speachIds.filter((id) => id !== event.data.speachId) };
    case 'PathSpeachesReordered':
      return { ...state, speachIds: [...event.data.speachIds] };
    case 'PathGroupAssignmentChanged':
      return { ...state, groups: assign(state.groups, event.data.groupId, event.data.assigned, event.data.dueDate) };
    case 'PathUserAssignmentChanged':
      return { ...state, users: assign(state.users, event.data.userId, event.data.assigned, event.data.dueDate) };
    case 'PathPublished':
      return { ...state, published: true, everPublished: true };
    case 'PathUnpublished':
      return { ...state, published: false };
    case 'PathArchived':
      return { ...state, archived: true, published: false };
    default:
      return state;
  }
}

export interface PathCompletion {
  completedAt: string;
  validUntil: string | null;
  certificateCode: string;
  blobId: string | null;
  /** The learner was told the completion lapses. */
  reminded: boolean;
}

/** A recertification cycle in progress: the completion it renews, its due date, and from when reads count. */
export interface PathRecertificationCycle {
  certificateCode: string;
  dueDate: string;
  since: string;
}

/** One learner on one path. */
export interface PathLearnerState {
  enrolled: boolean;
  completions: PathCompletion[];
  /** Set when re-assigned for recertification, cleared by the next completion. */
  reassigned: PathRecertificationCycle | null;
}

export const initialPathLearnerState = (): PathLearnerState => ({ enrolled: false, completions: [], reassigned: null });

export function evolvePathLearner(state: PathLearnerState, event: PathLearnerEvent): PathLearnerState {
  switch (event.type) {
    case 'PathEnrolled':
      return { ...state, enrolled: true };
    case 'PathCompleted':
      return {
        ...state,
        reassigned: null,
        completions: [
          ...state.completions,
          {
            completedAt: event.data.completedAt,
            validUntil: event.data.validUntil,
            certificateCode: event.data.certificateCode,
            blobId: null,
            reminded: false,
          },
        ],
      };
    case 'PathCertificateIssued':
      return {
        ...state,
        completions: state.completions.map((c) => (c.certificateCode === event.data.certificateCode ? { ...c, blobId: event.data.blobId } : c)),
      };
    case 'PathRecertificationDue':
      return { ...state, completions: state.completions.map((c) => (c.certificateCode === event.data.certificateCode ? { ...c, reminded: true } : c)) };
    case 'PathReassigned':
      return { ...state, reassigned: { certificateCode: event.data.certificateCode, dueDate: event.data.dueDate, since: event.data.since } };
    default:
      return state;
  }
}

/** The completion in force at `now`: the last one, unless its recertification period ran out. */
export function currentCompletion(state: PathLearnerState, now: string): PathCompletion | null {
  const last = state.completions[state.completions.length - 1];
  if (!last) return null;
  return last.validUntil === null || last.validUntil > now ? last : null;
}
