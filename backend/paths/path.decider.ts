import {
  type ExistingPath,
  PATH_DESCRIPTION_MAX,
  PATH_RECERTIFICATION_MAX_MONTHS,
  PATH_TITLE_MAX,
  type PathEvent,
  type PathOptions,
  type PathState,
  evolvePath,
  initialPathState,
} from '../../events';
import type { Actor } from '../infrastructure/http/actor';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export type { ExistingPath, PathState } from '../../events';

/** Who acts on a path: the request's one `Actor`, as much of it as the path's rules read. */
export type PathActor = Pick<Actor, 'id' | 'isAdmin' | 'isAuthor'>;

export interface PathDetailsInput {
  title?: unknown;
  description?: unknown;
  image?: unknown;
  sequential?: unknown;
  openForSelfEnrolment?: unknown;
  recertificationMonths?: unknown;
}

type On<C> = C & { actor: PathActor };
export type PathCommand =
  | On<{ type: 'Create'; pathId: string; details: PathDetailsInput }>
  | On<{ type: 'ChangeDetails'; details: PathDetailsInput }>
  /** `mayView`: the editor may read the speach (SpeachAccess); `addable`: not archived, not a template. */
  | On<{ type: 'AddSpeach'; speachId: string; mayView: boolean; addable: boolean }>
  | On<{ type: 'RemoveSpeach'; speachId: string }>
  | On<{ type: 'RecordOrder'; speachIds: string[] }>
  | On<{ type: 'ChangeGroup'; groupId: string; add: boolean; dueDate: string | null }>
  | On<{ type: 'ChangeUser'; userId: string; add: boolean; dueDate: string | null }>
  | On<{ type: 'Publish' }>
  | On<{ type: 'Unpublish' }>
  | On<{ type: 'Archive' }>;

/** A command without its actor (the caller adds who acts). */
export type PathChange = PathCommand extends infer C ? (C extends { actor: PathActor } ? Omit<C, 'actor'> : never) : never;

/** Spec §6: authors create paths; the owner and administrators edit them (others see the path, never change it). */
export function mayEditPath(path: Pick<ExistingPath, 'ownerId'>, actor: PathActor): boolean {
  return actor.isAdmin || path.ownerId === actor.id;
}

function existing(state: PathState): ExistingPath {
  if (state.status === 'none') throw new NotFoundError('Unknown learning path');
  return state;
}

function editable(state: PathState, actor: PathActor): ExistingPath {
  const path = existing(state);
  if (!mayEditPath(path, actor)) throw new ForbiddenError('Only the owner of this path and administrators may change it.');
  if (path.archived) throw new IllegalStateError('This path is archived');
  return path;
}

function title(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError('title', 'A title is required');
  if (value.trim().length > PATH_TITLE_MAX) throw new ValidationError('title', `title must be at most ${PATH_TITLE_MAX} characters`);
  return value.trim();
}

function description(value: unknown): string {
  if (value === null) return '';
  if (typeof value !== 'string') throw new ValidationError('description', 'description must be a text');
  if (value.length > PATH_DESCRIPTION_MAX) throw new ValidationError('description', `description must be at most ${PATH_DESCRIPTION_MAX} characters`);
  return value;
}

function image(value: unknown): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 2000) throw new ValidationError('image', 'image must be a picture URL');
  return value;
}

function flag(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new ValidationError(field, `${field} must be true or false`);
  return value;
}

function months(value: unknown): number | null {
  if (value === null || value === 0) return null;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > PATH_RECERTIFICATION_MAX_MONTHS) {
    throw new ValidationError(
      'recertificationMonths',
      `recertificationMonths must be a whole number of months from 1 to ${PATH_RECERTIFICATION_MAX_MONTHS}, or null`,
    );
  }
  return value as number;
}

/** Every field given is checked before anything is decided (one request, one decision). */
function checkedDetails(input: PathDetailsInput) {
  return {
    ...(input.title !== undefined ? { title: title(input.title) } : {}),
    ...(input.description !== undefined ? { description: description(input.description) } : {}),
    ...(input.image !== undefined ? { image: image(input.image) } : {}),
  };
}

function checkedOptions(input: PathDetailsInput): Partial<PathOptions> {
  return {
    ...(input.sequential !== undefined ? { sequential: flag(input.sequential, 'sequential') } : {}),
    ...(input.openForSelfEnrolment !== undefined ? { openForSelfEnrolment: flag(input.openForSelfEnrolment, 'openForSelfEnrolment') } : {}),
    ...(input.recertificationMonths !== undefined ? { recertificationMonths: months(input.recertificationMonths) } : {}),
  };
}

function create(cmd: Extract<PathCommand, { type: 'Create' }>, state: PathState): PathEvent[] {
  if (state.status !== 'none') throw new IllegalStateError('This path already exists');
  if (!cmd.actor.isAuthor && !cmd.actor.isAdmin) throw new ForbiddenError('Only authors and administrators create learning paths.');
  if (cmd.details.title === undefined) throw new ValidationError('title', 'A title is required');
  const details = checkedDetails(cmd.details);
  const options = checkedOptions(cmd.details);
  return [
    {
      type: 'PathCreated',
      data: {
        pathId: cmd.pathId,
        ownerId: cmd.actor.id,
        title: details.title!,
        description: details.description ?? '',
        image: details.image ?? null,
        sequential: options.sequential ?? false,
        openForSelfEnrolment: options.openForSelfEnrolment ?? false,
        recertificationMonths: options.recertificationMonths ?? null,
      },
    },
  ];
}

