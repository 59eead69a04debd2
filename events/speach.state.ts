import type { Badge, ChapterContent, SpeachEvent, Visibility } from './speach.events';

export interface ChapterState {
  title: string;
  parentId: string | null;
  content: ChapterContent;
}

export interface ExistingSpeach {
  status: 'active';
  speachId: string;
  authorId: string;
  coEditorIds: string[];
  coEditorGroupIds: string[];
  affectedUserIds: string[];
  isTemplate: boolean;
  title: string;
  visibility: Visibility;
  hasAccessCode: boolean;
  archived: boolean;
  /** A version is live or scheduled and the speach was not unpublished since. */
  published: boolean;
  publishedVersion: number;
  scheduledFor: string | null;
  pendingUpdates: boolean;
  badge: Badge;
  dueDate: string | null;
  unpublishAfterDueDate: boolean;
  lockedSubchapters: boolean;
  /** Top-level chapter ids in order, and each chapter's sub-chapter ids in order. */
  order: string[];
  children: Record<string, string[]>;
  chapters: Record<string, ChapterState>;
}

export type SpeachState = { status: 'none' } | ExistingSpeach;

export const initialSpeachState = (): SpeachState => ({ status: 'none' });

/** The fold of a speach stream: the decider decides on it and the read models draw their draft from it. */
export function evolveSpeach(state: SpeachState, event: SpeachEvent): SpeachState {
  if (event.type === 'SpeachCreated') {
    const d = event.data;
    const speach: ExistingSpeach = {
      status: 'active',
      speachId: d.speachId,
      authorId: d.authorId,
      coEditorIds: [],
      coEditorGroupIds: [],
      affectedUserIds: [],
      isTemplate: d.isTemplate,
      title: d.title,
      visibility: 'PUBLIC',
      hasAccessCode: false,
      archived: false,
      published: false,
      publishedVersion: 0,
      scheduledFor: null,
      pendingUpdates: true,
      badge: 'NONE',
      dueDate: null,
      unpublishAfterDueDate: false,
      lockedSubchapters: false,
      order: [],
      children: {},
      chapters: {},
    };
    for (const c of d.chapters) {
      speach.chapters[c.chapterId] = { title: c.title, parentId: c.parentId, content: c.content };
      if (c.parentId === null) speach.order.push(c.chapterId);
      else (speach.children[c.parentId] ??= []).push(c.chapterId);
    }
    return speach;
  }
  if (state.status === 'none') return state;
  const s: ExistingSpeach = { ...state };
  const edited = () => (s.pendingUpdates = true);
  switch (event.type) {
    case 'SpeachDetailsChanged':
      if (event.data.title !== undefined) s.title = event.data.title;
      edited();
      break;
    case 'ChapterAdded': {
      const { chapterId, parentId, title: t, position } = event.data;
      s.chapters = { ...s.chapters, [chapterId]: { title: t, parentId, content: { type: 'NONE' } } };
      insert(s, chapterId, parentId, position);
      edited();
      break;
    }
    case 'ChapterRenamed':
      s.chapters = { ...s.chapters, [event.data.chapterId]: { ...s.chapters[event.data.chapterId], title: event.data.title } };
      edited();
      break;
    case 'ChapterMoved': {
      const { chapterId, parentId, position } = event.data;
      detach(s, chapterId);
      s.chapters = { ...s.chapters, [chapterId]: { ...s.chapters[chapterId], parentId } };
      insert(s, chapterId, parentId, position);
      edited();
      break;
    }
    case 'ChapterRemoved': {
      const { chapterId } = event.data;
      const removed = [chapterId, ...(s.children[chapterId] ?? [])];
      detach(s, chapterId);
      s.chapters = { ...s.chapters };
      s.children = { ...s.children };
      for (const id of removed) {
        delete s.chapters[id];
        delete s.children[id];
      }
      edited();
      break;
    }
    case 'ChapterContentSet':
      s.chapters = { ...s.chapters, [event.data.chapterId]: { ...s.chapters[event.data.chapterId], content: event.data.content } };
      edited();
      break;
    case 'SpeachVisibilityChanged':
      s.visibility = event.data.visibility;
      s.hasAccessCode = event.data.visibility === 'PRIVE' && (event.data.accessCodeHash !== null || s.hasAccessCode);
      break;
    case 'SpeachAuthorChanged':
      s.authorId = event.data.authorId;
      break;
    case 'SpeachCoEditorsChanged':
      s.coEditorIds = event.data.userIds;
      break;
    case 'SpeachCoEditorGroupsChanged':
      s.coEditorGroupIds = event.data.groupIds;
      break;
    case 'SpeachAffectedUsersChanged':
      s.affectedUserIds = event.data.userIds;
      break;
    case 'SpeachPublished':
      s.published = true;
      s.publishedVersion = event.data.version;
      s.scheduledFor = event.data.scheduledFor;
      s.pendingUpdates = false;
      break;
    case 'SpeachUnpublished':
      s.published = false;
      s.scheduledFor = null;
      break;
    case 'SpeachArchived':
      s.archived = true;
      break;
    case 'SpeachRestored':
      s.archived = false;
      break;
    case 'SpeachDueDateSet':
      s.dueDate = event.data.dueDate;
      if (event.data.dueDate === null) s.unpublishAfterDueDate = false;
      break;
    case 'SpeachUnpublishAfterDueDateSet':
      s.unpublishAfterDueDate = event.data.unpublish;
      break;
    case 'SpeachBadgeConfigured':
      s.badge = event.data.badge;
      break;
    case 'SpeachSubchaptersLocked':
      s.lockedSubchapters = event.data.locked;
      break;
    default:
      break;
  }
  return s;
}

function detach(s: ExistingSpeach, chapterId: string): void {
  const parentId = s.chapters[chapterId]?.parentId ?? null;
  if (parentId === null) s.order = s.order.filter((id) => id !== chapterId);
  else s.children = { ...s.children, [parentId]: (s.children[parentId] ?? []).filter((id) => id !== chapterId) };
}

function insert(s: ExistingSpeach, chapterId: string, parentId: string | null, position: number): void {
  const list = [...(parentId === null ? s.order : (s.children[parentId] ?? []))];
  list.splice(position, 0, chapterId);
  if (parentId === null) s.order = list;
  else s.children = { ...s.children, [parentId]: list };
}
