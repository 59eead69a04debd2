import { Inject, Injectable } from '@nestjs/common';
import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { PATH_LEARNERS, PATHS, type PathDocument, type PathLearnerDocument } from '../../projections/paths.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { Actor } from '../infrastructure/http/actor';
import { ForbiddenError, NotFoundError } from '../infrastructure/decider/decider';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { type SpeachDocument, SpeachQueries, type Viewer, normaliseKey } from '../speach';
import { mayEditPath } from './path.decider';
import { pathProgress } from './path-progress';
import { pathPeople } from './path-people';
import { dueDateFor, isAssignedTo, slugOf, toPathView } from './path-views';
import type { PathGroupView, PathProgressView, PathView } from './path.view';

export const PATH_PAGE_SIZE = 20;

export interface SpeachListQuery {
  selected?: boolean;
  page?: number;
  name?: string;
  onlyState?: string;
  sort?: string;
  asc?: boolean;
}

/** Reads of one path: the editor's path and its speach lists, the learner's page, the certificate (the lists: PathLists). */
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

  viewer(user: Actor): Promise<Viewer> {
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
    if (!mayEditPath(doc, viewer)) throw new ForbiddenError('Only the owner of this path and administrators may edit it.');
    return doc;
  }

  private async cardsInOrder(speachIds: string[], viewer: Viewer) {
    const docs = new Map((await this.speaches.speaches.findByIds(speachIds)).map((d) => [d._id, d]));
    return this.speaches.cards(
      speachIds.map((id) => docs.get(id)).filter((d): d is SpeachDocument => !!d),
      viewer,
    );
  }

  /** Spec §3 Path, as every call that changes a path answers it. */
  async view(pathId: string, viewer: Viewer): Promise<PathView> {
    const doc = await this.editable(pathId, viewer);
    return toPathView(doc, viewer, await this.cardsInOrder(doc.speachIds, viewer), await pathPeople(this.store, [doc]));
  }

  async allGroups(pathId?: string): Promise<PathGroupView[]> {
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
      const edits: Filter[] = viewer.isAuthor ? [{ authorId: viewer.id }, { coEditorIds: viewer.id }, { coEditorGroupIds: { $in: viewer.groupIds } }] : [];
      clauses.push({
        $or: [
          ...edits,
          { published: true, liveFrom: { $lte: viewer.now }, visibility: { $in: ['PUBLIC', 'SEMI_PRIVE'] } },
          {
            published: true,
            liveFrom: { $lte: viewer.now },
            visibility: 'RESTREINT',
            $or: [{ affectedUserIds: viewer.id }, { affectedGroupIds: { $in: viewer.groupIds } }],
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
    // An administrator's catalogue of live speaches is the projection's tally less the path's own: no walk of the catalogue to count it.
    const tallied = viewer.isAdmin && state === 'PUBLIE' && !name;
    const count = tallied ? () => this.speaches.liveCatalogueCount(viewer.now, doc.speachIds) : undefined;
    return this.speaches.paged({ $and: clauses }, sort, query.page ?? 0, PATH_PAGE_SIZE, viewer, count);
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
    const editor = mayEditPath(doc, viewer);
    const learner = await this.learner(pathId, viewer.id);
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
  async progress(pathId: string, viewer: Viewer): Promise<PathProgressView> {
    const { doc, learner, assigned, enrolled } = await this.visible(pathId, viewer);
    const cycle = learner?.reassigned ?? null;
    const progress = await pathProgress(this.store, viewer.id, doc.speachIds, doc.sequential, viewer.now, cycle?.since ?? null);
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

  /** The learner's own latest certificate (404 before the path is completed or while it is being made). */
  async certificateBlob(pathId: string, viewer: Viewer): Promise<{ blobId: string; title: string }> {
    const doc = await this.document(pathId);
    const learner = await this.learner(doc._id, viewer.id);
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
}
