import { Inject, Injectable } from '@nestjs/common';
import {
  COMMENTS,
  type CommentDocument,
  FOLLOWS,
  type FollowDocument,
  SPEACH_RATINGS,
  type SpeachRatingDocument,
  USER_RATINGS,
  type UserRatingDocument,
} from '../../projections/engagement.projection';
import {
  BOOKMARKS,
  type BookmarkDocument,
  type SpeachDocument,
  normaliseKey,
  type GridQuery,
  SpeachQueries,
  SpeachAccess,
  GRID_PAGE_SIZE,
  type Viewer,
  liveVersion,
  person,
} from '../speach';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { Clock } from '../infrastructure/clock/clock';
import { NotFoundError } from '../infrastructure/decider/decider';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { SiteSettings } from '../site';
import { roleFlags } from '../infrastructure/http/actor';
import type { CommentPage, CommentView, EngagementView } from './engagement.view';

export const COMMENTS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_MAX = 50;

/** The author or a co-editor (by user or group): they wrote it, so they do not rate it. */
export function ownsSpeach(doc: SpeachDocument, viewer: Viewer): boolean {
  return doc.authorId === viewer.id || doc.coEditorIds.includes(viewer.id) || doc.coEditorGroupIds.some((g) => viewer.groupIds.includes(g));
}

/** Reads of the engagement read models, for a viewer. */
@Injectable()
export class EngagementQueries {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly speaches: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly siteSettings: SiteSettings,
    private readonly clock: Clock,
  ) {}

  /** A viewer from a user id (seeds and services act for users without a request). */
  async viewerOf(userId: string): Promise<Viewer> {
    const user = await this.store.collection<UserDocument>(USERS).findById(userId);
    if (!user || !user.active) throw new NotFoundError('Unknown user');
    return {
      id: userId,
      ...roleFlags(user.roles),
      groupIds: user.groupIds,
      now: this.clock.now().toISOString(),
    };
  }

  /**
   * May the viewer engage with the speach (rate, follow, comment)? It must be live and viewable; a
   * private speach's readers must have opened it with its access code first.
   */
  async engageable(doc: SpeachDocument, viewer: Viewer): Promise<boolean> {
    return liveVersion(doc, viewer.now) !== null && (await this.access.canRead(viewer, doc));
  }

  /** The speach page's engagement bar: rating, follow and bookmark state, comments flag and count. */
  async summary(speachId: string, viewer: Viewer, accessCode?: string): Promise<EngagementView> {
    return this.summaryOf(await this.access.readable(speachId, viewer, accessCode), viewer);
  }

  /** The engagement bar of a speach the viewer was already found to read. */
  async summaryOf(doc: SpeachDocument, viewer: Viewer): Promise<EngagementView> {
    const speachId = doc._id;
    const key = `${viewer.id}:${speachId}`;
    const [rating, mine, follow, bookmark, commentCount, flags, engageable] = await Promise.all([
      this.store.collection<SpeachRatingDocument>(SPEACH_RATINGS).findById(speachId),
      this.store.collection<UserRatingDocument>(USER_RATINGS).findById(key),
      this.store.collection<FollowDocument>(FOLLOWS).findById(key),
      this.store.collection<BookmarkDocument>(BOOKMARKS).findById(key),
      this.store.collection<CommentDocument>(COMMENTS).count({ speachId }),
      this.siteSettings.flags(),
      liveVersion(doc, viewer.now) !== null,
    ]);
    return {
      speachID: speachId,
      rating: { average: rating?.average ?? null, count: rating?.count ?? 0, mine: mine?.rating ?? null, editable: engageable && !ownsSpeach(doc, viewer) },
      isFollowed: follow !== null,
      isFavori: bookmark !== null,
      canFollow: engageable,
      commentsEnabled: flags.commentsEnabled,
      commentCount,
    };
  }

  /** Newest first, with each writer's name and avatar; `canDelete` for the viewer. */
  async comments(speachId: string, viewer: Viewer, page = 0, size = COMMENTS_PAGE_SIZE, accessCode?: string): Promise<CommentPage> {
    const doc = await this.access.readable(speachId, viewer, accessCode);
    const collection = this.store.collection<CommentDocument>(COMMENTS);
    const [docs, total] = await Promise.all([
      collection.find({ speachId }, { sort: { position: -1 }, skip: page * size, limit: size }),
      collection.count({ speachId }),
    ]);
    return { result: await this.commentViews(docs, doc, viewer), total };
  }

  async comment(commentId: string, viewer: Viewer): Promise<CommentView> {
    const comment = await this.store.collection<CommentDocument>(COMMENTS).findById(commentId);
    if (!comment) throw new NotFoundError('Unknown comment');
    const doc = await this.speaches.document(comment.speachId);
    return (await this.commentViews([comment], doc, viewer))[0];
  }

  private async commentViews(comments: CommentDocument[], doc: SpeachDocument, viewer: Viewer): Promise<CommentView[]> {
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds([...new Set(comments.map((c) => c.userId))])).map((u) => [u._id, u]));
    return comments.map((c) => ({
      id: c._id,
      commentId: c._id,
      speachID: c.speachId,
      text: c.text,
      date: c.date,
      timestamp: Date.parse(c.date),
      author: person(users.get(c.userId), c.userId),
      canDelete: c.userId === viewer.id || doc.authorId === viewer.id || viewer.isAdmin,
    }));
  }

  /** Spec §7 `/api/v2/my/speachFollowed`: the same `{result,total}` grid as the other account tabs. */
  async followed(viewer: Viewer, query: GridQuery) {
    const follows = await this.store.collection<FollowDocument>(FOLLOWS).find({ userId: viewer.id });
    const clauses: Filter[] = [{ _id: { $in: follows.map((f) => f.speachId) }, archived: false }];
    if (query.name?.trim()) clauses.push({ titleKey: { $regex: escapeRegex(normaliseKey(query.name.trim())) } });
    if (query.onlyState === 'PUBLIE') clauses.push({ published: true, liveFrom: { $lte: viewer.now } });
    if (query.onlyState === 'NON_PUBLIE') clauses.push({ $or: [{ published: false }, { liveFrom: { $gt: viewer.now } }] });
    const direction = query.asc ? 1 : -1;
    const sort: Sort =
      query.sort === 'TITLE' ? { titleKey: direction } : query.sort === 'PUBLICATION' ? { firstPublishedAt: direction } : { updatedAt: direction };
    const result = await this.speaches.paged({ $and: clauses }, sort, query.page ?? 0, GRID_PAGE_SIZE, viewer);
    // Like bookmarks: a followed speach the viewer can no longer open is not shown.
    result.result = result.result.filter((c) => c.canView);
    return result;
  }
}
