import type { CategoryEvent } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export const CATEGORY_NAME_MAX = 100;

export type CategoryState = { status: 'none' } | { status: 'active' | 'deleted'; name: string };
export type CategoryCommand =
  | { type: 'CreateCategory'; categoryId: string; name: string }
  | { type: 'RenameCategory'; categoryId: string; name: string }
  | { type: 'DeleteCategory'; categoryId: string };

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ValidationError('name', 'name must not be empty');
  if (trimmed.length > CATEGORY_NAME_MAX) throw new ValidationError('name', `name must be at most ${CATEGORY_NAME_MAX} characters`);
  return trimmed;
}

export const categoryDecider: Decider<CategoryState, CategoryCommand, CategoryEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory':
        if (state.status !== 'none') throw new IllegalStateError('This category already exists');
        return [{ type: 'CategoryCreated', data: { categoryId: command.categoryId, name: checkName(command.name) } }];
      case 'RenameCategory': {
        if (state.status !== 'active') throw new NotFoundError('Unknown category');
        const name = checkName(command.name);
        return name === state.name ? [] : [{ type: 'CategoryRenamed', data: { categoryId: command.categoryId, name } }];
      }
      case 'DeleteCategory':
        if (state.status !== 'active') throw new NotFoundError('Unknown category');
        return [{ type: 'CategoryDeleted', data: { categoryId: command.categoryId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { status: 'active', name: event.data.name };
      case 'CategoryRenamed':
        return state.status === 'none' ? state : { ...state, name: event.data.name };
      case 'CategoryDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
