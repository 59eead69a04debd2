import type { ChapterContent } from '../../events';
import type { WorkflowCardPart } from './workflow-cards';
import type { CategoryDocument } from '../../projections/organisation.projection';
import { type ChapterNode, type SpeachDocument, type VersionSummary, readingOrder } from '../../projections/speaches.projection';
import type { UserDocument } from '../../projections/users.projection';
import type { PeriodicReviewDocument, WorkflowDocument } from '../../projections/workflows.projection';
import type { ContentActor } from '../infrastructure/http/actor';
import { type EditorsOf, type SpeachActor, canEdit } from './speach.decider';
import type { ChapterView, Person, SpeachCard } from './speach-card.view';

export type { ChapterView, Person, SpeachCard } from './speach-card.view';

/**
 * Who is looking, and when: the read side's question. Who is the request's Actor (resolved once by
 * the guard); the time is the clock's, read once per request, so every card of an answer agrees.
 */
export type Viewer = ContentActor & { now: string };

export function person(user: UserDocument | undefined, id: string): Person {
  return { id, userID: id, firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '', img: user?.img ?? null };
}

/** The speach decider's editing rule, asked on the read model (the document carries the fields it reads). */
export const isEditor: (doc: EditorsOf, viewer: SpeachActor) => boolean = canEdit;

/** The version readers see now: the newest of the current run whose scheduled date has come. */
export function liveVersion(doc: SpeachDocument, now: string): VersionSummary | null {
  if (!doc.published || doc.archived) return null;
  for (let i = doc.versions.length - 1; i >= 0; i--) {
    const v = doc.versions[i];
    if (v.version <= doc.withdrawnUpTo) break;
    if (v.scheduledFor === null || v.scheduledFor <= now) return v;
  }
  return null;
}

export function isAssigned(doc: SpeachDocument, viewer: Viewer): boolean {
  return doc.affectedUserIds.includes(viewer.id) || doc.affectedGroupIds.some((g) => viewer.groupIds.includes(g));
}

/**
 * May the viewer open the live version? Editors always; others need it live and, by visibility:
 * PUBLIC and SEMI_PRIVE (link) anyone signed in, PRIVE anyone with the code (asked when reading),
 * RESTREINT only assigned users and groups.
 */
export function canView(doc: SpeachDocument, viewer: Viewer): boolean {
  if (isEditor(doc, viewer)) return true;
  if (doc.archived || doc.isTemplate || !liveVersion(doc, viewer.now)) return false;
  return doc.visibility !== 'RESTREINT' || isAssigned(doc, viewer);
}

/**
 * Spec §2 card "canShare": a speach the viewer can open, neither a template nor archived, published
 * (live or scheduled); a RESTREINT one only by its editors (others would hand out a link that opens for nobody).
 */
export function mayShare(doc: SpeachDocument, viewer: Viewer): boolean {
  const live = liveVersion(doc, viewer.now);
  const scheduled = doc.published && doc.liveFrom !== null && doc.liveFrom > viewer.now;
  return canView(doc, viewer) && !doc.isTemplate && !doc.archived && (live !== null || scheduled) && (isEditor(doc, viewer) || doc.visibility !== 'RESTREINT');
}

const ts = (iso: string | null) => (iso ? Date.parse(iso) : null);

export interface CardContext {
  users: Map<string, UserDocument>;
  groups: Map<string, { name: string }>;
  categories: Map<string, CategoryDocument>;
  bookmarks: Set<string>;
  /** speachId → average rating (engagement read model); absent when nobody rated it. */
  ratings?: Map<string, number>;
  /** speachId → its newest workflow and its periodic review (workflow read models). */
  workflows?: Map<string, WorkflowDocument>;
  reviews?: Map<string, PeriodicReviewDocument>;
  /** The workflow context's card fields (WorkflowCards port). */
  workflowCard: WorkflowCardPart;
  /** The signed URL of a cover blob for this viewer (covers are read like the speach's files). */
  coverUrl?: (speachId: string, blobId: string) => string;
}

