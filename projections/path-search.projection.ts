import { type ExistingPath, type PathEvent, type PathState, type RecordedEvent, evolvePath } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';
import { searchTokens } from './search-text';

export const PATH_SEARCH = 'path_search';

/** One learning path as search sees it: its own fold, the words to match and who may find it. */
export interface PathSearchDocument extends ProjectedDocument {
  path: ExistingPath;
  /** The words of the title and the description, folded, each preceded by a space: a word prefix is ` word`. */
  words: string;
  /** Published and not archived. */
  listed: boolean;
  /** Who finds it: `*` (open for self-enrolment), `u:<userId>` (owner, assignees), `g:<groupId>`; empty when not listed. */
  audience: string[];
  updatedAt: string;
}

function audienceOf(path: ExistingPath, listed: boolean): string[] {
  if (!listed) return [];
  return [...(path.openForSelfEnrolment ? ['*'] : []), `u:${path.ownerId}`, ...path.users.map((a) => `u:${a.id}`), ...path.groups.map((a) => `g:${a.id}`)];
}

async function pathEvent(event: RecordedEvent, writer: ProjectionWriter) {
  const e = event as unknown as PathEvent;
  await writer.upsert<PathSearchDocument>(PATH_SEARCH, e.data.pathId, (doc) => {
    if (!doc && e.type !== 'PathCreated') return null;
    const previous: PathState = doc ? doc.path : { status: 'none' };
    const path = evolvePath(previous, e) as ExistingPath;
    const sameText = doc && doc.path.title === path.title && doc.path.description === path.description;
    const words = sameText ? doc.words : ` ${searchTokens(`${path.title} ${path.description}`).join(' ')}`;
    const listed = path.published && !path.archived;
    return { _id: path.pathId, path, words, listed, audience: audienceOf(path, listed), updatedAt: event.time };
  });
}

/** Paths in the search results (issue 18): folded from the path events alone, one document per path. */
export const pathSearchProjection: ProjectionDefinition = {
  name: 'path-search',
  version: 1,
  collections: [{ name: PATH_SEARCH, indexes: [{ field: 'audience' }, { fields: [{ field: 'listed' }, { field: 'updatedAt', direction: -1 }] }] }],
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
  },
};
