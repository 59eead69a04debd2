import {
  BADGES,
  type Badge,
  type ChapterContent,
  type ChapterSnapshot,
  type ChapterState,
  type ExistingSpeach,
  SPEACH_LANGUAGES,
  type SpeachCover,
  type SpeachEvent,
  type SpeachLanguage,
  type SpeachState,
  VISIBILITIES,
  type Visibility,
  evolveSpeach,
  initialSpeachState,
} from '../../events';
import type { Actor } from '../infrastructure/http/actor';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { checkContent } from './chapter-content';

/** The state and its fold are part of the event contract (events/speach.state.ts); re-exported for this context's callers. */
export type { ChapterState, ExistingSpeach, SpeachState } from '../../events';

export const TITLE_MAX = 255;
export const CHAPTER_TITLE_MAX = 255;
export const DESCRIPTION_MAX = 5000;
export const TAGS_MAX = 500;
export const ACCESS_CODE_MAX = 230;
export const MAX_CHAPTERS = 500;

/** Who acts, as the decider needs it: permissions are rules of the speach, checked here. */
export type SpeachActor = Pick<Actor, 'id' | 'isAdmin' | 'isAuthor' | 'groupIds'>;

type WithActor<C> = C & { speachId: string; actor: SpeachActor };
export type SpeachCommand =
  | WithActor<{
      type: 'CreateSpeach';
      title: string;
      description?: string;
      language: string;
      categoryId: string | null;
      isTemplate: boolean;
      templateId: string | null;
      duplicatedFrom: string | null;
      chapters: ChapterSnapshot[];
    }>
  | WithActor<{
      type: 'ChangeDetails';
      nonMaterial?: boolean;
      title?: string;
      description?: string;
      img?: string | null;
      tags?: string;
      language?: string;
      categoryId?: string | null;
    }>
  | WithActor<{ type: 'AddChapter'; nonMaterial?: boolean; chapterId: string; parentId: string | null; title: string; position?: number }>
  | WithActor<{ type: 'RenameChapter'; nonMaterial?: boolean; chapterId: string; title: string }>
  | WithActor<{ type: 'MoveChapter'; nonMaterial?: boolean; chapterId: string; parentId: string | null; position: number }>
  | WithActor<{ type: 'RemoveChapter'; nonMaterial?: boolean; chapterId: string }>
  | WithActor<{ type: 'SetChapterContent'; nonMaterial?: boolean; chapterId: string; content: ChapterContent }>
  /** Spec §2/§4: an assessment (QUIZZ) becomes the final exam (QUIZZ_EXAMEN), questions kept, after the editor confirmed. */
  | WithActor<{ type: 'ConvertQuizToExam'; chapterId: string }>
  | WithActor<{ type: 'ChangeVisibility'; visibility: string; accessCodeHash: string | null }>
  | WithActor<{ type: 'ChangeAuthor'; authorId: string }>
  | WithActor<{ type: 'SetCoEditors'; userIds: string[] }>
  | WithActor<{ type: 'SetCoEditorGroups'; groupIds: string[] }>
  | WithActor<{ type: 'SetAffectedUsers'; userIds: string[] }>
  | WithActor<{ type: 'SetAffectedGroups'; groupIds: string[] }>
  /** `workflowRequired`: the validation workflow is on, so an author publishes through submission (admins still may). */
  | WithActor<{ type: 'Publish'; at: string | null; now: string; workflowRequired?: boolean; materialChange?: boolean }>
  | WithActor<{ type: 'Unpublish' }>
  | WithActor<{ type: 'Archive' }>
  | WithActor<{ type: 'Restore' }>
  | WithActor<{ type: 'SetDueDate'; dueDate: string | null; now: string }>
  | WithActor<{ type: 'SetUnpublishAfterDueDate'; unpublish: boolean }>
  | WithActor<{ type: 'ConfigureBadge'; badge: string }>
  | WithActor<{ type: 'LockSubchapters'; locked: boolean }>
  | WithActor<{ type: 'SetCover'; cover: SpeachCover | null }>
  | WithActor<{ type: 'AssignPeriodicReviewers'; userIds: string[]; groupIds: string[] }>;

