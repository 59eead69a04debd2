import { Inject, Injectable } from '@nestjs/common';
import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { PATH_SEARCH, type PathSearchDocument } from '../../projections/path-search.projection';
import { searchTokens } from '../../projections/search-text';
import { PATH_LEARNERS, PATHS, type PathDocument, type PathLearnerDocument, pathKey } from '../../projections/paths.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { AuthenticatedUser } from '../identity';
import { ForbiddenError, NotFoundError } from '../infrastructure/decider/decider';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { type SpeachDocument, SpeachQueries, type Viewer, normaliseKey } from '../speach';
import { mayEditPath } from './path.decider';
import { pathProgress } from './path-progress';
import { dueDateFor, isAssignedTo, slugOf, toPathView } from './path-views';

export const PATH_PAGE_SIZE = 20;
export const PATH_SEARCH_PAGE_SIZE = 10;
/** Words of a search term that count: a pasted page is cut rather than refused, so typing never breaks. */
const SEARCH_TERM_MAX = 200;
const SEARCH_WORDS_MAX = 10;

export interface SpeachListQuery {
  selected?: boolean;
  page?: number;
  name?: string;
  onlyState?: string;
  sort?: string;
  asc?: boolean;
}

export interface AdminPathQuery {
  page?: number;
  size?: number;
  title?: string;
  state?: string;
  owner?: string;
  sort?: string;
  asc?: boolean;
}

