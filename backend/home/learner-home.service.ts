import { Inject, Injectable } from '@nestjs/common';
import { ANALYTICS_SPEACH_TALLIES } from '../../projections/analytics.projection';
import { FOLLOWS, type FollowDocument } from '../../projections/engagement.projection';
import { GXP_TRAINING, type GxpTrainingDocument } from '../../projections/qualification.projection';
import { DashboardRankings } from '../analytics';
import type { Filter, ReadStore, Sort } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import {
  LEARNER_PROGRESS,
  type ProgressDocument,
  SPEACH_VERSIONS,
  type SpeachDocument,
  type SpeachVersionDocument,
} from '../../projections/speaches.projection';
import { SpeachAccess, SpeachQueries, type Viewer, liveVersion, chapterFacts, progressOf } from '../speach';
import type { CatalogueQuery, SliderQuery } from './learner-home.dto';
import type { HomeCard, HomeCardPage, HomeOverview, HomeSlider } from './home.view';

/** Spec §7 grids answer 20 cards a page; a slider's first page fills its 4 places and the next views. */
export const HOME_PAGE_SIZE = 20;
/** At most this many category sliders on the home, the categories with the most to read first. */
export const HOME_CATEGORY_SLIDERS = 6;
/** The most recent reads looked at for "continue where you left off". */
const CONTINUE_SCAN = 100;

/** The speach languages a UI language reads (spec §9: en-US and en-GB are both English). */
export function speachLanguages(language: string | undefined): string[] | null {
  if (!language) return null;
  if (language.includes('-')) return [language];
  return { en: ['en-US', 'en-GB'], fr: ['fr-FR'], es: ['es-ES'], de: ['de-DE'], pt: ['pt-PT'], it: ['it-IT'], zh: ['zh-CN'] }[language] ?? [];
}

/**
 * The learner's home sliders (spec §2) and the catalogue, read from the read models: every list is the
 * speaches the viewer may read (SpeachAccess), narrowed and ordered per slider.
 */
