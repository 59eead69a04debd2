import type { PathDocument } from '../../projections/paths.projection';
import type { UserDocument } from '../../projections/users.projection';
import { type Viewer, person } from '../speach';
import { mayEditPath } from './path.decider';
import type { PathView } from './path.view';

/** A path's address on the learner app: `/p/{pathId}/{slug}`. */
export function slugOf(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'path'
  );
}

/** Is the viewer one of the path's learners: assigned by name or through a group? */
export function isAssignedTo(doc: PathDocument, viewer: Pick<Viewer, 'id' | 'groupIds'>): boolean {
  return doc.userIds.includes(viewer.id) || doc.groupIds.some((g) => viewer.groupIds.includes(g));
}

/** The viewer's due date: their own assignment's, else the earliest of their groups'. */
export function dueDateFor(doc: PathDocument, viewer: Pick<Viewer, 'id' | 'groupIds'>): string | null {
  const own = doc.users.find((a) => a.id === viewer.id);
  if (own) return own.dueDate;
  const dates = doc.groups.filter((a) => viewer.groupIds.includes(a.id) && a.dueDate).map((a) => a.dueDate as string);
  return dates.length ? dates.sort()[0] : null;
}

export interface PathViewContext {
  users: Map<string, UserDocument>;
  groups: Map<string, { name: string }>;
}

/** Spec §3 "Path" (pathId, title, description, image, user, items, assignment) plus the editor's flags. */
export function toPathView<Item>(doc: PathDocument, viewer: Viewer, items: Item[], context: PathViewContext): PathView<Item> {
  const owner = context.users.get(doc.ownerId);
  const actor = { id: viewer.id, isAdmin: viewer.isAdmin, isAuthor: viewer.isAuthor };
  return {
    pathId: doc._id,
    id: doc._id,
    title: doc.title,
    description: doc.description,
    image: doc.image,
    slug: slugOf(doc.title),
    user: { userID: doc.ownerId, firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' },
    items,
    assignment: {
      groups: doc.groups.map((a) => ({ id: a.id, name: context.groups.get(a.id)?.name ?? '', dueDate: a.dueDate })),
      users: doc.users.map((a) => {
        const p = person(context.users.get(a.id), a.id);
        return { userID: a.id, firstName: p.firstName, lastName: p.lastName, email: p.email, img: p.img, dueDate: a.dueDate };
      }),
    },
    sequential: doc.sequential,
    openForSelfEnrolment: doc.openForSelfEnrolment,
    recertificationMonths: doc.recertificationMonths,
    state: doc.state,
    published: doc.published,
    archived: doc.archived,
    /** Spec §2: an editor who is not the owner sees the banner advising to inform the owner. */
    isOwner: doc.ownerId === viewer.id,
    canEdit: mayEditPath(doc, actor) && !doc.archived,
    version: doc.revision,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    publishedAt: doc.publishedAt,
  };
}
