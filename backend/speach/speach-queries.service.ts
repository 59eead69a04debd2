import { Inject, Injectable } from '@nestjs/common';
import { SPEACH_RATINGS, type SpeachRatingDocument } from '../../projections/engagement.projection';
import { CATEGORIES, type CategoryDocument, GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import {
  BOOKMARKS,
  type BookmarkDocument,
  LEARNER_PROGRESS,
  type ProgressDocument,
  SPEACHES,
  SPEACH_VERSIONS,
  type SpeachDocument,
  type SpeachVersionDocument,
  type ChapterNode,
  readingOrder,
} from '../../projections/speaches.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../../projections/workflows.projection';
import type { ContentActor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { NotFoundError } from '../infrastructure/decider/decider';
import type { Filter, FindOptions, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { liveCatalogueCount } from './catalogue-count';
import { withChapterMedia } from './chapter-media';
import { FileUrls } from './file-urls';
import type { CardPage, DraftSpeach, LanguageOption, Named, PublishDetails, VersionView } from './speach-card.view';
import { type CardContext, type ChapterView, type SpeachCard, type Viewer, draftTree, isEditor, liveVersion, person, toCard, toTree } from './speach-views';
import { WorkflowCards } from './workflow-cards';

const LANGUAGE_NAMES: Record<string, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'fr-FR': 'Français',
  'es-ES': 'Español',
  'de-DE': 'Deutsch',
  'pt-PT': 'Português',
  'it-IT': 'Italiano',
  'zh-CN': '中文',
};

export function languageOption(id: string): LanguageOption {
  return { id, language: LANGUAGE_NAMES[id] ?? id };
}

/** Reads of the speach read models, always for a viewer (permissions are computed per card). */
@Injectable()
export class SpeachQueries {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly clock: Clock,
    private readonly files: FileUrls,
    private readonly workflowCards: WorkflowCards,
  ) {}

  /** Chapters as the screens show them, their files behind URLs signed for this speach. */
  tree(speachId: string, nodes: ChapterNode[], withAnswers: boolean): ChapterView[] {
    return toTree(nodes, withAnswers, (file) => this.files.url(speachId, file));
  }

  draftTree(doc: SpeachDocument): ChapterView[] {
    return draftTree(doc, (file) => this.files.url(doc._id, file));
  }

  /** The chapters' videos and audio with their web renditions, poster and duration (issue 22), for the players. */
  withMedia(speachId: string, views: ChapterView[]): Promise<ChapterView[]> {
    return withChapterMedia(this.store, views, (file) => this.files.url(speachId, file));
  }

  get speaches() {
    return this.store.collection<SpeachDocument>(SPEACHES);
  }

  /** The request's actor (its groups resolved by the guard) at the clock's time: no read of the store. */
  viewer(actor: ContentActor): Promise<Viewer> {
    const { id, isAdmin, isAuthor, isApprover, groupIds } = actor;
    return Promise.resolve({ id, isAdmin, isAuthor, isApprover, groupIds, now: this.clock.now().toISOString() });
  }

  async document(speachId: string): Promise<SpeachDocument> {
    const doc = typeof speachId === 'string' ? await this.speaches.findById(speachId) : null;
    if (!doc) throw new NotFoundError('Unknown speach');
    return doc;
  }

  /** Cards for documents, with the people, groups, categories and bookmarks they name loaded in one go each. */
  async cards(docs: SpeachDocument[], viewer: Viewer): Promise<SpeachCard[]> {
    if (docs.length === 0) return [];
    const userIds = new Set<string>();
    const groupIds = new Set<string>();
    for (const d of docs) {
      userIds.add(d.authorId);
      for (const id of [...d.coEditorIds, ...d.affectedUserIds, ...d.periodicReviewUserIds]) userIds.add(id);
      for (const id of [...d.coEditorGroupIds, ...d.affectedGroupIds, ...d.periodicReviewGroupIds]) groupIds.add(id);
    }
    const categoryIds = [...new Set(docs.map((d) => d.categoryId).filter((id): id is string => !!id))];
    const [users, groups, categories, bookmarks, ratings, workflows, reviews] = await Promise.all([
      this.store.collection<UserDocument>(USERS).findByIds([...userIds]),
      this.store.collection<GroupDocument>(GROUPS).findByIds([...groupIds]),
      this.store.collection<CategoryDocument>(CATEGORIES).findByIds(categoryIds),
      this.store.collection<BookmarkDocument>(BOOKMARKS).findByIds(docs.map((d) => `${viewer.id}:${d._id}`)),
      this.store.collection<SpeachRatingDocument>(SPEACH_RATINGS).findByIds(docs.map((d) => d._id)),
      this.store.collection<WorkflowDocument>(WORKFLOWS).find({ speachId: { $in: docs.map((d) => d._id) }, latest: true }),
      this.store.collection<PeriodicReviewDocument>(PERIODIC_REVIEWS).findByIds(docs.map((d) => d._id)),
    ]);
    const context: CardContext = {
      users: new Map(users.map((u) => [u._id, u])),
      groups: new Map(groups.map((g) => [g._id, { name: g.name }])),
      categories: new Map(categories.map((c) => [c._id, c])),
      bookmarks: new Set(bookmarks.map((b) => b.speachId)),
      ratings: new Map(ratings.map((r) => [r._id, r.average])),
      workflows: new Map(workflows.map((w) => [w.speachId, w])),
      reviews: new Map(reviews.map((r) => [r._id, r])),
      workflowCard: this.workflowCards.fields,
      coverUrl: (speachId, blobId) => this.files.url(speachId, { blobId, mimeType: 'image/webp' }),
    };
    return docs.map((d) => toCard(d, viewer, context));
  }

  async card(speachId: string, viewer: Viewer): Promise<SpeachCard> {
    const [card] = await this.cards([await this.document(speachId)], viewer);
    return card;
  }

  async draft(speachId: string, viewer: Viewer): Promise<DraftSpeach> {
    const doc = await this.document(speachId);
    if (!isEditor(doc, viewer)) throw new NotFoundError('Unknown speach');
    const [card] = await this.cards([doc], viewer);
    return { ...card, chapters: await this.withMedia(doc._id, this.draftTree(doc)) };
  }

  async versions(speachId: string, viewer: Viewer): Promise<VersionView[]> {
    const doc = await this.document(speachId);
    if (!isEditor(doc, viewer)) throw new NotFoundError('Unknown speach');
    const live = liveVersion(doc, viewer.now);
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds(doc.versions.map((v) => v.publishedBy ?? ''))).map((u) => [u._id, u]));
    return [...doc.versions].reverse().map((v) => ({
      // The id `GET /versioning/logs/{logId}/video` takes.
      logId: `${doc._id}:${v.version}`,
      version: v.version,
      publishedAt: v.publishedAt,
      publishedBy: v.publishedBy ? person(users.get(v.publishedBy), v.publishedBy) : null,
      scheduledFor: v.scheduledFor,
      live: live?.version === v.version,
      withdrawn: v.version <= doc.withdrawnUpTo,
    }));
  }

  async version(speachId: string, version: number): Promise<SpeachVersionDocument | null> {
    return this.store.collection<SpeachVersionDocument>(SPEACH_VERSIONS).findById(`${speachId}:${version}`);
  }

  /** Spec §3 "Publish details" of a speach the viewer may read (SpeachAccess): the live version's chapters (the draft's for an editor when nothing is live). */
  async publishDetails(doc: SpeachDocument, viewer: Viewer): Promise<PublishDetails> {
    const live = liveVersion(doc, viewer.now);
    const nodes = live ? ((await this.version(doc._id, live.version))?.chapters ?? []) : readingOrder(doc.draft);
    return {
      lecons: nodes
        .filter((n) => n.parentId === null)
        .map((top) => {
          // A chapter with sub-chapters is a heading: its sub-chapters are what a reader opens.
          const subs = nodes.filter((n) => n.parentId === top.chapterId);
          return {
            chapitreID: top.chapterId,
            title: top.title,
            chapitres: (subs.length ? subs : [top]).map((n) => ({ chapitreID: n.chapterId, title: n.title })),
          };
        }),
    };
  }

  async progress(userId: string, speachId: string): Promise<ProgressDocument | null> {
    return this.store.collection<ProgressDocument>(LEARNER_PROGRESS).findById(`${userId}:${speachId}`);
  }

  /** Categories as pickers show them, for any signed-in user and the admin list alike. */
  async categories(): Promise<Named[]> {
    const categories = await this.store.collection<CategoryDocument>(CATEGORIES).find({}, { sort: { name: 1 } });
    return categories.map((c) => ({ id: c._id, name: c.name }));
  }

  /** A page of cards and the number of all matches (counted by the store, or by `count` when the caller knows a cheaper way). */
  async paged(filter: Filter, sort: Sort, page: number, size: number, viewer: Viewer, count?: () => Promise<number>): Promise<CardPage> {
    const options: FindOptions = { sort: { ...sort, _id: 1 }, skip: page * size, limit: size };
    const { docs, total } = count ? { docs: await this.speaches.find(filter, options), total: await count() } : await this.speaches.findPage(filter, options);
    return { result: await this.cards(docs, viewer), total };
  }

  /** The catalogue's live speaches less the given ones, from the speaches projection's tally (see liveCatalogueCount). */
  liveCatalogueCount(now: string, excluded: string[]): Promise<number> {
    return liveCatalogueCount(this.store, now, excluded);
  }
}
