import type { DefinitionStep, WorkflowDefinitionEvent } from '../../events';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export const DEFINITION_NAME_MAX = 100;
export const DEFINITION_STEPS_MAX = 10;

export type WorkflowDefinitionState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; definitionId: string; name: string; steps: DefinitionStep[]; isDefault: boolean; categoryIds: string[]; version: number };

interface Definition {
  name: string;
  steps: DefinitionStep[];
  isDefault: boolean;
  categoryIds?: string[];
  /** Group and category ids that exist, resolved by the service. */
  knownGroupIds: string[];
  knownCategoryIds?: string[];
}
type WithAdmin<C> = C & { definitionId: string; isAdmin: boolean };
export type WorkflowDefinitionCommand =
  WithAdmin<{ type: 'CreateDefinition' } & Definition> | WithAdmin<{ type: 'ChangeDefinition' } & Definition> | WithAdmin<{ type: 'DeleteDefinition' }>;

function checked(command: Definition): { name: string; steps: DefinitionStep[]; categoryIds: string[] } {
  const name = (command.name ?? '').trim();
  if (!name) throw new ValidationError('name', 'name must not be empty');
  if (name.length > DEFINITION_NAME_MAX) throw new ValidationError('name', `name must be at most ${DEFINITION_NAME_MAX} characters`);
  if (!Array.isArray(command.steps) || command.steps.length === 0) throw new ValidationError('steps', 'A workflow needs at least one step');
  if (command.steps.length > DEFINITION_STEPS_MAX) throw new ValidationError('steps', `at most ${DEFINITION_STEPS_MAX} steps`);
  command.steps.forEach((step, index) => {
    if (!step || typeof step.groupId !== 'string' || !command.knownGroupIds.includes(step.groupId)) {
      throw new ValidationError(`steps[${index}].groupId`, 'Unknown group');
    }
  });
  const categoryIds = [...new Set(command.categoryIds ?? [])];
  for (const id of categoryIds) if (!(command.knownCategoryIds ?? []).includes(id)) throw new ValidationError('categoryIds', `Unknown category ${id}`);
  return { name, steps: command.steps.map((s) => ({ groupId: s.groupId })), categoryIds };
}

/** Workflow definitions (stream `workflow-definition-{id}`): administrators only; every change is a new version. */
export const workflowDefinitionDecider: Decider<WorkflowDefinitionState, WorkflowDefinitionCommand, WorkflowDefinitionEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    if (!command.isAdmin) throw new ForbiddenError('Only administrators manage workflow definitions.');
    const { definitionId } = command;
    switch (command.type) {
      case 'CreateDefinition': {
        if (state.status !== 'none') throw new IllegalStateError('This workflow definition already exists');
        return [{ type: 'WorkflowDefinitionCreated', data: { definitionId, ...checked(command), isDefault: command.isDefault === true, version: 1 } }];
      }
      case 'ChangeDefinition': {
        if (state.status !== 'active') throw new NotFoundError('Unknown workflow definition');
        const next = checked(command);
        const isDefault = command.isDefault === true;
        const same =
          next.name === state.name &&
          isDefault === state.isDefault &&
          JSON.stringify([next.steps, next.categoryIds]) === JSON.stringify([state.steps, state.categoryIds]);
        if (same) return [];
        return [{ type: 'WorkflowDefinitionChanged', data: { definitionId, ...next, isDefault, version: state.version + 1 } }];
      }
      case 'DeleteDefinition':
        if (state.status !== 'active') throw new NotFoundError('Unknown workflow definition');
        return [{ type: 'WorkflowDefinitionDeleted', data: { definitionId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkflowDefinitionCreated':
      case 'WorkflowDefinitionChanged':
        return { status: 'active', ...event.data };
      case 'WorkflowDefinitionDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
};
