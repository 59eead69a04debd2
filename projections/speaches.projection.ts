import {
  type Badge,
  type ChapterContent,
  type ExistingSpeach,
  type RecordedEvent,
  type SpeachEvent,
  type SpeachCover,
  type SpeachLanguage,
  type Visibility,
  evolveSpeach,
  initialSpeachState,
} from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';
import { CATALOGUE_TALLY_COLLECTIONS, withCatalogueTally } from './speach-catalogue-tally';

export const SPEACHES = 'speaches';
export const SPEACH_VERSIONS = 'speach_versions';
export const BOOKMARKS = 'bookmarks';
export const LEARNER_PROGRESS = 'learner_progress';

export interface ChapterNode {
  chapterId: string;
  parentId: string | null;
  title: string;
  content: ChapterContent;
}

export interface VersionSummary {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  scheduledFor: string | null;
}

/** One speach: its draft, its publication history and everything the cards and lists filter on. */
export interface SpeachDocument extends ProjectedDocument {
  title: string;
  /** Lower-cased, accent-free title: the TITLE sort and the title filter. */
  titleKey: string;
  description: string;
  img: string | null;
  tags: string;
  language: SpeachLanguage;
  categoryId: string | null;
  authorId: string;
  coEditorIds: string[];
  coEditorGroupIds: string[];
  affectedUserIds: string[];
  affectedGroupIds: string[];
  periodicReviewUserIds: string[];
  periodicReviewGroupIds: string[];
  isTemplate: boolean;
  templateId: string | null;
  duplicatedFrom: string | null;
  visibility: Visibility;
  accessCodeHash: string | null;
  archived: boolean;
  archivedAt: string | null;
  published: boolean;
  publishedVersion: number;
  /** Versions at or below this one were withdrawn by an unpublication. */
  withdrawnUpTo: number;
  versions: VersionSummary[];
  firstPublishedAt: string | null;
  /** When the current publication run went (or goes) live; null when not published. */
  liveFrom: string | null;
  pendingUpdates: boolean;
  pinned: boolean;
  badge: Badge;
  dueDate: string | null;
  unpublishAfterDueDate: boolean;
  lockedSubchapters: boolean;
  /** The uploaded cover's blobs (absent on documents projected before covers existed: read as none). */
  cover?: SpeachCover | null;
  createdAt: string;
  updatedAt: string;
  /** Stream revision: the `version` an edit sends back. */
  revision: number;
  /** The draft structure, folded by the speach's own `evolve` (the one its decider uses). */
  draft: Pick<ExistingSpeach, 'order' | 'children' | 'chapters'>;
}

export interface SpeachVersionDocument extends ProjectedDocument {
  speachId: string;
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  scheduledFor: string | null;
  title: string;
  chapters: ChapterNode[];
}

export interface BookmarkDocument extends ProjectedDocument {
  userId: string;
  speachId: string;
  at: string;
}

export interface ProgressDocument extends ProjectedDocument {
  userId: string;
  speachId: string;
  readChapterIds: string[];
  lastChapterId: string | null;
  lastReadAt: string;
  /** chapterId → when the learner last read it: a recertification cycle counts only reads from its start. */
  readAt?: Record<string, string>;
  quizResults: Record<string, { score: number; max: number; percent: number; passed: boolean }>;
}

export function normaliseKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Chapters of a draft structure in reading order (chapter, then its sub-chapters). */
export function readingOrder(draft: SpeachDocument['draft']): ChapterNode[] {
  const out: ChapterNode[] = [];
  for (const id of draft.order) {
    out.push({ chapterId: id, ...draft.chapters[id] });
    for (const sub of draft.children[id] ?? []) out.push({ chapterId: sub, ...draft.chapters[sub] });
  }
  return out;
}

export type DraftStructure = SpeachDocument['draft'];

/** The draft structure a speach starts with (chapters copied from a template or a duplicate). */
export function initialDraft(created: RecordedEvent): DraftStructure {
  const state = evolveSpeach(initialSpeachState(), created as unknown as SpeachEvent) as ExistingSpeach;
  return { order: state.order, children: state.children, chapters: state.chapters };
}

/** A structure event applied by the speach's own `evolve` (the decider's), so a read model can never disagree with the rules. */
export function evolveDraft(draft: DraftStructure, event: RecordedEvent): DraftStructure {
  const next = evolveSpeach({ ...(draft as ExistingSpeach), status: 'active' } as ExistingSpeach, event as unknown as SpeachEvent) as ExistingSpeach;
  return { order: next.order, children: next.children, chapters: next.chapters };
}

/** A run already live stays live from its start; otherwise the published version starts the run. */
export function liveFromOnPublish(current: { published: boolean; liveFrom: string | null }, scheduledFor: string | null, time: string): string {
  return current.published && current.liveFrom && current.liveFrom <= time ? current.liveFrom : (scheduledFor ?? time);
}

