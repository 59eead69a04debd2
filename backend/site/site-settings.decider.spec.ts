import type { EditableFeatureFlags } from '../../events';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { accessibilityStatementDecider } from './accessibility-statement.decider';
import { siteSettingsDecider } from './site-settings.decider';

const defaults: EditableFeatureFlags = {
  workflowEnabled: true,
  scormClassicEnabled: false,
  pinnedEnabled: true,
  periodicReviewEnabled: true,
  commentsEnabled: true,
  footerEnabled: true,
  delayEnabled: true,
  userPasswordIsEditable: true,
  passwordMinLength: 8,
  passwordMaxLength: 64,
};

describe('site settings decider', () => {
  const spec = deciderSpec(siteSettingsDecider);

  it('records only the flags that change, with their previous values', () => {
    spec
      .given([])
      .when({ type: 'ChangeFeatureFlags', changes: { commentsEnabled: false, workflowEnabled: true, passwordMinLength: 10 }, defaults })
      .then([
        {
          type: 'FeatureFlagsChanged',
          data: { changes: { commentsEnabled: false, passwordMinLength: 10 }, previous: { commentsEnabled: true, passwordMinLength: 8 } },
        },
      ]);
  });

  it('records nothing when every value is already in force', () => {
    spec
      .given([{ type: 'FeatureFlagsChanged', data: { changes: { commentsEnabled: false }, previous: { commentsEnabled: true } } }])
      .when({ type: 'ChangeFeatureFlags', changes: { commentsEnabled: false }, defaults })
      .then([]);
  });

  it('refuses an unknown flag, a wrong type, out-of-bounds lengths and a minimum above the maximum', () => {
    spec
      .given([])
      .when({ type: 'ChangeFeatureFlags', changes: { aiLicenseAvailable: true }, defaults })
      .thenThrows(ValidationError, /not a setting/);
    spec
      .given([])
      .when({ type: 'ChangeFeatureFlags', changes: { pinnedEnabled: 'yes' }, defaults })
      .thenThrows(ValidationError, /must be a boolean/);
    spec
      .given([])
      .when({ type: 'ChangeFeatureFlags', changes: { passwordMinLength: 2 }, defaults })
      .thenThrows(ValidationError, /between 6 and 256/);
    spec
      .given([])
      .when({ type: 'ChangeFeatureFlags', changes: { passwordMaxLength: 12.5 }, defaults })
      .thenThrows(ValidationError, /integer/);
    spec
      .given([])
      .when({ type: 'ChangeFeatureFlags', changes: { passwordMinLength: 70 }, defaults })
      .thenThrows(ValidationError, /must not exceed/);
  });

  it('checks min ≤ max against what earlier changes left in force', () => {
    spec
      .given([{ type: 'FeatureFlagsChanged', data: { changes: { passwordMaxLength: 20 }, previous: { passwordMaxLength: 64 } } }])
      .when({ type: 'ChangeFeatureFlags', changes: { passwordMinLength: 30 }, defaults })
      .thenThrows(ValidationError, /must not exceed/);
  });

  it('changes the footer items and its enabled flag in one decision', () => {
    spec
      .given([])
      .when({
        type: 'ChangeFooter',
        isEnabled: false,
        items: [
          { code: 'PRODUCT', label: 'Speach', url: 'https://example.com' },
          { code: 'GCU', label: 'Terms' },
        ],
        defaults,
      })
      .then([
        {
          type: 'FooterItemsChanged',
          data: {
            items: [
              { code: 'PRODUCT', label: 'Speach', url: 'https://example.com' },
              { code: 'GCU', label: 'Terms' },
            ],
          },
        },
        { type: 'FeatureFlagsChanged', data: { changes: { footerEnabled: false }, previous: { footerEnabled: true } } },
      ]);
  });

  it('records nothing for the footer already in force', () => {
    spec
      .given([{ type: 'FooterItemsChanged', data: { items: [{ code: 'PDP', label: 'Privacy' }] } }])
      .when({ type: 'ChangeFooter', items: [{ code: 'PDP', label: ' Privacy ' }], defaults })
      .then([]);
  });

  it('refuses unknown or repeated codes, empty labels and a product item without a web address', () => {
    const when = (items: unknown) => spec.given([]).when({ type: 'ChangeFooter', items, defaults });
    when([{ code: 'HOME', label: 'x' }]).thenThrows(ValidationError, /code must be one of/);
    when([
      { code: 'GCU', label: 'a' },
      { code: 'GCU', label: 'b' },
    ]).thenThrows(ValidationError, /appears twice/);
    when([{ code: 'PDP', label: '  ' }]).thenThrows(ValidationError, /label must not be empty/);
    when([{ code: 'PRODUCT', label: 'Site', url: 'javascript:alert(1)' }]).thenThrows(ValidationError, /http or https/);
    when('nope').thenThrows(ValidationError, /must be a list/);
  });
});

describe('accessibility statement decider', () => {
  const spec = deciderSpec(accessibilityStatementDecider);
  const published = { type: 'AccessibilityStatementPublished' as const, data: { id: 's1', statement: '<p>Ours</p>' } };

  it('publishes a sanitised statement', () => {
    spec
      .given([])
      .when({ type: 'PublishStatement', id: 's1', statement: '<p onclick="x()">Ours</p><script>alert(1)</script>' })
      .then([{ type: 'AccessibilityStatementPublished', data: { id: 's1', statement: '<p>Ours</p>' } }]);
  });

  it('refuses a second statement and empty content', () => {
    spec
      .given([published])
      .when({ type: 'PublishStatement', id: 's2', statement: '<p>Other</p>' })
      .thenThrows(IllegalStateError, /already exists/);
    spec
      .given([])
      .when({ type: 'PublishStatement', id: 's1', statement: '<p> </p><script>x</script>' })
      .thenThrows(ValidationError, /must not be empty/);
  });

  it('changes the statement by id, records nothing when unchanged, and answers 404 for another id', () => {
    spec
      .given([published])
      .when({ type: 'ChangeStatement', id: 's1', statement: '<h2>New</h2>' })
      .then([{ type: 'AccessibilityStatementChanged', data: { id: 's1', statement: '<h2>New</h2>' } }]);
    spec.given([published]).when({ type: 'ChangeStatement', id: 's1', statement: '<p>Ours</p>' }).then([]);
    spec.given([published]).when({ type: 'ChangeStatement', id: 'other', statement: '<p>x</p>' }).thenThrows(NotFoundError);
    spec.given([]).when({ type: 'ChangeStatement', id: 's1', statement: '<p>x</p>' }).thenThrows(NotFoundError);
  });
});