/** Who edits a speach: the fields it reads are the same on the stream's state and on the read model, so the read side and the UI flags ask this very rule. */
export type EditorsOf = Pick<ExistingSpeach, 'authorId' | 'coEditorIds' | 'coEditorGroupIds'>;

export function canEdit(speach: EditorsOf, actor: SpeachActor): boolean {
  if (actor.isAdmin) return true;
  if (!actor.isAuthor) return false;
  return speach.authorId === actor.id || speach.coEditorIds.includes(actor.id) || speach.coEditorGroupIds.some((g) => actor.groupIds.includes(g));
}

function title(value: string, field = 'title', max = TITLE_MAX): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) throw new ValidationError(field, `${field} must not be empty`);
  if (trimmed.length > max) throw new ValidationError(field, `${field} must be at most ${max} characters`);
  return trimmed;
}

function language(value: string): SpeachLanguage {
  if (!(SPEACH_LANGUAGES as readonly string[]).includes(value)) throw new ValidationError('language', `language must be one of ${SPEACH_LANGUAGES.join(', ')}`);
  return value as SpeachLanguage;
}

function text(value: string, field: string, max: number): string {
  if (value.length > max) throw new ValidationError(field, `${field} must be at most ${max} characters`);
  return value.trim();
}

function existing(state: SpeachState): ExistingSpeach {
  if (state.status === 'none') throw new NotFoundError('Unknown speach');
  return state;
}

/** An editable speach: it exists, is not archived, and the actor may edit it. */
/** The speach, when the actor may change it now: an editor, and the speach not archived. */
export function editable(state: SpeachState, actor: SpeachActor): ExistingSpeach {
  const speach = existing(state);
  if (!canEdit(speach, actor)) throw new ForbiddenError('You may not edit this speach.');
  if (speach.archived) throw new IllegalStateError('This speach is archived: restore it first.');
  return speach;
}

/** What a publication asks of the content; a submission for validation asks the same, as it ends in one. */
function publishableContent(speach: ExistingSpeach): ExistingSpeach {
  if (speach.isTemplate) throw new IllegalStateError('A template is not published: create a speach from it.');
  if (speach.order.length === 0) throw new ValidationError('chapters', 'Add at least one chapter before publishing');
  return speach;
}

/** The speach, when the actor may submit it for validation: what `Publish` asks, decided on the speach stream's own state. */
export function submittable(state: SpeachState, actor: SpeachActor): ExistingSpeach {
  return publishableContent(editable(state, actor));
}

function chapter(speach: ExistingSpeach, chapterId: string): ChapterState {
  const found = speach.chapters[chapterId];
  if (!found) throw new NotFoundError('Unknown chapter');
  return found;
}

function checkParent(speach: ExistingSpeach, parentId: string | null): void {
  if (parentId === null) return;
  const parent = speach.chapters[parentId];
  if (!parent) throw new ValidationError('parentId', 'Unknown parent chapter');
  if (parent.parentId !== null) throw new ValidationError('parentId', 'Sub-chapters cannot hold sub-chapters');
}

function checkPosition(position: number | undefined, length: number): number {
  if (position === undefined) return length;
  if (!Number.isInteger(position) || position < 0) throw new ValidationError('position', 'position must be a non-negative integer');
  return Math.min(position, length);
}

function siblings(speach: ExistingSpeach, parentId: string | null): string[] {
  return parentId === null ? speach.order : (speach.children[parentId] ?? []);
}

function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

function tomorrow(now: string): string {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() + 1);
  return isoDay(date.toISOString());
}

const EDIT_EVENTS = new Set<SpeachEvent['type']>([
  'SpeachDetailsChanged',
  'ChapterAdded',
  'ChapterRenamed',
  'ChapterMoved',
  'ChapterRemoved',
  'ChapterContentSet',
]);

/** The author's typo flag travels on the edit's events: the approvals policy reads it, the trail shows it. */
function flagged(command: SpeachCommand, events: SpeachEvent[]): SpeachEvent[] {
  if (!('nonMaterial' in command) || command.nonMaterial !== true) return events;
  return events.map((e) => (EDIT_EVENTS.has(e.type) ? ({ ...e, data: { ...e.data, nonMaterial: true } } as SpeachEvent) : e));
}