/** Reads of the paths context: the editor's path, its speach lists, the learner's page and the lists. */
@Injectable()
export class PathQueries {
  constructor(
    private readonly speaches: SpeachQueries,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  get paths() {
    return this.store.collection<PathDocument>(PATHS);
  }

  get learners() {
    return this.store.collection<PathLearnerDocument>(PATH_LEARNERS);
  }

  viewer(user: AuthenticatedUser): Promise<Viewer> {
    return this.speaches.viewer(user);
  }

  async document(pathId: string): Promise<PathDocument> {
    const doc = typeof pathId === 'string' && pathId ? await this.paths.findById(pathId) : null;
    if (!doc) throw new NotFoundError('Unknown learning path');
    return doc;
  }

  /** The editor's document: the owner and administrators only (others get 403; the learner's page is `progress`). */
  async editable(pathId: string, viewer: Viewer): Promise<PathDocument> {
    const doc = await this.document(pathId);
    if (!mayEditPath(doc, { userId: viewer.userId, isAdmin: viewer.isAdmin, isAuthor: viewer.isAuthor }))
      throw new ForbiddenError('Only the owner of this path and administrators may edit it.');
    return doc;
  }

  private async context(docs: PathDocument[]) {
    const userIds = new Set(docs.flatMap((d) => [d.ownerId, ...d.userIds]));
    const groupIds = new Set(docs.flatMap((d) => d.groupIds));
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds([...userIds])).map((u) => [u._id, u]));
    const groups = new Map((await this.store.collection<GroupDocument>(GROUPS).findByIds([...groupIds])).map((g) => [g._id, { name: g.name }]));
    return { users, groups };
  }

  private async cardsInOrder(speachIds: string[], viewer: Viewer) {
    const docs = new Map((await this.speaches.speaches.findByIds(speachIds)).map((d) => [d._id, d]));
    return this.speaches.cards(
      speachIds.map((id) => docs.get(id)).filter((d): d is SpeachDocument => !!d),
      viewer,
    );
  }

  /** Spec §3 Path, as every call that changes a path answers it. */
  async view(pathId: string, viewer: Viewer) {
    const doc = await this.editable(pathId, viewer);
    return toPathView(doc, viewer, await this.cardsInOrder(doc.speachIds, viewer), await this.context([doc]));
  }

  async allGroups(pathId?: string) {
    const groups = await this.store.collection<GroupDocument>(GROUPS).find({}, { sort: { order: 1, name: 1 } });
    const doc = pathId ? await this.document(pathId) : null;
    return groups.map((g) => {
      const assignment = doc?.groups.find((a) => a.id === g._id);
      return { id: g._id, name: g.name, system: false, selected: !!assignment, dueDate: assignment?.dueDate ?? null };
    });
  }

  /**
   * `getSpeaches`: the path's speaches in order (`selected=true`), or the ones the editor may add: not in
   * the path, not archived nor templates, and readable by the editor without more (published PUBLIC,
   * SEMI_PRIVE, RESTREINT assigned to them, or any they edit), `PUBLIE` by default (spec §4).
   */
  async speachList(pathId: string, viewer: Viewer, query: SpeachListQuery) {
    const doc = await this.editable(pathId, viewer);
    const name = query.name?.trim() ? normaliseKey(query.name.trim()) : null;
    if (query.selected) {
      const cards = await this.cardsInOrder(doc.speachIds, viewer);
      const result = name ? cards.filter((c) => normaliseKey(c.title).includes(name)) : cards;
      return { result, total: result.length };
    }
    const clauses: Filter[] = [{ archived: false, isTemplate: false, _id: { $nin: doc.speachIds } }];
    if (!viewer.isAdmin) {
      const edits: Filter[] = viewer.isAuthor
        ? [{ authorId: viewer.userId }, { coEditorIds: viewer.userId }, { coEditorGroupIds: { $in: viewer.groupIds } }]
        : [];
      clauses.push({
        $or: [
          ...edits,
          { published: true, liveFrom: { $lte: viewer.now }, visibility: { $in: ['PUBLIC', 'SEMI_PRIVE'] } },
          {
            published: true,
            liveFrom: { $lte: viewer.now },
            visibility: 'RESTREINT',
            $or: [{ affectedUserIds: viewer.userId }, { affectedGroupIds: { $in: viewer.groupIds } }],
          },
        ],
      });
    }
    const state = query.onlyState ?? 'PUBLIE';
    if (state === 'PUBLIE') clauses.push({ published: true, liveFrom: { $lte: viewer.now } });
    if (state === 'NON_PUBLIE') clauses.push({ $or: [{ published: false }, { liveFrom: { $gt: viewer.now } }] });
    if (name) clauses.push({ titleKey: { $regex: escapeRegex(name) } });
    const direction = query.asc ? 1 : -1;
    const sort: Sort =
      query.sort === 'TITLE' ? { titleKey: direction } : query.sort === 'PUBLICATION' ? { firstPublishedAt: direction } : { updatedAt: direction };
    return this.speaches.paged({ $and: clauses }, sort, query.page ?? 0, PATH_PAGE_SIZE, viewer);
  }

  async learner(pathId: string, userId: string): Promise<PathLearnerDocument | null> {
    return this.learners.findById(`${pathId}:${userId}`);
  }

  /**
   * Who may see a path (its learner's page, its forum): editors always; others a published path they
   * are assigned to or enrolled in, or an open one. Anything else is unknown to them (404).
   */
  async visible(
    pathId: string,
    viewer: Viewer,
  ): Promise<{ doc: PathDocument; learner: PathLearnerDocument | null; editor: boolean; assigned: boolean; enrolled: boolean }> {
    const doc = await this.document(pathId);
    const editor = mayEditPath(doc, { userId: viewer.userId, isAdmin: viewer.isAdmin, isAuthor: viewer.isAuthor });
    const learner = await this.learner(pathId, viewer.userId);
    const assigned = isAssignedTo(doc, viewer);
    const enrolled = learner?.enrolled === true;
    const visible = editor || (doc.published && !doc.archived && (assigned || enrolled || doc.openForSelfEnrolment));
    if (!visible) throw new NotFoundError('Unknown learning path');
    return { doc, learner, editor, assigned, enrolled };
  }

  /**
   * The learner's page `/p/{pathId}/{slug}`: editors always; others a published path they are assigned
   * to or enrolled in, or an open one (which they may enrol in). Anything else is unknown to them (404).
   */
  async progress(pathId: string, viewer: Viewer) {
    const { doc, learner, assigned, enrolled } = await this.visible(pathId, viewer);
    const cycle = learner?.reassigned ?? null;
    const progress = await pathProgress(this.store, viewer.userId, doc.speachIds, doc.sequential, viewer.now, cycle?.since ?? null);
    const completion = learner?.completions[learner.completions.length - 1] ?? null;
    // Re-assigned for recertification: due when the completion lapses.
    const dueDate = cycle?.dueDate ?? dueDateFor(doc, viewer);
    const owner = await this.store.collection<UserDocument>(USERS).findById(doc.ownerId);
    return {
      pathId: doc._id,
      title: doc.title,
      description: doc.description,
      image: doc.image,
      slug: slugOf(doc.title),
      user: { userID: doc.ownerId, firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' },
      sequential: doc.sequential,
      published: doc.published,
      assigned,
      enrolled,
      canEnrol: !assigned && !enrolled && doc.published && doc.openForSelfEnrolment,
      dueDate,
      overdue: dueDate !== null && dueDate < viewer.now && !progress.completed,
      recertification: cycle ? { dueDate: cycle.dueDate, since: cycle.since } : null,
      percent: progress.percent,
      completed: progress.completed,
      next: progress.next ? { speachId: progress.next.speachId, title: progress.next.title, lastChapterId: progress.next.lastChapterId } : null,
      items: progress.speaches,
      completion: completion
        ? {
            completedAt: completion.completedAt,
            validUntil: completion.validUntil,
            certificateCode: completion.certificateCode,
            certificateReady: completion.blobId !== null,
          }
        : null,
    };
  }

  /** The account's ASSIGNED tab and the home: published paths assigned to me or that I enrolled in, with my progress. */
  async assigned(viewer: Viewer, page = 0) {
    const enrolled = await this.learners.find({ userId: viewer.userId, enrolled: true }, { projection: { pathId: 1 } });
    const filter: Filter = {
      state: 'PUBLIE',
      $or: [{ userIds: viewer.userId }, { groupIds: { $in: viewer.groupIds } }, { _id: { $in: enrolled.map((e) => e.pathId) } }],
    };
    const { docs, total } = await this.paths.findPage(filter, { sort: { updatedAt: -1, _id: 1 }, skip: page * PATH_PAGE_SIZE, limit: PATH_PAGE_SIZE });
    const cycles = new Map((await this.learners.findByIds(docs.map((d) => `${d._id}:${viewer.userId}`))).map((l) => [l.pathId, l.reassigned ?? null]));
    const result = [];
    for (const doc of docs) {
      const cycle = cycles.get(doc._id) ?? null;
      const progress = await pathProgress(this.store, viewer.userId, doc.speachIds, doc.sequential, viewer.now, cycle?.since ?? null);
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
  async search(viewer: Viewer, term: string, page = 0) {
    const words = searchTokens(term.slice(0, SEARCH_TERM_MAX)).slice(0, SEARCH_WORDS_MAX);
    const clauses: Filter[] = [{ listed: true }, ...words.map((w) => ({ words: { $regex: ` ${escapeRegex(w)}` } }))];
    if (!viewer.isAdmin) {
      const enrolled = await this.learners.find({ userId: viewer.userId, enrolled: true }, { projection: { pathId: 1 } });
      const principals = ['*', `u:${viewer.userId}`, ...viewer.groupIds.map((g) => `g:${g}`)];
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

  /** The learner's own latest certificate (404 before the path is completed or while it is being made). */
  async certificateBlob(pathId: string, viewer: Viewer): Promise<{ blobId: string; title: string }> {
    const doc = await this.document(pathId);
    const learner = await this.learner(doc._id, viewer.userId);
    const completion = [...(learner?.completions ?? [])].reverse().find((c) => c.blobId);
    if (!completion?.blobId) throw new NotFoundError('No certificate: this path is not completed yet');
    return { blobId: completion.blobId, title: completion.title };
  }

  /** Public verification: who, which path, when, and whether it is still valid; nothing more. */
  async verify(code: string, now: string) {
    const [learner] = await this.learners.find({ certificateCodes: code }, { limit: 1 });
    const completion = learner?.completions.find((c) => c.certificateCode === code);
    if (!learner || !completion) throw new NotFoundError('Unknown certificate');
    const user = await this.store.collection<UserDocument>(USERS).findById(learner.userId);
    return {
      code,
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      path: completion.title,
      date: completion.completedAt,
      validUntil: completion.validUntil,
      valid: completion.validUntil === null || completion.validUntil > now,
    };
  }

  /** The author's own paths, not archived, last changed first: where they return to their editors. */
  async edited(viewer: Viewer, page = 0) {
    const { docs, total } = await this.paths.findPage(
      { ownerId: viewer.userId, archived: false },
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
  async admin(query: AdminPathQuery) {
    const clauses: Filter[] = [];
    if (query.state && query.state !== 'NONE') clauses.push({ state: query.state });
    if (query.title?.trim()) clauses.push({ titleKey: { $regex: escapeRegex(pathKey(query.title.trim())) } });
    if (query.owner?.trim()) {
      const pattern = escapeRegex(query.owner.trim());
      const owners = await this.store.collection<UserDocument>(USERS).find(
        {
          $or: [
            { firstName: { $regex: pattern, $options: 'i' } },
            { lastName: { $regex: pattern, $options: 'i' } },
            { email: { $regex: pattern, $options: 'i' } },
          ],
        },
        { projection: { _id: 1 } },
      );
      clauses.push({ ownerId: { $in: owners.map((o) => o._id) } });
    }
    const direction = query.asc ? 1 : -1;
    const sort: Sort = query.sort === 'TITLE' ? { titleKey: direction } : query.sort === 'CREATED' ? { createdAt: direction } : { updatedAt: direction };
    const size = query.size ?? PATH_PAGE_SIZE;
    const filter = clauses.length === 0 ? {} : clauses.length === 1 ? clauses[0] : { $and: clauses };
    const { docs, total } = await this.paths.findPage(filter, { sort: { ...sort, _id: 1 }, skip: (query.page ?? 0) * size, limit: size });
    const { users, groups } = await this.context(docs);
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
