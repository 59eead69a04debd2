import type { PathAssignee, PathDueDateEvent, PathEvent, RecordedEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export const PATH_DUE_DATES = 'path_due_dates';

/** One assignment of a path that has a due date: what the due-date policy still has to tell about it. */
export interface PathDueDateDocument extends ProjectedDocument {
  pathId: string;
  assignee: PathAssignee;
  /** The end of the due day (UTC), as the assignment holds it. */
  dueDate: string;
  /** Its calendar day, `YYYY-MM-DD`: the policy compares days. */
  day: string;
  /** Milestones told for this due date: '7', '1', 'expired'. */
  told: string[];
  /** Nothing more to tell: the expiry was told, or the path was archived. */
  done: boolean;
}

const idOf = (pathId: string, assignee: PathAssignee) => `${pathId}:${assignee.kind}:${assignee.id}`;

async function assignmentChanged(event: RecordedEvent, writer: ProjectionWriter) {
  const e = event as unknown as Extract<PathEvent, { type: 'PathGroupAssignmentChanged' | 'PathUserAssignmentChanged' }>;
  const assignee: PathAssignee = e.type === 'PathGroupAssignmentChanged' ? { kind: 'GROUP', id: e.data.groupId } : { kind: 'USER', id: e.data.userId };
  const { pathId, assigned, dueDate } = e.data;
  await writer.upsert<PathDueDateDocument>(PATH_DUE_DATES, idOf(pathId, assignee), (doc) => {
    if (!assigned || !dueDate) return null;
    // The same due date keeps what was told of it; a new one is told afresh.
    if (doc && doc.dueDate === dueDate) return doc;
    return { _id: idOf(pathId, assignee), pathId, assignee, dueDate, day: dueDate.slice(0, 10), told: [], done: false };
  });
}

async function told(event: RecordedEvent, writer: ProjectionWriter) {
  const e = event as unknown as PathDueDateEvent;
  const milestone = e.type === 'PathDueDateExpired' ? 'expired' : String(e.data.daysBefore);
  await writer.upsert<PathDueDateDocument>(PATH_DUE_DATES, idOf(e.data.pathId, e.data.assignee), (doc) => {
    if (!doc || doc.dueDate !== e.data.dueDate) return doc;
    return { ...doc, told: [...new Set([...doc.told, milestone])], done: doc.done || milestone === 'expired' };
  });
}

/**
 * The learning paths' assignments with a due date (issue 19 item 6 for issue 18's paths), for the
 * time-driven `path-due-date-reminders` policy: indexed on what is left to tell and the day.
 */
export const pathDueDatesProjection: ProjectionDefinition = {
  name: 'path-due-dates',
  version: 1,
  collections: [{ name: PATH_DUE_DATES, indexes: [{ fields: [{ field: 'done' }, { field: 'day' }] }, { field: 'pathId' }] }],
  handlers: {
    PathGroupAssignmentChanged: assignmentChanged,
    PathUserAssignmentChanged: assignmentChanged,
    PathArchived: async (event, writer) => {
      const pathId = (event.data as { pathId: string }).pathId;
      for (const doc of await writer.find<PathDueDateDocument>(PATH_DUE_DATES, { pathId, done: false }))
        await writer.upsert<PathDueDateDocument>(PATH_DUE_DATES, doc._id as string, (current) => current && { ...current, done: true });
    },
    PathDueDateApproaching: told,
    PathDueDateExpired: told,
  },
};