/** Spec §3 "Speach (card/list)" for one viewer. */
export function toCard(doc: SpeachDocument, viewer: Viewer, context: CardContext): SpeachCard {
  const live = liveVersion(doc, viewer.now);
  const latest = doc.versions[doc.versions.length - 1] ?? null;
  const runStarted = doc.published && doc.liveFrom !== null && doc.liveFrom <= viewer.now;
  const delayedTill = doc.published && doc.liveFrom !== null && doc.liveFrom > viewer.now ? doc.liveFrom : null;
  const futureVersion = runStarted && latest?.scheduledFor && latest.scheduledFor > viewer.now ? latest.scheduledFor : null;
  const editor = isEditor(doc, viewer);
  const category = doc.categoryId ? context.categories.get(doc.categoryId) : undefined;
  const people = (ids: string[]) => ids.map((id) => person(context.users.get(id), id));
  const groups = (ids: string[]) => ids.map((id) => ({ id, name: context.groups.get(id)?.name ?? '' }));
  const state = doc.archived ? 'ARCHIVE' : live ? 'PUBLIE' : 'NON_PUBLIE';
  const viewable = canView(doc, viewer);
  const wf = context.workflowCard(context.workflows?.get(doc._id), context.reviews?.get(doc._id), viewer);
  return {
    id: doc._id,
    speachID: doc._id,
    title: doc.title,
    img: doc.cover && context.coverUrl ? context.coverUrl(doc._id, doc.cover.medium) : doc.img,
    /** The uploaded cover's three sizes (320, 640, 1280 px wide), for `srcset`; null without an upload. */
    cover:
      doc.cover && context.coverUrl
        ? {
            small: context.coverUrl(doc._id, doc.cover.small),
            medium: context.coverUrl(doc._id, doc.cover.medium),
            large: context.coverUrl(doc._id, doc.cover.large),
          }
        : null,
    description: doc.description,
    tags: doc.tags,
    language: doc.language,
    category: category ? { id: category._id, name: category.name } : null,
    state,
    publication: live !== null,
    isFavori: context.bookmarks.has(doc._id),
    isTemplate: doc.isTemplate,
    canEdit: editor && !doc.archived,
    canShare: mayShare(doc, viewer),
    canApprove: wf.canApprove,
    canView: viewable,
    isWorkflowInProgress: wf.isWorkflowInProgress,
    wf_name: wf.wf_name,
    wf_state: wf.wf_state,
    wf_step: wf.wf_step,
    wf_total_step: wf.wf_total_step,
    regulated_gmp: wf.regulated_gmp,
    delayed_till: delayedTill,
    delayedTillTimestamp: ts(delayedTill),
    futureVersionDelayedTillTimestamp: ts(futureVersion),
    hasPendingUpdates: doc.published && doc.pendingUpdates,
    visibility: doc.visibility,
    accessCode: doc.accessCodeHash !== null,
    isPinnedOnHome: doc.pinned,
    rating: context.ratings?.get(doc._id) ?? null,
    publicationDate: live ? (live.scheduledFor ?? live.publishedAt) : null,
    publicationTimestamp: live ? ts(live.scheduledFor ?? live.publishedAt) : null,
    lastUpdatedDate: doc.updatedAt,
    lastUpdatedTimestamp: ts(doc.updatedAt),
    createdTimestamp: ts(doc.createdAt),
    archivedDate: doc.archivedAt,
    version: doc.revision,
    publishedVersion: live?.version ?? null,
    authorId: doc.authorId,
    authorsInfos: {
      author: person(context.users.get(doc.authorId), doc.authorId),
      coEditors: people(doc.coEditorIds),
      coEditorGroups: groups(doc.coEditorGroupIds),
    },
    affectationUsersInfos: { affectedUsers: people(doc.affectedUserIds), affectedGroups: groups(doc.affectedGroupIds) },
    metadata: {
      dueDate: doc.dueDate,
      dueDateTimestamp: ts(doc.dueDate),
      unpublishAfterDueDate: doc.unpublishAfterDueDate,
      nextPeriodicReviewTimestamp: wf.nextPeriodicReviewTimestamp,
      periodicReviewUsers: people(doc.periodicReviewUserIds),
      periodicReviewGroups: groups(doc.periodicReviewGroupIds),
      nextPeriodicReview: wf.nextPeriodicReview,
      periodicReviewOperation: wf.periodicReviewOperation,
      lockedSubchapters: doc.lockedSubchapters,
    },
    badge: doc.badge,
    templateId: doc.templateId,
    duplicatedFrom: doc.duplicatedFrom,
    chapterCount: Object.keys(doc.draft.chapters).length,
  };
}