async function patch(
  writer: ProjectionWriter,
  event: RecordedEvent,
  change: (doc: SpeachDocument, data: Record<string, unknown>) => Partial<SpeachDocument>,
  touches = true,
) {
  const data = event.data as Record<string, unknown> & { speachId: string };
  await writer.upsert<SpeachDocument>(SPEACHES, data.speachId, (doc) =>
    doc ? { ...doc, ...change(doc, data), revision: event.revision, ...(touches ? { updatedAt: event.time } : {}) } : null,
  );
}

/** Structure events go through the decider's `evolve`, so the read model can never disagree with the rules. */
async function structure(event: RecordedEvent, writer: ProjectionWriter) {
  await patch(writer, event, (doc) => ({ draft: evolveDraft(doc.draft, event), pendingUpdates: true }));
}

async function progress(writer: ProjectionWriter, event: RecordedEvent, change: (doc: ProgressDocument) => Partial<ProgressDocument>) {
  const { userId, speachId } = event.data as { userId: string; speachId: string };
  await writer.upsert<ProgressDocument>(LEARNER_PROGRESS, `${userId}:${speachId}`, (doc) => {
    const base: ProgressDocument = doc ?? {
      _id: `${userId}:${speachId}`,
      userId,
      speachId,
      readChapterIds: [],
      lastChapterId: null,
      lastReadAt: event.time,
      quizResults: {},
    };
    const { chapterId } = event.data as { chapterId?: string };
    const readAt = chapterId ? { ...base.readAt, [chapterId]: event.time } : base.readAt;
    return { ...base, ...change(base), lastReadAt: event.time, ...(readAt ? { readAt } : {}) };
  });
}

