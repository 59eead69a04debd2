import { userTextFilter } from '../identity';
import { Inject, Injectable } from '@nestjs/common';
import { PATH_SEARCH, type PathSearchDocument } from '../../projections/path-search.projection';
import { searchTokens } from '../../projections/search-text';
import { PATH_LEARNERS, PATHS, type PathDocument, type PathLearnerDocument, pathKey } from '../../projections/paths.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import type { Viewer } from '../speach';
import { pathPeople } from './path-people';
import { pathProgress } from './path-progress';
import { PATH_PAGE_SIZE } from './path-queries.service';
import { dueDateFor, slugOf } from './path-views';
import type { AdminPathRow, AssignedPathView, EditedPathView, PathSearchResultView } from './path.view';

export const PATH_SEARCH_PAGE_SIZE = 10;
/** Words of a search term that count: a pasted page is cut rather than refused, so typing never breaks. */
const SEARCH_TERM_MAX = 200;
const SEARCH_WORDS_MAX = 10;

export interface AdminPathQuery {
  page?: number;
  size?: number;
  title?: string;
  state?: string;
  owner?: string;
  sort?: string;
  asc?: boolean;
}

/** Lists of paths: the learner's assigned paths, the search results, the author's own paths and the back office's list. */
@Injectable()
export class PathLists {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  private get paths() {
    return this.store.collection<PathDocument>(PATHS);
  }

  private get learners() {
    return this.store.collection<PathLearnerDocument>(PATH_LEARNERS);
  }

  /** The account's ASSIGNED tab and the home: published paths assigned to me or that I enrolled in, with my progress. */
  async assigned(viewer: Viewer, page = 0): Promise<{ result: AssignedPathView[]; total: number }> {
    const enrolled = await this.learners.find({ userId: viewer.id, enrolled: true }, { projection: { pathId: 1 } });
    const filter: Filter = {
      state: 'PUBLIE',
      $or: [{ userIds: viewer.id }, { groupIds: { $in: viewer.groupIds } }, { _id: { $in: enrolled.map((e) => e.pathId) } }],
    };
    const { docs, total } = await this.paths.findPage(filter, { sort: { updatedAt: -1, _id: 1 }, skip: page * PATH_PAGE_SIZE, limit: PATH_PAGE_SIZE });
    const cycles = new Map((await this.learners.findByIds(docs.map((d) => `${d._id}:${viewer.id}`))).map((l) => [l.pathId, l.reassigned ?? null]));
    const result: AssignedPathView[] = [];
    for (const doc of docs) {
      const cycle = cycles.get(doc._id) ?? null;
      const progress = await pathProgress(this.store, viewer.id, doc.speachIds, doc.sequential, viewer.now, cycle?.since ?? null);
      const dueDate = cycle?.dueDate ?? dueDateFor(doc, viewer);
      result.push({
        pathId: doc._id,
        title: doc.title,
        description: doc.description,
        image: doc.image,
        slug: slugOf(doc.title),
        speachCount: progress.speaches.length,
        percent: progress.percent,
        completed: progress.completed,
        dueDate,
        overdue: dueDate !== null && dueDate < viewer.now && !progress.completed,
      });
    }
    return { result, total };
  }