/** The URL a chapter's file is served at for this viewer (FileUrls: signed, short-lived). */
export type FileUrl = (file: { blobId: string; mimeType: string }) => string;

function publicContent(content: ChapterContent, withAnswers: boolean, fileUrl: FileUrl): ChapterContent {
  if ('file' in content) return { ...content, file: { ...content.file, url: fileUrl(content.file) } } as ChapterContent;
  if ((content.type === 'QUIZZ' || content.type === 'QUIZZ_EXAMEN') && !withAnswers) {
    return {
      ...content,
      questions: content.questions.map(({ source: _cited, ...q }) => ({ ...q, options: q.options.map(({ optionId, text }) => ({ optionId, text })) })),
    };
  }
  return content;
}

/** Flat reading-order chapters as the tree the editor and the reader show. */
export function toTree(nodes: ChapterNode[], withAnswers: boolean, fileUrl: FileUrl): ChapterView[] {
  const top: ChapterView[] = [];
  const byId = new Map<string, ChapterView>();
  for (const node of nodes) {
    const view: ChapterView = { chapterId: node.chapterId, title: node.title, content: publicContent(node.content, withAnswers, fileUrl), children: [] };
    byId.set(node.chapterId, view);
    if (node.parentId === null) top.push(view);
    else byId.get(node.parentId)?.children.push(view);
  }
  return top;
}

export function draftTree(doc: SpeachDocument, fileUrl: FileUrl): ChapterView[] {
  return toTree(readingOrder(doc.draft), true, fileUrl);
}

/** Every file a set of chapters holds. */
export function fileIds(nodes: ChapterNode[]): Set<string> {
  const ids = new Set<string>();
  for (const node of nodes) if ('file' in node.content) ids.add(node.content.file.blobId);
  return ids;
}

/**
 * Sequential unlock: in reading order, a chapter that holds sub-chapters is a heading; a content
 * chapter is locked until every content chapter before it is read.
 */
export function lockedChapterIds(nodes: ChapterNode[], read: string[], locked: boolean): string[] {
  if (!locked) return [];
  const readable = readableNodes(nodes);
  const out: string[] = [];
  let open = true;
  for (const node of readable) {
    if (!open) out.push(node.chapterId);
    if (!read.includes(node.chapterId)) open = false;
  }
  return out;
}

/** Content chapters in reading order (a chapter with sub-chapters is only a heading). */
export function readableNodes(nodes: ChapterNode[]): ChapterNode[] {
  const parents = new Set(nodes.filter((n) => n.parentId !== null).map((n) => n.parentId));
  return nodes.filter((n) => !parents.has(n.chapterId));
}

export function requiredBefore(nodes: ChapterNode[], chapterId: string, locked: boolean): string[] {
  if (!locked) return [];
  const readable = readableNodes(nodes);
  const index = readable.findIndex((n) => n.chapterId === chapterId);
  return index <= 0 ? [] : readable.slice(0, index).map((n) => n.chapterId);
}
