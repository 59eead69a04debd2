import type { WorkflowDefinitionEvent } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { type WorkflowDefinitionCommand, workflowDefinitionDecider } from './workflow-definition.decider';

const d = 'd1';
const knownGroupIds = ['g1', 'g2'];
const create = (over: Partial<WorkflowDefinitionCommand> = {}): WorkflowDefinitionCommand =>
  ({
    type: 'CreateDefinition',
    definitionId: d,
    isAdmin: true,
    name: ' Two steps ',
    steps: [{ groupId: 'g1' }, { groupId: 'g2' }],
    isDefault: true,
    knownGroupIds,
    ...over,
  }) as WorkflowDefinitionCommand;
const created: WorkflowDefinitionEvent = {
  type: 'WorkflowDefinitionCreated',
  data: { definitionId: d, name: 'Two steps', steps: [{ groupId: 'g1' }, { groupId: 'g2' }], isDefault: true, categoryIds: [], version: 1 },
};

describe('workflow definition decider', () => {
  const spec = deciderSpec(workflowDefinitionDecider);

  it('creates a named definition with ordered group steps, version 1', () => {
    spec.given([]).when(create()).then([created]);
  });
  it('a change is a new version; an identical save changes nothing', () => {
    spec
      .given([created])
      .when({
        type: 'ChangeDefinition',
        definitionId: d,
        isAdmin: true,
        name: 'Quality only',
        steps: [{ groupId: 'g2' }],
        isDefault: false,
        categoryIds: ['c1', 'c1'],
        knownGroupIds,
        knownCategoryIds: ['c1'],
      })
      .then([
        {
          type: 'WorkflowDefinitionChanged',
          data: { definitionId: d, name: 'Quality only', steps: [{ groupId: 'g2' }], isDefault: false, categoryIds: ['c1'], version: 2 },
        },
      ]);
    spec
      .given([created])
      .when({
        type: 'ChangeDefinition',
        definitionId: d,
        isAdmin: true,
        name: 'Two steps',
        steps: [{ groupId: 'g1' }, { groupId: 'g2' }],
        isDefault: true,
        knownGroupIds,
      })
      .then([]);
  });
  it('refuses a non-admin (403), bad input (400), a duplicate (409) and an unknown definition (404)', () => {
    spec
      .given([])
      .when(create({ isAdmin: false }))
      .thenThrows(ForbiddenError);
    spec
      .given([])
      .when(create({ name: '  ' } as Partial<WorkflowDefinitionCommand>))
      .thenThrows(ValidationError, /name/);
    spec
      .given([])
      .when(create({ steps: [] } as Partial<WorkflowDefinitionCommand>))
      .thenThrows(ValidationError, /at least one step/);
    spec
      .given([])
      .when(create({ steps: [{ groupId: 'nope' }] } as Partial<WorkflowDefinitionCommand>))
      .thenThrows(ValidationError, /Unknown group/);
    spec
      .given([])
      .when(create({ categoryIds: ['ghost'] } as Partial<WorkflowDefinitionCommand>))
      .thenThrows(ValidationError, /Unknown category/);
    spec.given([created]).when(create()).thenThrows(IllegalStateError);
    spec.given([]).when({ type: 'DeleteDefinition', definitionId: d, isAdmin: true }).thenThrows(NotFoundError);
  });
  it('deletes a definition', () => {
    spec
      .given([created])
      .when({ type: 'DeleteDefinition', definitionId: d, isAdmin: true })
      .then([{ type: 'WorkflowDefinitionDeleted', data: { definitionId: d } }]);
  });
});
