import type { GroupEvent } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;

interface ExistingGroup {
  status: 'active' | 'deleted';
  groupId: string;
  name: string;
  description: string;
  order: number;
  categoryIds: string[];
}

export type GroupState = { status: 'none' } | ExistingGroup;

export type GroupCommand =
  | { type: 'CreateGroup'; groupId: string; name: string; description?: string; order: number }
  | { type: 'RenameGroup'; groupId: string; name: string }
  | { type: 'DescribeGroup'; groupId: string; description: string }
  | { type: 'ReorderGroup'; groupId: string; order: number }
  | { type: 'AssociateCategories'; groupId: string; categoryIds: string[]; knownCategoryIds: string[] }
  | { type: 'DeleteGroup'; groupId: string };

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ValidationError('name', 'name must not be empty');
  if (trimmed.length > GROUP_NAME_MAX) throw new ValidationError('name', `name must be at most ${GROUP_NAME_MAX} characters`);
  return trimmed;
}

function checkDescription(description: string): string {
  if (description.length > GROUP_DESCRIPTION_MAX) {
    throw new ValidationError('description', `description must be at most ${GROUP_DESCRIPTION_MAX} characters`);
  }
  return description.trim();
}

function active(state: GroupState): ExistingGroup {
  if (state.status !== 'active') throw new NotFoundError('Unknown group');
  return state;
}

export const groupDecider: Decider<GroupState, GroupCommand, GroupEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateGroup':
        if (state.status !== 'none') throw new IllegalStateError('This group already exists');
        if (!Number.isInteger(command.order) || command.order < 0) throw new ValidationError('order', 'order must be a non-negative integer');
        return [
          {
            type: 'GroupCreated',
            data: { groupId: command.groupId, name: checkName(command.name), description: checkDescription(command.description ?? ''), order: command.order },
          },
        ];
      case 'RenameGroup': {
        const group = active(state);
        const name = checkName(command.name);
        return name === group.name ? [] : [{ type: 'GroupRenamed', data: { groupId: command.groupId, name } }];
      }
      case 'DescribeGroup': {
        const group = active(state);
        const description = checkDescription(command.description);
        return description === group.description ? [] : [{ type: 'GroupDescribed', data: { groupId: command.groupId, description } }];
      }
      case 'ReorderGroup': {
        const group = active(state);
        if (!Number.isInteger(command.order) || command.order < 0) throw new ValidationError('order', 'order must be a non-negative integer');
        return command.order === group.order ? [] : [{ type: 'GroupReordered', data: { groupId: command.groupId, order: command.order } }];
      }
      case 'AssociateCategories': {
        const group = active(state);
        const categoryIds = [...new Set(command.categoryIds)];
        for (const id of categoryIds) if (!command.knownCategoryIds.includes(id)) throw new ValidationError('categoryIds', `unknown category ${id}`);
        const same = categoryIds.length === group.categoryIds.length && categoryIds.every((c) => group.categoryIds.includes(c));
        return same ? [] : [{ type: 'GroupCategoriesAssociated', data: { groupId: command.groupId, categoryIds } }];
      }
      case 'DeleteGroup':
        active(state);
        return [{ type: 'GroupDeleted', data: { groupId: command.groupId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GroupCreated':
        return { status: 'active', ...event.data, categoryIds: [] };
      case 'GroupRenamed':
        return state.status === 'none' ? state : { ...state, name: event.data.name };
      case 'GroupDescribed':
        return state.status === 'none' ? state : { ...state, description: event.data.description };
      case 'GroupReordered':
        return state.status === 'none' ? state : { ...state, order: event.data.order };
      case 'GroupCategoriesAssociated':
        return state.status === 'none' ? state : { ...state, categoryIds: event.data.categoryIds };
      case 'GroupDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