@Injectable()
export class LearnerHome {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly rankings: DashboardRankings,
  ) {}

  private async started(viewer: Viewer): Promise<ProgressDocument[]> {
    return this.store.collection<ProgressDocument>(LEARNER_PROGRESS).find({ userId: viewer.id }, { sort: { lastReadAt: -1 } });
  }

  /**
   * What the viewer may read, as a filter: live, not a template, public or semi-private, restricted to them,
   * theirs, or private with no code or one they already gave (they started it). SpeachAccess checks each card too.
   */
  readableFilter(viewer: Viewer, startedIds: string[]): Filter {
    return {
      archived: false,
      isTemplate: false,
      published: true,
      liveFrom: { $lte: viewer.now },
      $or: [
        { visibility: { $in: ['PUBLIC', 'SEMI_PRIVE'] } },
        { affectedUserIds: viewer.id },
        { affectedGroupIds: { $in: viewer.groupIds } },
        { authorId: viewer.id },
        { coEditorIds: viewer.id },
        { visibility: 'PRIVE', accessCodeHash: null },
        { visibility: 'PRIVE', _id: { $in: startedIds } },
      ],
    };
  }

  /** Cards with the chapter count, duration and the viewer's progress, for the documents SpeachAccess lets them read. */
  async cards(docs: SpeachDocument[], viewer: Viewer, progress: Map<string, ProgressDocument>): Promise<HomeCard[]> {
    const readable: SpeachDocument[] = [];
    for (const doc of docs) if (await this.access.canRead(viewer, doc)) readable.push(doc);
    const versionIds = readable.map((d) => `${d._id}:${liveVersion(d, viewer.now)?.version ?? 0}`);
    const versions = new Map((await this.store.collection<SpeachVersionDocument>(SPEACH_VERSIONS).findByIds(versionIds)).map((v) => [v.speachId, v]));
    const cards = await this.queries.cards(readable, viewer);
    return cards.map((card) => {
      const nodes = versions.get(card.id)?.chapters ?? [];
      return { ...card, ...chapterFacts(nodes), progress: progressOf(nodes, progress.get(card.id)?.readChapterIds) };
    });
  }

  private async page(viewer: Viewer, filter: Filter, sort: Sort, page: number, progress: Map<string, ProgressDocument> | null) {
    // The home's overview asks only how many (no progress map): a count, no cards built.
    if (!progress) return { result: [], total: await this.queries.speaches.count(filter) };
    const { docs, total } = await this.queries.speaches.findPage(filter, { sort: { ...sort, _id: 1 }, skip: page * HOME_PAGE_SIZE, limit: HOME_PAGE_SIZE });
    return { result: await this.cards(docs, viewer, progress), total };
  }

  /** A list of ids already ordered (continue, most read): the page's documents in that order. */
  private async ordered(viewer: Viewer, ids: string[], page: number, progress: Map<string, ProgressDocument> | null) {
    if (!progress) return { result: [], total: ids.length };
    const slice = ids.slice(page * HOME_PAGE_SIZE, (page + 1) * HOME_PAGE_SIZE);
    const docs = new Map((await this.queries.speaches.findByIds(slice)).map((d) => [d._id, d]));
    return {
      result: await this.cards(
        slice.map((id) => docs.get(id)).filter((d): d is SpeachDocument => !!d),
        viewer,
        progress,
      ),
      total: ids.length,
    };
  }

  /** The ids of a filter, in a sort, that the viewer may read: for the lists ordered outside the store. */
  private async readableIds(viewer: Viewer, started: ProgressDocument[], ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const docs = await this.queries.speaches.find(
      {
        $and: [
          { _id: { $in: ids } },
          this.readableFilter(
            viewer,
            started.map((p) => p.speachId),
          ),
        ],
      },
      { projection: { _id: 1 } },
    );
    return new Set(docs.map((d) => d._id));
  }

  async slider(viewer: Viewer, slider: HomeSlider, query: SliderQuery): Promise<HomeCardPage> {
    return this.list(viewer, slider, query, false);
  }

  private async list(viewer: Viewer, slider: HomeSlider, query: SliderQuery, countOnly: boolean): Promise<HomeCardPage> {
    const started = await this.started(viewer);
    const progress = countOnly ? null : new Map(started.map((p) => [p.speachId, p]));
    const readable = this.readableFilter(
      viewer,
      started.map((p) => p.speachId),
    );
    const page = query.page ?? 0;
    switch (slider) {
      case 'continue': {
        // Started, not finished, most recently read first.
        const recent = started.slice(0, CONTINUE_SCAN);
        const ok = await this.readableIds(
          viewer,
          started,
          recent.map((p) => p.speachId),
        );
        const docs = new Map((await this.queries.speaches.findByIds([...ok])).map((d) => [d._id, d]));
        const versions = new Map(
          (
            await this.store
              .collection<SpeachVersionDocument>(SPEACH_VERSIONS)
              .findByIds([...docs.values()].map((d) => `${d._id}:${liveVersion(d, viewer.now)?.version ?? 0}`))
          ).map((v) => [v.speachId, v]),
        );
        const unfinished = recent.filter((p) => {
          const nodes = versions.get(p.speachId)?.chapters;
          const done = nodes ? progressOf(nodes, p.readChapterIds) : null;
          return ok.has(p.speachId) && done !== null && done.read < done.total;
        });
        return this.ordered(
          viewer,
          unfinished.map((p) => p.speachId),
          page,
          progress,
        );
      }
      case 'assigned': {
        // Assigned to me (by the speach, or sent back to a new version by a confirmed impact assessment, issue 23),
        // the nearest due date first, then the ones without a due date by last update.
        const owed = await this.store
          .collection<GxpTrainingDocument>(GXP_TRAINING)
          .find({ userId: viewer.id, retrainingDue: { $ne: null } }, { projection: { speachId: 1, retrainingDue: 1 } });
        const retrainingDue = new Map(owed.map((t) => [t.speachId, t.retrainingDue as string]));
        const assigned = await this.queries.speaches.find(
          {
            $and: [
              readable,
              { $or: [{ affectedUserIds: viewer.id }, { affectedGroupIds: { $in: viewer.groupIds } }, { _id: { $in: [...retrainingDue.keys()] } }] },
            ],
          },
          { projection: { _id: 1, dueDate: 1, updatedAt: 1 } },
        );
        const due = (d: { _id: string; dueDate: string | null }) => [d.dueDate, retrainingDue.get(d._id)].filter((x): x is string => !!x).sort()[0] ?? null;
        const ids = assigned
          .map((d) => ({ ...d, due: due(d) }))
          .sort((a, b) => (a.due && b.due ? a.due.localeCompare(b.due) : a.due ? -1 : b.due ? 1 : b.updatedAt.localeCompare(a.updatedAt)))
          .map((d) => d._id);
        return this.ordered(viewer, ids, page, progress);
      }
      case 'new': {
        const languages = speachLanguages(query.language);
        const filter = languages ? { $and: [readable, { language: { $in: languages } }] } : readable;
        return this.page(viewer, filter, { liveFrom: -1 }, page, progress);
      }
      case 'mostRead': {
        // The reads of the last month, from the dashboard's rankings (an indexed range, not a scan of the buckets).
        const leaders = await this.rankings.leaders(ANALYTICS_SPEACH_TALLIES, 'ONE_MONTH', 'byWatch', 200);
        const ids = leaders.filter((l) => l.reads > 0).map((l) => l.ownerId);
        const ok = await this.readableIds(viewer, started, ids);
        return this.ordered(
          viewer,
          ids.filter((id) => ok.has(id)),
          page,
          progress,
        );
      }
      case 'followedAuthors': {
        // Authors of the speaches I follow or started: their latest speaches I have not opened yet.
        const follows = await this.store.collection<FollowDocument>(FOLLOWS).find({ userId: viewer.id });
        const known = [...new Set([...follows.map((f) => f.speachId), ...started.map((p) => p.speachId)])];
        const authors = [...new Set((await this.queries.speaches.findByIds(known)).map((d) => d.authorId).filter((id) => id !== viewer.id))];
        if (!authors.length) return { result: [], total: 0 };
        const filter = { $and: [readable, { authorId: { $in: authors } }, { _id: { $nin: started.map((p) => p.speachId) } }] };
        return this.page(viewer, filter, { liveFrom: -1 }, page, progress);
      }
      case 'category': {
        if (!query.categoryId) return { result: [], total: 0 };
        return this.page(viewer, { $and: [readable, { categoryId: query.categoryId }] }, { updatedAt: -1 }, page, progress);
      }
    }
  }

  /** The home's sliders that have something, in the order of spec §2's list; categories by how much they hold. */
  async overview(viewer: Viewer, language: string | undefined): Promise<HomeOverview> {
    const fixed: HomeSlider[] = ['continue', 'assigned', 'new', 'mostRead', 'followedAuthors'];
    const sliders: HomeOverview['sliders'] = [];
    for (const slider of fixed) {
      const { total } = await this.list(viewer, slider, { language, page: 0 }, true);
      if (total > 0) sliders.push({ slider, categoryId: null, name: null, total });
    }
    const started = await this.started(viewer);
    const readable = this.readableFilter(
      viewer,
      started.map((p) => p.speachId),
    );
    const categories = await this.queries.categories();
    const counted = await Promise.all(
      categories.map(async (c) => ({ ...c, total: await this.queries.speaches.count({ $and: [readable, { categoryId: c.id }] }) })),
    );
    for (const c of counted
      .filter((c) => c.total > 0)
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
      .slice(0, HOME_CATEGORY_SLIDERS)) {
      sliders.push({ slider: 'category', categoryId: c.id, name: c.name, total: c.total });
    }
    return { sliders, catalogueTotal: await this.queries.speaches.count(readable) };
  }

  /** Spec §2 grid over everything the viewer may read: name, category and language filters, the grid's sorts. */
  async catalogue(viewer: Viewer, query: CatalogueQuery): Promise<HomeCardPage> {
    const started = await this.started(viewer);
    const progress = new Map(started.map((p) => [p.speachId, p]));
    const clauses: Filter[] = [
      this.readableFilter(
        viewer,
        started.map((p) => p.speachId),
      ),
    ];
    if (query.name?.trim()) clauses.push({ titleKey: { $regex: escape(normalise(query.name.trim())) } });
    if (query.categoryId) clauses.push({ categoryId: query.categoryId });
    const languages = speachLanguages(query.language);
    if (languages) clauses.push({ language: { $in: languages } });
    const direction = query.asc ? 1 : -1;
    const sort: Sort =
      query.sort === 'TITLE' ? { titleKey: direction } : query.sort === 'PUBLICATION' ? { firstPublishedAt: direction } : { updatedAt: direction };
    return this.page(viewer, { $and: clauses }, sort, query.page ?? 0, progress);
  }
}

const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