  /**
   * Paths in the search results: published ones the viewer may open (open for self-enrolment, owned,
   * assigned to them or their groups, enrolled in; administrators every one), each word of the term a
   * word prefix of the title or the description; last changed first.
   */
  async search(viewer: Viewer, term: string, page = 0): Promise<{ results: PathSearchResultView[]; total: number }> {
    const words = searchTokens(term.slice(0, SEARCH_TERM_MAX)).slice(0, SEARCH_WORDS_MAX);
    const clauses: Filter[] = [{ listed: true }, ...words.map((w) => ({ words: { $regex: ` ${escapeRegex(w)}` } }))];
    if (!viewer.isAdmin) {
      const enrolled = await this.learners.find({ userId: viewer.id, enrolled: true }, { projection: { pathId: 1 } });
      const principals = ['*', `u:${viewer.id}`, ...viewer.groupIds.map((g) => `g:${g}`)];
      clauses.push({ $or: [{ audience: { $in: principals } }, { _id: { $in: enrolled.map((e) => e.pathId) } }] });
    }
    const { docs, total } = await this.store
      .collection<PathSearchDocument>(PATH_SEARCH)
      .findPage({ $and: clauses }, { sort: { updatedAt: -1, _id: 1 }, skip: page * PATH_SEARCH_PAGE_SIZE, limit: PATH_SEARCH_PAGE_SIZE });
    const results = docs.map(({ path }) => {
      const slug = slugOf(path.title);
      return {
        kind: 'PATH' as const,
        pathId: path.pathId,
        title: path.title,
        description: path.description,
        image: path.image,
        slug,
        speachCount: path.speachIds.length,
        url: `/p/${path.pathId}/${slug}`,
      };
    });
    return { results, total };
  }

  /** The author's own paths, not archived, last changed first: where they return to their editors. */
  async edited(viewer: Viewer, page = 0): Promise<{ result: EditedPathView[]; total: number }> {
    const { docs, total } = await this.paths.findPage(
      { ownerId: viewer.id, archived: false },
      // Ids are time-ordered (uuidv7): on the same instant the newer path comes first.
      { sort: { updatedAt: -1, _id: -1 }, skip: page * PATH_PAGE_SIZE, limit: PATH_PAGE_SIZE },
    );
    const result = docs.map((doc) => ({
      pathId: doc._id,
      title: doc.title,
      description: doc.description,
      image: doc.image,
      slug: slugOf(doc.title),
      state: doc.state,
      speachCount: doc.speachIds.length,
      updatedAt: doc.updatedAt,
    }));
    return { result, total };
  }

  /** `GET /api/v2/admin/learningPath`: filters title, state, owner (name or e-mail); sorted by update date, title or creation. */
  async admin(query: AdminPathQuery): Promise<{ result: AdminPathRow[]; total: number }> {
    const clauses: Filter[] = [];
    if (query.state && query.state !== 'NONE') clauses.push({ state: query.state });
    if (query.title?.trim()) clauses.push({ titleKey: { $regex: escapeRegex(pathKey(query.title.trim())) } });
    if (query.owner?.trim()) {
      const owners = await this.store.collection<UserDocument>(USERS).find(
        // The users' one search field (identity's rule), not three regexes over every user.
        userTextFilter(query.owner.trim()),
        { projection: { _id: 1 } },
      );
      clauses.push({ ownerId: { $in: owners.map((o) => o._id) } });
    }
    const direction = query.asc ? 1 : -1;
    const sort: Sort = query.sort === 'TITLE' ? { titleKey: direction } : query.sort === 'CREATED' ? { createdAt: direction } : { updatedAt: direction };
    const size = query.size ?? PATH_PAGE_SIZE;
    const filter = clauses.length === 0 ? {} : clauses.length === 1 ? clauses[0] : { $and: clauses };
    const { docs, total } = await this.paths.findPage(filter, { sort: { ...sort, _id: 1 }, skip: (query.page ?? 0) * size, limit: size });
    const { users, groups } = await pathPeople(this.store, docs);
    const result = docs.map((doc) => {
      const owner = users.get(doc.ownerId);
      return {
        pathId: doc._id,
        title: doc.title,
        description: doc.description,
        image: doc.image,
        state: doc.state,
        user: { userID: doc.ownerId, firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' },
        speachCount: doc.speachIds.length,
        assignment: { groups: doc.groups.map((a) => ({ id: a.id, name: groups.get(a.id)?.name ?? '', dueDate: a.dueDate })), userCount: doc.users.length },
        sequential: doc.sequential,
        openForSelfEnrolment: doc.openForSelfEnrolment,
        createdAt: doc.createdAt,
        updatedAt: doc.updatedAt,
        publishedAt: doc.publishedAt,
        version: doc.revision,
      };
    });
    return { result, total };
  }
}