export const speachesProjection: ProjectionDefinition = {
  name: 'speaches',
  version: 5, // 2: the learner home's indexes (issue 17); 3: `isTemplate` in the admin-list composites; 4: each chapter's last read time (path recertification); 5: the catalogue tally
  collections: [
    {
      name: SPEACHES,
      // The admin list and the grids filter on `archived` (and the grids on `isTemplate`) and sort on one of these dates or the title key.
      indexes: [
        { field: 'authorId' },
        { field: 'archived' },
        { field: 'published' },
        { field: 'isTemplate' },
        { field: 'pinned' },
        { field: 'coEditorIds' },
        { field: 'categoryId' },
        { fields: [{ field: 'archived' }, { field: 'updatedAt', direction: -1 }] },
        { fields: [{ field: 'archived' }, { field: 'titleKey' }] },
        { fields: [{ field: 'archived' }, { field: 'createdAt', direction: -1 }] },
        { fields: [{ field: 'archived' }, { field: 'firstPublishedAt', direction: -1 }] },
        { fields: [{ field: 'updatedAt', direction: -1 }] },
        // The admin list's "published" state (published and live) with its visibility and title filters, read from
        // the index alone (no JSON of the big speach document per candidate), in title or update order. No index of
        // `visibility` alone: without statistics the planner would take it (three values) over these. `isTemplate`
        // last: the path editor's catalogue and the grids leave templates out, also from the index alone.
        {
          fields: [
            { field: 'archived' },
            { field: 'published' },
            { field: 'titleKey' },
            { field: 'liveFrom' },
            { field: 'visibility' },
            { field: 'isTemplate' },
          ],
        },
        {
          fields: [
            { field: 'archived' },
            { field: 'published' },
            { field: 'updatedAt', direction: -1 },
            { field: 'liveFrom' },
            { field: 'visibility' },
            { field: 'titleKey' },
            { field: 'isTemplate' },
          ],
        },
        // The path editor's catalogue and the admin list in publication order (issue 15: without it the planner read
        // every published speach and sorted them by their JSON date). Added to a built table in place, no rebuild.
        {
          fields: [
            { field: 'archived' },
            { field: 'published' },
            { field: 'firstPublishedAt', direction: -1 },
            { field: 'liveFrom' },
            { field: 'visibility' },
            { field: 'titleKey' },
            { field: 'isTemplate' },
          ],
        },
        // Title searches (a word of the title anywhere in it) as a trigram lookup: a page's total counts the matches
        // instead of walking every published speach. Built in place, no rebuild.
        { field: 'titleKey', substring: true },
        // The learner home (issue 17): a category's slider in update order, "new in my language" in publication order.
        { fields: [{ field: 'archived' }, { field: 'published' }, { field: 'categoryId' }, { field: 'updatedAt', direction: -1 }] },
        { fields: [{ field: 'archived' }, { field: 'published' }, { field: 'language' }, { field: 'liveFrom', direction: -1 }] },
        // The due-date watcher's query every minute: without it, it read every published speach's JSON (a stall of
        // the thread each minute on a large catalogue). Added to a built table in place, no rebuild.
        { fields: [{ field: 'unpublishAfterDueDate' }, { field: 'dueDate' }] },
      ],
    },
    { name: SPEACH_VERSIONS, indexes: [{ field: 'speachId' }] },
    ...CATALOGUE_TALLY_COLLECTIONS,
    { name: BOOKMARKS, indexes: [{ field: 'userId' }, { field: 'speachId' }] },
    {
      name: LEARNER_PROGRESS,
      indexes: [{ field: 'userId' }, { field: 'speachId' }, { fields: [{ field: 'userId' }, { field: 'lastReadAt', direction: -1 }] }],
    },
  ],
  handlers: withCatalogueTally(SPEACHES, {
    SpeachCreated: async (event, writer) => {
      const d = (event as unknown as Extract<SpeachEvent, { type: 'SpeachCreated' }>).data;
      await writer.upsert<SpeachDocument>(SPEACHES, d.speachId, () => ({
        _id: d.speachId,
        title: d.title,
        titleKey: normaliseKey(d.title),
        description: d.description,
        img: null,
        tags: '',
        language: d.language,
        categoryId: d.categoryId,
        authorId: d.authorId,
        coEditorIds: [],
        coEditorGroupIds: [],
        affectedUserIds: [],
        affectedGroupIds: [],
        periodicReviewUserIds: [],
        periodicReviewGroupIds: [],
        isTemplate: d.isTemplate,
        templateId: d.templateId,
        duplicatedFrom: d.duplicatedFrom,
        visibility: 'PUBLIC',
        accessCodeHash: null,
        archived: false,
        archivedAt: null,
        published: false,
        publishedVersion: 0,
        withdrawnUpTo: 0,
        versions: [],
        firstPublishedAt: null,
        liveFrom: null,
        pendingUpdates: true,
        pinned: false,
        badge: 'NONE',
        dueDate: null,
        unpublishAfterDueDate: false,
        lockedSubchapters: false,
        createdAt: event.time,
        updatedAt: event.time,
        revision: event.revision,
        draft: initialDraft(event),
      }));
    },
    SpeachDetailsChanged: (event, writer) =>
      patch(writer, event, (doc, d) => ({
        ...(d.title !== undefined ? { title: d.title as string, titleKey: normaliseKey(d.title as string) } : {}),
        ...(d.description !== undefined ? { description: d.description as string } : {}),
        ...(d.img !== undefined ? { img: d.img as string | null } : {}),
        ...(d.tags !== undefined ? { tags: d.tags as string } : {}),
        ...(d.language !== undefined ? { language: d.language as SpeachLanguage } : {}),
        ...(d.categoryId !== undefined ? { categoryId: d.categoryId as string | null } : {}),
        pendingUpdates: true,
      })),
    ChapterAdded: structure,
    ChapterRenamed: structure,
    ChapterMoved: structure,
    ChapterRemoved: structure,
    ChapterContentSet: structure,
    SpeachVisibilityChanged: (event, writer) =>
      patch(writer, event, (doc, d) => ({
        visibility: d.visibility as Visibility,
        accessCodeHash: d.visibility === 'PRIVE' ? ((d.accessCodeHash as string | null) ?? doc.accessCodeHash) : null,
      })),
    SpeachAuthorChanged: (event, writer) => patch(writer, event, (_, d) => ({ authorId: d.authorId as string })),
    SpeachCoEditorsChanged: (event, writer) => patch(writer, event, (_, d) => ({ coEditorIds: d.userIds as string[] })),
    SpeachCoEditorGroupsChanged: (event, writer) => patch(writer, event, (_, d) => ({ coEditorGroupIds: d.groupIds as string[] })),
    SpeachAffectedUsersChanged: (event, writer) => patch(writer, event, (_, d) => ({ affectedUserIds: d.userIds as string[] })),
    SpeachAffectedGroupsChanged: (event, writer) => patch(writer, event, (_, d) => ({ affectedGroupIds: d.groupIds as string[] })),
    SpeachPublished: async (event, writer) => {
      const d = event.data as { speachId: string; version: number; scheduledFor: string | null };
      const doc = await writer.get<SpeachDocument>(SPEACHES, d.speachId);
      if (!doc) return;
      const summary: VersionSummary = { version: d.version, publishedAt: event.time, publishedBy: event.metadata.userId ?? null, scheduledFor: d.scheduledFor };
      // The published version is frozen here: later draft edits never reach it.
      await writer.upsert<SpeachVersionDocument>(SPEACH_VERSIONS, `${d.speachId}:${d.version}`, () => ({
        _id: `${d.speachId}:${d.version}`,
        speachId: d.speachId,
        ...summary,
        title: doc.title,
        chapters: readingOrder(doc.draft),
      }));
      await patch(writer, event, (current) => ({
        published: true,
        publishedVersion: d.version,
        versions: [...current.versions, summary],
        firstPublishedAt: current.firstPublishedAt ?? d.scheduledFor ?? event.time,
        liveFrom: liveFromOnPublish(current, d.scheduledFor, event.time),
        pendingUpdates: false,
      }));
    },
    SpeachUnpublished: (event, writer) => patch(writer, event, (doc) => ({ published: false, withdrawnUpTo: doc.publishedVersion, liveFrom: null })),
    SpeachArchived: (event, writer) => patch(writer, event, () => ({ archived: true, archivedAt: event.time })),
    SpeachRestored: (event, writer) => patch(writer, event, () => ({ archived: false, archivedAt: null })),
    SpeachDueDateSet: (event, writer) =>
      patch(writer, event, (doc, d) => ({
        dueDate: d.dueDate as string | null,
        unpublishAfterDueDate: d.dueDate === null ? false : doc.unpublishAfterDueDate,
      })),
    SpeachUnpublishAfterDueDateSet: (event, writer) => patch(writer, event, (_, d) => ({ unpublishAfterDueDate: d.unpublish as boolean })),
    SpeachBadgeConfigured: (event, writer) => patch(writer, event, (_, d) => ({ badge: d.badge as Badge })),
    SpeachSubchaptersLocked: (event, writer) => patch(writer, event, (_, d) => ({ lockedSubchapters: d.locked as boolean })),
    SpeachCoverSet: (event, writer) => patch(writer, event, (_, d) => ({ cover: (d.cover as SpeachCover | null) ?? null })),
    PeriodicReviewersAssigned: (event, writer) =>
      patch(writer, event, (_, d) => ({ periodicReviewUserIds: d.userIds as string[], periodicReviewGroupIds: d.groupIds as string[] })),
    SpeachPinnedOnHome: async (event, writer) => {
      const { speachId } = event.data as { speachId: string };
      await writer.upsert<SpeachDocument>(SPEACHES, speachId, (doc) => (doc ? { ...doc, pinned: true } : null));
    },
    SpeachUnpinnedFromHome: async (event, writer) => {
      const { speachId } = event.data as { speachId: string };
      await writer.upsert<SpeachDocument>(SPEACHES, speachId, (doc) => (doc ? { ...doc, pinned: false } : null));
    },
    SpeachBookmarked: async (event, writer) => {
      const { userId, speachId } = event.data as { userId: string; speachId: string };
      await writer.upsert<BookmarkDocument>(BOOKMARKS, `${userId}:${speachId}`, () => ({ _id: `${userId}:${speachId}`, userId, speachId, at: event.time }));
    },
    SpeachUnbookmarked: async (event, writer) => {
      const { userId, speachId } = event.data as { userId: string; speachId: string };
      await writer.upsert<BookmarkDocument>(BOOKMARKS, `${userId}:${speachId}`, () => null);
    },
    ChapterRead: (event, writer) =>
      progress(writer, event, (doc) => {
        const { chapterId } = event.data as { chapterId: string };
        return { readChapterIds: doc.readChapterIds.includes(chapterId) ? doc.readChapterIds : [...doc.readChapterIds, chapterId], lastChapterId: chapterId };
      }),
    ChapterAnswered: (event, writer) =>
      progress(writer, event, (doc) => {
        const d = event.data as { chapterId: string; score: number | null; max: number | null; passed: boolean | null };
        const quizResults =
          d.score !== null && d.max !== null
            ? {
                ...doc.quizResults,
                [d.chapterId]: { score: d.score, max: d.max, percent: d.max ? Math.round((d.score / d.max) * 100) : 0, passed: d.passed === true },
              }
            : doc.quizResults;
        return {
          readChapterIds: doc.readChapterIds.includes(d.chapterId) ? doc.readChapterIds : [...doc.readChapterIds, d.chapterId],
          lastChapterId: d.chapterId,
          quizResults,
        };
      }),
    // An author or an admin wiped the learner's result (analytics, `quizz/delete-results-user`): the quiz is open again.
    QuizResultsDeleted: async (event, writer) => {
      const { userId, speachId, chapterId } = event.data as { userId: string; speachId: string; chapterId: string };
      await writer.upsert<ProgressDocument>(LEARNER_PROGRESS, `${userId}:${speachId}`, (doc) =>
        doc ? { ...doc, quizResults: Object.fromEntries(Object.entries(doc.quizResults).filter(([id]) => id !== chapterId)) } : null,
      );
    },
  }),
};