function changeDetails(cmd: Extract<PathCommand, { type: 'ChangeDetails' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  const details = checkedDetails(cmd.details);
  const options = checkedOptions(cmd.details);
  const changed = <T extends object>(values: T): Partial<T> =>
    Object.fromEntries(Object.entries(values).filter(([key, value]) => path[key as keyof ExistingPath] !== value)) as Partial<T>;
  const detailChanges = changed(details);
  const optionChanges = changed(options);
  const events: PathEvent[] = [];
  if (Object.keys(detailChanges).length) events.push({ type: 'PathDetailsChanged', data: { pathId: path.pathId, ...detailChanges } });
  if (Object.keys(optionChanges).length) events.push({ type: 'PathOptionsChanged', data: { pathId: path.pathId, ...optionChanges } });
  return events;
}

function addSpeach(cmd: Extract<PathCommand, { type: 'AddSpeach' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  if (!cmd.mayView) throw new ForbiddenError('You may only add a speach you can view.');
  if (!cmd.addable) throw new ValidationError('speachId', 'An archived speach or a template cannot be part of a path');
  if (path.speachIds.includes(cmd.speachId)) throw new IllegalStateError('This speach is already in the path');
  return [{ type: 'PathSpeachAdded', data: { pathId: path.pathId, speachId: cmd.speachId, position: path.speachIds.length } }];
}

/** Spec §5: a speach the editor can no longer view may still be removed. */
function removeSpeach(cmd: Extract<PathCommand, { type: 'RemoveSpeach' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  if (!path.speachIds.includes(cmd.speachId)) throw new NotFoundError('This speach is not in the path');
  return [{ type: 'PathSpeachRemoved', data: { pathId: path.pathId, speachId: cmd.speachId } }];
}

function recordOrder(cmd: Extract<PathCommand, { type: 'RecordOrder' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  const given = new Set(cmd.speachIds);
  const permutation = given.size === cmd.speachIds.length && cmd.speachIds.length === path.speachIds.length && path.speachIds.every((id) => given.has(id));
  if (!permutation) throw new ValidationError('order', 'order must list every speach of the path once, separated by ";"');
  if (cmd.speachIds.every((id, i) => path.speachIds[i] === id)) return [];
  return [{ type: 'PathSpeachesReordered', data: { pathId: path.pathId, speachIds: cmd.speachIds } }];
}

function changeAssignment(cmd: Extract<PathCommand, { type: 'ChangeGroup' | 'ChangeUser' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  const id = cmd.type === 'ChangeGroup' ? cmd.groupId : cmd.userId;
  const current = (cmd.type === 'ChangeGroup' ? path.groups : path.users).find((a) => a.id === id);
  const dueDate = cmd.add ? cmd.dueDate : null;
  // Asking for what is already so changes nothing (the checkbox may be sent twice).
  if (cmd.add ? current?.dueDate === dueDate : !current) return [];
  const common = { pathId: path.pathId, assigned: cmd.add, dueDate, published: path.published, title: path.title };
  return cmd.type === 'ChangeGroup'
    ? [{ type: 'PathGroupAssignmentChanged', data: { ...common, groupId: id } }]
    : [{ type: 'PathUserAssignmentChanged', data: { ...common, userId: id } }];
}

/** The assignments that have a due date, by assignee id (what the first publication's assignees are told). */
const dueDatesOf = (list: { id: string; dueDate: string | null }[]): Record<string, string> =>
  Object.fromEntries(list.flatMap((a) => (a.dueDate ? [[a.id, a.dueDate]] : [])));

function publish(cmd: Extract<PathCommand, { type: 'Publish' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  if (path.published) throw new IllegalStateError('This path is already published');
  if (path.speachIds.length === 0) throw new ValidationError('items', 'Add at least one speach before publishing the path');
  return [
    {
      type: 'PathPublished',
      data: {
        pathId: path.pathId,
        title: path.title,
        firstPublication: !path.everPublished,
        speachIds: path.speachIds,
        assignedUserIds: path.users.map((a) => a.id),
        assignedGroupIds: path.groups.map((a) => a.id),
        dueDates: { users: dueDatesOf(path.users), groups: dueDatesOf(path.groups) },
      },
    },
  ];
}

function unpublish(cmd: Extract<PathCommand, { type: 'Unpublish' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  if (!path.published) throw new IllegalStateError('This path is not published');
  return [{ type: 'PathUnpublished', data: { pathId: path.pathId } }];
}

function archive(cmd: Extract<PathCommand, { type: 'Archive' }>, state: PathState): PathEvent[] {
  const path = editable(state, cmd.actor);
  return [{ type: 'PathArchived', data: { pathId: path.pathId } }];
}

function decide(command: PathCommand, state: PathState): PathEvent[] {
  switch (command.type) {
    case 'Create':
      return create(command, state);
    case 'ChangeDetails':
      return changeDetails(command, state);
    case 'AddSpeach':
      return addSpeach(command, state);
    case 'RemoveSpeach':
      return removeSpeach(command, state);
    case 'RecordOrder':
      return recordOrder(command, state);
    case 'ChangeGroup':
    case 'ChangeUser':
      return changeAssignment(command, state);
    case 'Publish':
      return publish(command, state);
    case 'Unpublish':
      return unpublish(command, state);
    case 'Archive':
      return archive(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown path command ${(unknown as { type: string }).type}`);
    }
  }
}

export const pathDecider: Decider<PathState, PathCommand, PathEvent> = { initialState: initialPathState, decide, evolve: evolvePath };