export const speachDecider: Decider<SpeachState, SpeachCommand, SpeachEvent> = {
  initialState: initialSpeachState,

  decide(command, state) {
    return flagged(command, decideSpeach(command, state));
  },

  evolve: evolveSpeach,
};

function decideSpeach(command: SpeachCommand, state: SpeachState): SpeachEvent[] {
  {
    const { speachId, actor } = command;
    switch (command.type) {
      case 'CreateSpeach': {
        if (state.status !== 'none') throw new IllegalStateError('This speach already exists');
        if (!actor.isAuthor && !actor.isAdmin) throw new ForbiddenError('Only authors create speaches.');
        if (command.chapters.length > MAX_CHAPTERS) throw new ValidationError('chapters', `at most ${MAX_CHAPTERS} chapters`);
        return [
          {
            type: 'SpeachCreated',
            data: {
              speachId,
              authorId: actor.id,
              title: title(command.title),
              description: text(command.description ?? '', 'description', DESCRIPTION_MAX),
              language: language(command.language),
              categoryId: command.categoryId,
              isTemplate: command.isTemplate,
              templateId: command.templateId,
              duplicatedFrom: command.duplicatedFrom,
              chapters: command.chapters,
            },
          },
        ];
      }
      case 'ChangeDetails': {
        editable(state, actor);
        const data: Extract<SpeachEvent, { type: 'SpeachDetailsChanged' }>['data'] = { speachId };
        if (command.title !== undefined) data.title = title(command.title);
        if (command.description !== undefined) data.description = text(command.description, 'description', DESCRIPTION_MAX);
        if (command.tags !== undefined) data.tags = text(command.tags, 'tags', TAGS_MAX).split(/\s+/).filter(Boolean).join(' ');
        if (command.language !== undefined) data.language = language(command.language);
        if (command.categoryId !== undefined) data.categoryId = command.categoryId;
        if (command.img !== undefined) {
          if (command.img !== null && !/^(https?:\/\/|\/blob\/)/.test(command.img))
            throw new ValidationError('img', 'img must be an http(s) URL or an uploaded file');
          data.img = command.img ? text(command.img, 'img', 2000) : null;
        }
        return Object.keys(data).length > 1 ? [{ type: 'SpeachDetailsChanged', data }] : [];
      }
      case 'AddChapter': {
        const speach = editable(state, actor);
        if (Object.keys(speach.chapters).length >= MAX_CHAPTERS) throw new ValidationError('chapters', `at most ${MAX_CHAPTERS} chapters`);
        if (speach.chapters[command.chapterId]) throw new IllegalStateError('This chapter already exists');
        checkParent(speach, command.parentId);
        const position = checkPosition(command.position, siblings(speach, command.parentId).length);
        return [
          {
            type: 'ChapterAdded',
            data: { speachId, chapterId: command.chapterId, parentId: command.parentId, title: title(command.title, 'title', CHAPTER_TITLE_MAX), position },
          },
        ];
      }
      case 'RenameChapter': {
        const speach = editable(state, actor);
        const current = chapter(speach, command.chapterId);
        const next = title(command.title, 'title', CHAPTER_TITLE_MAX);
        return current.title === next ? [] : [{ type: 'ChapterRenamed', data: { speachId, chapterId: command.chapterId, title: next } }];
      }
      case 'MoveChapter': {
        const speach = editable(state, actor);
        const moved = chapter(speach, command.chapterId);
        checkParent(speach, command.parentId);
        if (command.parentId === command.chapterId) throw new ValidationError('parentId', 'A chapter cannot hold itself');
        if (command.parentId !== null && (speach.children[command.chapterId] ?? []).length > 0) {
          throw new ValidationError('parentId', 'A chapter with sub-chapters cannot become a sub-chapter');
        }
        const target = siblings(speach, command.parentId).filter((id) => id !== command.chapterId);
        const position = checkPosition(command.position, target.length);
        const current = siblings(speach, moved.parentId).indexOf(command.chapterId);
        if (moved.parentId === command.parentId && current === position) return [];
        return [{ type: 'ChapterMoved', data: { speachId, chapterId: command.chapterId, parentId: command.parentId, position } }];
      }
      case 'RemoveChapter': {
        chapter(editable(state, actor), command.chapterId);
        return [{ type: 'ChapterRemoved', data: { speachId, chapterId: command.chapterId } }];
      }
      case 'SetChapterContent': {
        chapter(editable(state, actor), command.chapterId);
        return [{ type: 'ChapterContentSet', data: { speachId, chapterId: command.chapterId, content: checkContent(command.content) } }];
      }
      case 'ConvertQuizToExam': {
        const content = chapter(editable(state, actor), command.chapterId).content;
        if (content.type !== 'QUIZZ')
          throw new ValidationError(
            'chapterId',
            content.type === 'QUIZZ_EXAMEN' ? 'This chapter is already a final exam' : 'Only an assessment (QUIZZ) chapter can become a final exam',
          );
        return [{ type: 'ChapterContentSet', data: { speachId, chapterId: command.chapterId, content: { ...content, type: 'QUIZZ_EXAMEN' } } }];
      }
      case 'ChangeVisibility': {
        const speach = editable(state, actor);
        if (!(VISIBILITIES as readonly string[]).includes(command.visibility))
          throw new ValidationError('visibility', `visibility must be one of ${VISIBILITIES.join(', ')}`);
        const visibility = command.visibility as Visibility;
        if (visibility !== 'PRIVE' && command.accessCodeHash) throw new ValidationError('accessCode', 'An access code is only for a private speach');
        if (visibility === 'PRIVE' && !command.accessCodeHash && !speach.hasAccessCode)
          throw new ValidationError('accessCode', 'A private speach needs an access code');
        // A private speach keeps its code when none is given; any other visibility drops it.
        const accessCodeHash = visibility === 'PRIVE' ? command.accessCodeHash : null;
        if (visibility === speach.visibility && accessCodeHash === null && (visibility !== 'PRIVE' || speach.hasAccessCode)) return [];
        return [{ type: 'SpeachVisibilityChanged', data: { speachId, visibility, accessCodeHash } }];
      }
      case 'ChangeAuthor': {
        const speach = existing(state);
        if (!actor.isAdmin) throw new ForbiddenError('Only administrators change the author.');
        return speach.authorId === command.authorId ? [] : [{ type: 'SpeachAuthorChanged', data: { speachId, authorId: command.authorId } }];
      }
      case 'SetCoEditors':
        editable(state, actor);
        return [{ type: 'SpeachCoEditorsChanged', data: { speachId, userIds: [...new Set(command.userIds)] } }];
      case 'SetCoEditorGroups':
        editable(state, actor);
        return [{ type: 'SpeachCoEditorGroupsChanged', data: { speachId, groupIds: [...new Set(command.groupIds)] } }];
      case 'SetAffectedUsers':
      case 'SetAffectedGroups': {
        const speach = editable(state, actor);
        if (speach.visibility !== 'RESTREINT') throw new ValidationError('visibility', 'Users and groups are assigned only to a restricted speach');
        return command.type === 'SetAffectedUsers'
          ? [{ type: 'SpeachAffectedUsersChanged', data: { speachId, userIds: [...new Set(command.userIds)] } }]
          : [{ type: 'SpeachAffectedGroupsChanged', data: { speachId, groupIds: [...new Set(command.groupIds)] } }];
      }
      case 'Publish': {
        const speach = editable(state, actor);
        if (command.workflowRequired && !actor.isAdmin) throw new IllegalStateError('The validation workflow is on: submit this speach for validation.');
        publishableContent(speach);
        if (command.at !== null) {
          if (Number.isNaN(Date.parse(command.at))) throw new ValidationError('at', 'at must be a date-time');
          if (Date.parse(command.at) <= Date.parse(command.now)) throw new ValidationError('at', 'The publication date must be in the future');
        }
        const live = speach.published && (speach.scheduledFor === null || speach.scheduledFor <= command.now);
        if (live && !speach.pendingUpdates && command.at === null) throw new IllegalStateError('This version is already published');
        const at = command.at === null ? null : new Date(command.at).toISOString();
        // Only a material change is said: the events of ordinary publications keep their old shape.
        const material = command.materialChange ? { materialChange: true } : {};
        return [{ type: 'SpeachPublished', data: { speachId, version: speach.publishedVersion + 1, scheduledFor: at, ...material } }];
      }
      case 'Unpublish': {
        const speach = editable(state, actor);
        if (!speach.published) throw new IllegalStateError('This speach is not published');
        return [{ type: 'SpeachUnpublished', data: { speachId } }];
      }
      case 'Archive': {
        const speach = existing(state);
        if (!actor.isAdmin && speach.authorId !== actor.id) throw new ForbiddenError('Only the author or an administrator archives a speach.');
        if (speach.archived) throw new IllegalStateError('This speach is already archived');
        return [{ type: 'SpeachArchived', data: { speachId } }];
      }
      case 'Restore': {
        const speach = existing(state);
        if (!actor.isAdmin && speach.authorId !== actor.id) throw new ForbiddenError('Only the author or an administrator restores a speach.');
        if (!speach.archived) throw new IllegalStateError('This speach is not archived');
        return [{ type: 'SpeachRestored', data: { speachId } }];
      }
      case 'SetDueDate': {
        const speach = editable(state, actor);
        if (command.dueDate !== null) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(command.dueDate) || Number.isNaN(Date.parse(command.dueDate)))
            throw new ValidationError('dueDate', 'dueDate must be a date (YYYY-MM-DD)');
          if (speach.badge === 'NONE') throw new ValidationError('dueDate', 'A due date requires a badge');
          if (command.dueDate < tomorrow(command.now)) throw new ValidationError('dueDate', 'The due date must be tomorrow or later');
        }
        return speach.dueDate === command.dueDate ? [] : [{ type: 'SpeachDueDateSet', data: { speachId, dueDate: command.dueDate } }];
      }
      case 'SetUnpublishAfterDueDate': {
        const speach = editable(state, actor);
        if (speach.dueDate === null && command.unpublish) throw new ValidationError('unpublish', 'Set a due date first');
        return speach.unpublishAfterDueDate === command.unpublish
          ? []
          : [{ type: 'SpeachUnpublishAfterDueDateSet', data: { speachId, unpublish: command.unpublish } }];
      }
      case 'ConfigureBadge': {
        const speach = editable(state, actor);
        if (!(BADGES as readonly string[]).includes(command.badge)) throw new ValidationError('badge', `badge must be one of ${BADGES.join(', ')}`);
        if (command.badge === 'NONE' && speach.dueDate !== null) throw new ValidationError('badge', 'A due date requires a badge: clear the due date first');
        return speach.badge === command.badge ? [] : [{ type: 'SpeachBadgeConfigured', data: { speachId, badge: command.badge as Badge } }];
      }
      case 'LockSubchapters': {
        const speach = editable(state, actor);
        return speach.lockedSubchapters === command.locked ? [] : [{ type: 'SpeachSubchaptersLocked', data: { speachId, locked: command.locked } }];
      }
      case 'SetCover': {
        editable(state, actor);
        return [{ type: 'SpeachCoverSet', data: { speachId, cover: command.cover } }];
      }
      case 'AssignPeriodicReviewers': {
        existing(state);
        if (!actor.isAdmin) throw new ForbiddenError('Only administrators assign periodic reviewers.');
        return [{ type: 'PeriodicReviewersAssigned', data: { speachId, userIds: [...new Set(command.userIds)], groupIds: [...new Set(command.groupIds)] } }];
      }
    }
  }
}

/** Chapters in reading order (chapter, then its sub-chapters), as duplicates and templates copy them. */
export function chapterSnapshots(speach: ExistingSpeach, newId: () => string): ChapterSnapshot[] {
  const ids = new Map<string, string>();
  const out: ChapterSnapshot[] = [];
  for (const top of speach.order) {
    ids.set(top, newId());
    out.push({ chapterId: ids.get(top)!, parentId: null, title: speach.chapters[top].title, content: speach.chapters[top].content });
    for (const sub of speach.children[top] ?? []) {
      out.push({ chapterId: newId(), parentId: ids.get(top)!, title: speach.chapters[sub].title, content: speach.chapters[sub].content });
    }
  }
  return out;
}
