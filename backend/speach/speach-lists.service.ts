import { userTextFilter } from '../identity';
import { Inject, Injectable } from '@nestjs/common';
import { BOOKMARKS, type BookmarkDocument, type SpeachDocument, normaliseKey } from '../../projections/speaches.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import { ValidationError } from '../infrastructure/decider/decider';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import type { SearchIndex } from '../infrastructure/search/search-index.port';
import { READ_STORE, SEARCH_INDEX } from '../infrastructure/tokens';
import type { AdminSpeachQuery, GridQuery, SearchQuery } from './speach.dto';
import { SpeachQueries, languageOption } from './speach-queries.service';
import type { Viewer } from './speach-views';
import type { SearchPage } from './speach-card.view';

export const SEARCH_PAGE_SIZE = 10;
export const GRID_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE = 20;

export const GRIDS = [
  'speachEdited',
  'speachCoEdited',
  'templateEdited',
  'templateCoEdited',
  'speachDelay',
  'speachBookmarked',
  'speachAssigned',
  'speachWithDueDate',
] as const;
export type Grid = (typeof GRIDS)[number];

function day(value: string | undefined, field: string, endOfDay = false): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new ValidationError(field, `${field} must be a date (YYYY-MM-DD)`);
  return endOfDay ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
}

/** Search, the account grids and the admin list: filters become read-store queries, permissions per card. */
@Injectable()
export class SpeachLists {
  constructor(
    private readonly queries: SpeachQueries,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** Spec §7 `/api/v2/speach/search`: RELEVANT by score, RECENT by last update, TITRE alphabetical; 10 per page. */
  async search(viewer: Viewer, query: SearchQuery): Promise<SearchPage> {
    // The index filters, sorts and counts; only the page's speaches are loaded.
    const found = await this.index.search({
      term: query.term ?? '',
      viewer: { userId: viewer.id, groupIds: viewer.groupIds, now: viewer.now },
      languageId: query.languageId,
      sort: query.tri,
      page: query.page ?? 0,
      pageSize: SEARCH_PAGE_SIZE,
    });
    const docs = new Map((await this.queries.speaches.findByIds(found.ids)).map((d) => [d._id, d]));
    const pageDocs = found.ids.map((id) => docs.get(id)).filter((d): d is SpeachDocument => !!d);
    return {
      results: await this.queries.cards(pageDocs, viewer),
      totalNumberOfSpeachesFound: found.total,
      availableLanguages: found.availableLanguages.map(languageOption),
    };
  }

  /** Spec §7 configurable grid url: `{result, total}` of the account tabs. */
  async grid(viewer: Viewer, grid: Grid, query: GridQuery) {
    const clauses: Filter[] = [];
    const coEdited: Filter = { authorId: { $ne: viewer.id }, $or: [{ coEditorIds: viewer.id }, { coEditorGroupIds: { $in: viewer.groupIds } }] };
    // Assigned to the viewer (by user or group) and live now: what a learner is asked to follow.
    const assignedLive: Filter = {
      $or: [{ affectedUserIds: viewer.id }, { affectedGroupIds: { $in: viewer.groupIds } }],
      published: true,
      liveFrom: { $lte: viewer.now },
    };
    switch (grid) {
      case 'speachEdited':
        clauses.push({ authorId: viewer.id, isTemplate: false, archived: false });
        break;
      case 'speachCoEdited':
        clauses.push(coEdited, { isTemplate: false, archived: false });
        break;
      case 'templateEdited':
        clauses.push({ authorId: viewer.id, isTemplate: true, archived: false });
        break;
      case 'templateCoEdited':
        clauses.push(coEdited, { isTemplate: true, archived: false });
        break;
      case 'speachDelay':
        clauses.push({
          $or: [{ authorId: viewer.id }, { coEditorIds: viewer.id }],
          archived: false,
          published: true,
          'versions.scheduledFor': { $gt: viewer.now },
        });
        break;
      case 'speachBookmarked': {
        const bookmarks = await this.store.collection<BookmarkDocument>(BOOKMARKS).find({ userId: viewer.id });
        clauses.push({ _id: { $in: bookmarks.map((b) => b.speachId) }, archived: false });
        break;
      }
      case 'speachAssigned':
        clauses.push(assignedLive, { isTemplate: false, archived: false });
        break;
      case 'speachWithDueDate': {
        // A learner's assigned speaches with a due date; an author also sees the ones they edit (drafts included).
        const mine: Filter[] = [assignedLive];
        if (viewer.isAuthor) mine.push({ authorId: viewer.id }, { coEditorIds: viewer.id }, { coEditorGroupIds: { $in: viewer.groupIds } });
        clauses.push({ $or: mine }, { dueDate: { $ne: null }, isTemplate: false, archived: false });
        break;
      }
    }
    if (query.name?.trim()) clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.name.trim())) } });
    if (query.onlyState === 'PUBLIE') clauses.push({ published: true, liveFrom: { $lte: viewer.now } });
    if (query.onlyState === 'NON_PUBLIE') clauses.push({ $or: [{ published: false }, { liveFrom: { $gt: viewer.now } }] });
    const direction = query.asc ? 1 : -1;
    const sort: Sort =
      query.sort === 'TITLE' ? { titleKey: direction } : query.sort === 'PUBLICATION' ? { firstPublishedAt: direction } : { updatedAt: direction };
    const result = await this.queries.paged({ $and: clauses }, sort, query.page ?? 0, GRID_PAGE_SIZE, viewer);
    // A bookmark on a speach the viewer can no longer open is not shown.
    if (grid === 'speachBookmarked') result.result = result.result.filter((c) => c.canView);
    return result;
  }

  /** The admin list's filters (spec §7 "Admin speaches") as one read-store filter. */
  async adminFilter(query: Partial<AdminSpeachQuery>, viewer: Viewer): Promise<Filter> {
    const clauses: Filter[] = [];
    const state = query.state ?? 'NONE';
    if (state === 'ARCHIVE') clauses.push({ archived: true });
    else {
      clauses.push({ archived: false });
      if (state === 'PUBLIE') clauses.push({ published: true, liveFrom: { $lte: viewer.now } });
      if (state === 'NON_PUBLIE') clauses.push({ $or: [{ published: false }, { liveFrom: { $gt: viewer.now } }] });
    }
    if (query.searchTitle?.trim()) clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.searchTitle.trim())) } });
    if (query.searchAuthor?.trim()) {
      const authors = await this.store.collection<UserDocument>(USERS).find(
        // The users' one search field (identity's rule), not three regexes over every user.
        userTextFilter(query.searchAuthor.trim()),
        { projection: { _id: 1 } },
      );
      clauses.push({ authorId: { $in: authors.map((a) => a._id) } });
    }
    if (query.visibilities?.length) clauses.push({ visibility: { $in: query.visibilities } });
    if (query.categories?.length) clauses.push({ categoryId: { $in: query.categories } });
    if (query.inWorkflow !== undefined) {
      const open = await this.store
        .collection<WorkflowDocument>(WORKFLOWS)
        .find({ latest: true, state: { $in: ['AWAITING_VALIDATION', 'REJECTED'] } }, { projection: { speachId: 1 } });
      const ids = open.map((w) => w.speachId);
      clauses.push(query.inWorkflow ? { _id: { $in: ids } } : { _id: { $nin: ids } });
    }
    if (query.pinnedOnHome !== undefined) clauses.push({ pinned: query.pinnedOnHome });
    if (query.periodicReview !== undefined) {
      clauses.push(
        query.periodicReview
          ? { $or: [{ 'periodicReviewUserIds.0': { $exists: true } }, { 'periodicReviewGroupIds.0': { $exists: true } }] }
          : { periodicReviewUserIds: { $size: 0 }, periodicReviewGroupIds: { $size: 0 } },
      );
    }
    const start = day(query.startDate, 'startDate');
    const end = day(query.endDate, 'endDate', true);
    if (start) clauses.push({ updatedAt: { $gte: start } });
    if (end) clauses.push({ updatedAt: { $lte: end } });
    const startReview = day(query.startDateReview, 'startDateReview');
    const endReview = day(query.endDateReview, 'endDateReview', true);
    if (query.periodicReviewAction || startReview || endReview) {
      // The periodic-review read model: next review date and the action it waits for.
      const reviewFilter: Filter[] = [{ status: { $in: ['SCHEDULED', 'REVISION_NEEDED', 'ARCHIVE'] } }];
      if (query.periodicReviewAction) reviewFilter.push({ status: query.periodicReviewAction === 'NO_REVISION' ? 'SCHEDULED' : query.periodicReviewAction });
      if (startReview) reviewFilter.push({ nextReviewAt: { $gte: startReview } });
      if (endReview) reviewFilter.push({ nextReviewAt: { $lte: endReview } });
      const reviews = await this.store.collection<PeriodicReviewDocument>(PERIODIC_REVIEWS).find({ $and: reviewFilter }, { projection: { _id: 1 } });
      clauses.push({ _id: { $in: reviews.map((r) => r._id) } });
    }
    return clauses.length === 1 ? clauses[0] : { $and: clauses };
  }

  adminSort(sort: string | undefined, asc: boolean | undefined): Sort {
    const direction = asc ? 1 : -1;
    switch (sort) {
      case 'TITLE':
        return { titleKey: direction };
      case 'CREATED':
        return { createdAt: direction };
      case 'PUBLICATION':
        return { firstPublishedAt: direction };
      default:
        return { updatedAt: direction };
    }
  }

  async admin(viewer: Viewer, query: AdminSpeachQuery) {
    const filter = await this.adminFilter(query, viewer);
    return this.queries.paged(filter, this.adminSort(query.sort, query.asc), query.page ?? 0, query.size ?? ADMIN_PAGE_SIZE, viewer);
  }
}
