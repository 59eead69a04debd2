import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { categoryDecider } from './category.decider';
import { customFieldDecider } from './custom-field.decider';
import { groupDecider } from './group.decider';
import { termsDecider } from './terms/terms.decider';

describe('group decider', () => {
  const spec = deciderSpec(groupDecider);
  const created = { type: 'GroupCreated' as const, data: { groupId: 'g1', name: 'Sales', description: '', order: 0 } };

  it('creates a group with a trimmed name, once', () => {
    spec.given([]).when({ type: 'CreateGroup', groupId: 'g1', name: ' Sales ', order: 0 }).then([created]);
    spec.given([created]).when({ type: 'CreateGroup', groupId: 'g1', name: 'Sales', order: 0 }).thenThrows(IllegalStateError);
  });
  it('refuses an empty or too long name and a negative order', () => {
    spec
      .given([])
      .when({ type: 'CreateGroup', groupId: 'g1', name: ' ', order: 0 })
      .thenThrows(ValidationError, /must not be empty/);
    spec
      .given([])
      .when({ type: 'CreateGroup', groupId: 'g1', name: 'x'.repeat(101), order: 0 })
      .thenThrows(ValidationError, /at most 100/);
    spec.given([]).when({ type: 'CreateGroup', groupId: 'g1', name: 'A', order: -1 }).thenThrows(ValidationError, /order/);
  });
  it('renames, describes and reorders, recording only changes', () => {
    spec.given([created]).when({ type: 'RenameGroup', groupId: 'g1', name: 'Sales' }).then([]);
    spec
      .given([created])
      .when({ type: 'RenameGroup', groupId: 'g1', name: 'Field sales' })
      .then([{ type: 'GroupRenamed', data: { groupId: 'g1', name: 'Field sales' } }]);
    spec
      .given([created])
      .when({ type: 'DescribeGroup', groupId: 'g1', description: 'On the road' })
      .then([{ type: 'GroupDescribed', data: { groupId: 'g1', description: 'On the road' } }]);
    spec
      .given([created])
      .when({ type: 'ReorderGroup', groupId: 'g1', order: 3 })
      .then([{ type: 'GroupReordered', data: { groupId: 'g1', order: 3 } }]);
  });
  it('associates known categories only', () => {
    spec
      .given([created])
      .when({ type: 'AssociateCategories', groupId: 'g1', categoryIds: ['c1', 'c1'], knownCategoryIds: ['c1'] })
      .then([{ type: 'GroupCategoriesAssociated', data: { groupId: 'g1', categoryIds: ['c1'] } }]);
    spec
      .given([created])
      .when({ type: 'AssociateCategories', groupId: 'g1', categoryIds: ['c9'], knownCategoryIds: ['c1'] })
      .thenThrows(ValidationError, /unknown category c9/);
  });
  it('deletes a group, after which it is unknown', () => {
    const deleted = { type: 'GroupDeleted' as const, data: { groupId: 'g1' } };
    spec.given([created]).when({ type: 'DeleteGroup', groupId: 'g1' }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'RenameGroup', groupId: 'g1', name: 'X' }).thenThrows(NotFoundError);
    spec.given([]).when({ type: 'DeleteGroup', groupId: 'g1' }).thenThrows(NotFoundError);
  });
});

describe('category decider', () => {
  const spec = deciderSpec(categoryDecider);
  const created = { type: 'CategoryCreated' as const, data: { categoryId: 'c1', name: 'Safety' } };
  it('creates, renames and deletes', () => {
    spec.given([]).when({ type: 'CreateCategory', categoryId: 'c1', name: 'Safety' }).then([created]);
    spec
      .given([created])
      .when({ type: 'RenameCategory', categoryId: 'c1', name: 'Security' })
      .then([{ type: 'CategoryRenamed', data: { categoryId: 'c1', name: 'Security' } }]);
    spec
      .given([created])
      .when({ type: 'DeleteCategory', categoryId: 'c1' })
      .then([{ type: 'CategoryDeleted', data: { categoryId: 'c1' } }]);
  });
  it('refuses an empty name and an unknown category', () => {
    spec.given([]).when({ type: 'CreateCategory', categoryId: 'c1', name: '' }).thenThrows(ValidationError);
    spec.given([]).when({ type: 'RenameCategory', categoryId: 'c1', name: 'A' }).thenThrows(NotFoundError);
  });
});

describe('custom field decider', () => {
  const spec = deciderSpec(customFieldDecider);
  const labels = { name: 'site', labelEn: 'Site', labelFr: 'Site', labelEs: 'Sede', labelDe: 'Standort' };
  const defined = { type: 'CustomFieldDefined' as const, data: { customFieldId: 'f1', ...labels } };
  it('defines a field and records label changes only when they differ', () => {
    spec
      .given([])
      .when({ type: 'DefineCustomField', customFieldId: 'f1', ...labels })
      .then([defined]);
    spec
      .given([defined])
      .when({ type: 'ChangeCustomField', customFieldId: 'f1', ...labels })
      .then([]);
    spec
      .given([defined])
      .when({ type: 'ChangeCustomField', customFieldId: 'f1', ...labels, labelDe: 'Werk' })
      .then([{ type: 'CustomFieldChanged', data: { customFieldId: 'f1', ...labels, labelDe: 'Werk' } }]);
  });
  it('requires a name', () => {
    spec
      .given([])
      .when({ type: 'DefineCustomField', customFieldId: 'f1', ...labels, name: ' ' })
      .thenThrows(ValidationError, /name must not be empty/);
  });
});

describe('terms decider', () => {
  const spec = deciderSpec(termsDecider);
  it('publishes sanitised HTML as the next version', () => {
    spec
      .given([])
      .when({ type: 'PublishTerms', document: 'GCU', html: '<p onclick="x()">Hi</p><script>bad()</script>' })
      .then([{ type: 'TermsPublished', data: { document: 'GCU', version: 1, html: '<p>Hi</p>' } }]);
    spec
      .given([{ type: 'TermsPublished', data: { document: 'GCU', version: 1, html: '<p>Hi</p>' } }])
      .when({ type: 'PublishTerms', document: 'GCU', html: '<p>Hello</p>' })
      .then([{ type: 'TermsPublished', data: { document: 'GCU', version: 2, html: '<p>Hello</p>' } }]);
  });
  it('records nothing for unchanged text and refuses empty text', () => {
    spec
      .given([{ type: 'TermsPublished', data: { document: 'PDP', version: 1, html: '<p>Hi</p>' } }])
      .when({ type: 'PublishTerms', document: 'PDP', html: '<p>Hi</p>' })
      .then([]);
    spec
      .given([])
      .when({ type: 'PublishTerms', document: 'PDP', html: '<script></script>' })
      .thenThrows(ValidationError, /must not be empty/);
  });
});
