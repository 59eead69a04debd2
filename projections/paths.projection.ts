import {
  type Assignment,
  type CompletedSpeach,
  type ExistingPath,
  type PathEvent,
  type PathLearnerEvent,
  type RecordedEvent,
  evolvePath,
  evolvePathLearner,
  initialPathLearnerState,
  type PathCompletion,
  PATH_RECERTIFICATION_NOTICE_DAYS,
  type PathRecertificationCycle,
} from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export const PATHS = 'paths';
export const PATH_LEARNERS = 'path_learners';

export type PathListState = 'PUBLIE' | 'NON_PUBLIE' | 'ARCHIVE';

/** One learning path: the path's own fold (the decider's `evolve`) plus what lists filter and sort on. */
export interface PathDocument extends ProjectedDocument {
  ownerId: string;
  title: string;
  /** Lower-cased, accent-free title: the title filter and sort. */
  titleKey: string;
  description: string;
  image: string | null;
  speachIds: string[];
  groups: Assignment[];
  users: Assignment[];
  /** Flat copies of the assignees, indexed: "paths assigned to me". */
  groupIds: string[];
  userIds: string[];
  sequential: boolean;
  openForSelfEnrolment: boolean;
  recertificationMonths: number | null;
  published: boolean;
  everPublished: boolean;
  archived: boolean;
  state: PathListState;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Stream revision: the `version` an edit sends back. */
  revision: number;
}

/** One learner on one path: enrolment and completions (certificates). */
export interface PathLearnerDocument extends ProjectedDocument {
  pathId: string;
  userId: string;
  enrolled: boolean;
  enrolledAt: string | null;
  completions: (PathCompletion & { title: string; speaches: CompletedSpeach[] })[];
  /** Every certificate code this learner holds on the path: the public verification looks them up. */
  certificateCodes: string[];
  /** When to remind the learner that their latest completion lapses (null: nothing to remind). */
  remindAt: string | null;
  /** The recertification cycle in progress (absent on documents written before it existed). */
  reassigned?: PathRecertificationCycle | null;
}

export function pathKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function toState(doc: PathDocument): ExistingPath {
  return {
    status: 'active',
    pathId: doc._id,
    ownerId: doc.ownerId,
    title: doc.title,
    description: doc.description,
    image: doc.image,
    speachIds: doc.speachIds,
    groups: doc.groups,
    users: doc.users,
    sequential: doc.sequential,
    openForSelfEnrolment: doc.openForSelfEnrolment,
    recertificationMonths: doc.recertificationMonths,
    published: doc.published,
    everPublished: doc.everPublished,
    archived: doc.archived,
  };
}

async function pathEvent(event: RecordedEvent, writer: ProjectionWriter) {
  const e = event as unknown as PathEvent;
  await writer.upsert<PathDocument>(PATHS, e.data.pathId, (doc) => {
    if (!doc && e.type !== 'PathCreated') return null;
    const next = evolvePath(doc ? toState(doc) : { status: 'none' }, e) as ExistingPath;
    const { status: _, pathId, ...fields } = next;
    return {
      _id: pathId,
      ...fields,
      titleKey: pathKey(next.title),
      groupIds: next.groups.map((a) => a.id),
      userIds: next.users.map((a) => a.id),
      state: next.archived ? 'ARCHIVE' : next.published ? 'PUBLIE' : 'NON_PUBLIE',
      createdAt: doc?.createdAt ?? event.time,
      updatedAt: event.time,
      publishedAt: e.type === 'PathPublished' ? event.time : (doc?.publishedAt ?? null),
      revision: event.revision,
    };
  });
}

function remindAt(latest: PathCompletion | undefined): string | null {
  if (!latest?.validUntil || latest.reminded) return null;
  return new Date(Date.parse(latest.validUntil) - PATH_RECERTIFICATION_NOTICE_DAYS * 86_400_000).toISOString();
}

async function learnerEvent(event: RecordedEvent, writer: ProjectionWriter) {
  const e = event as unknown as PathLearnerEvent;
  const id = `${e.data.pathId}:${e.data.userId}`;
  await writer.upsert<PathLearnerDocument>(PATH_LEARNERS, id, (doc) => {
    const base: PathLearnerDocument = doc ?? {
      _id: id,
      pathId: e.data.pathId,
      userId: e.data.userId,
      enrolled: false,
      enrolledAt: null,
      completions: [],
      certificateCodes: [],
      remindAt: null,
    };
    const state = evolvePathLearner(
      { ...initialPathLearnerState(), enrolled: base.enrolled, completions: base.completions, reassigned: base.reassigned ?? null },
      e,
    );
    const completions = state.completions.map((c, i) => {
      const known = base.completions[i];
      if (known) return { ...known, ...c };
      const d = (e as Extract<PathLearnerEvent, { type: 'PathCompleted' }>).data;
      return { ...c, title: d.title, speaches: d.speaches };
    });
    return {
      ...base,
      enrolled: state.enrolled,
      enrolledAt: e.type === 'PathEnrolled' ? (base.enrolledAt ?? event.time) : base.enrolledAt,
      completions,
      reassigned: state.reassigned,
      certificateCodes: completions.map((c) => c.certificateCode),
      remindAt: remindAt(completions[completions.length - 1]),
    };
  });
}

export const pathsProjection: ProjectionDefinition = {
  name: 'paths',
  version: 1,
  collections: [
    {
      name: PATHS,
      // The admin list filters on state and owner and sorts on the update date or the title; the learner's list looks up assignees.
      indexes: [
        { field: 'ownerId' },
        { field: 'speachIds' },
        { field: 'userIds' },
        { field: 'groupIds' },
        { fields: [{ field: 'state' }, { field: 'updatedAt', direction: -1 }] },
        { fields: [{ field: 'state' }, { field: 'titleKey' }] },
        { fields: [{ field: 'updatedAt', direction: -1 }] },
        { fields: [{ field: 'titleKey' }] },
      ],
    },
    { name: PATH_LEARNERS, indexes: [{ field: 'userId' }, { field: 'pathId' }, { field: 'certificateCodes' }, { field: 'remindAt' }] },
  ],
  handlers: {
    PathCreated: pathEvent,
    PathDetailsChanged: pathEvent,
    PathOptionsChanged: pathEvent,
    PathSpeachAdded: pathEvent,
    PathSpeachRemoved: pathEvent,
    PathSpeachesReordered: pathEvent,
    PathGroupAssignmentChanged: pathEvent,
    PathUserAssignmentChanged: pathEvent,
    PathPublished: pathEvent,
    PathUnpublished: pathEvent,
    PathArchived: pathEvent,
    PathEnrolled: learnerEvent,
    PathCompleted: learnerEvent,
    PathCertificateIssued: learnerEvent,
    PathRecertificationDue: learnerEvent,
    PathReassigned: learnerEvent,
  },
};
