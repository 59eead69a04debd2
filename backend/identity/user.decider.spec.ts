import type { UserEvent } from '../../events';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { type UserCommand, userDecider } from './user.decider';

const spec = deciderSpec(userDecider);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: ['FORMATEUR'], source: 'admin' },
};
const register = (overrides: Partial<Extract<UserCommand, { type: 'RegisterUser' }>> = {}): UserCommand => ({
  type: 'RegisterUser',
  userId: 'u1',
  email: ' Ada@Example.com ',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  roles: ['FORMATEUR'],
  source: 'admin',
  workflowEnabled: true,
  ...overrides,
});

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a new user with a normalised e-mail and trimmed names', () => {
      spec.given([]).when(register()).then([registered]);
    });
    it('refuses to register the same user twice', () => {
      spec.given([registered]).when(register()).thenThrows(IllegalStateError);
    });
    it('refuses names over 30 characters', () => {
      spec
        .given([])
        .when(register({ firstName: 'x'.repeat(31) }))
        .thenThrows(ValidationError, /at most 30/);
    });
    it('refuses an empty last name', () => {
      spec
        .given([])
        .when(register({ lastName: '  ' }))
        .thenThrows(ValidationError, /lastName must not be empty/);
    });
    it('refuses an invalid e-mail and one over 230 characters', () => {
      spec
        .given([])
        .when(register({ email: 'not-an-email' }))
        .thenThrows(ValidationError, /valid e-mail/);
      spec
        .given([])
        .when(register({ email: `${'a'.repeat(225)}@example.com` }))
        .thenThrows(ValidationError, /at most 230/);
    });
    it('refuses an unknown role', () => {
      spec
        .given([])
        .when(register({ roles: ['WIZARD' as never] }))
        .thenThrows(ValidationError, /unknown role WIZARD/);
    });
    it('refuses the AI editor role without the author role', () => {
      spec
        .given([])
        .when(register({ roles: ['AI_EDITOR'] }))
        .thenThrows(ValidationError, /needs the author/);
    });
    it('refuses the approver role while the workflow is disabled', () => {
      spec
        .given([])
        .when(register({ roles: ['APPROVER'], workflowEnabled: false }))
        .thenThrows(ValidationError, /workflow is enabled/);
    });
  });

  describe('ChangeRoles', () => {
    it('records the new roles', () => {
      spec
        .given([registered])
        .when({ type: 'ChangeRoles', userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR'], workflowEnabled: true, aiLicenceAvailable: true })
        .then([{ type: 'UserRolesChanged', data: { userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR'] } }]);
    });
    it('records nothing when the roles do not change', () => {
      spec
        .given([registered])
        .when({ type: 'ChangeRoles', userId: 'u1', roles: ['FORMATEUR'], workflowEnabled: true, aiLicenceAvailable: true })
        .then([]);
    });
    it('refuses an unknown user', () => {
      spec.given([]).when({ type: 'ChangeRoles', userId: 'u1', roles: [], workflowEnabled: true, aiLicenceAvailable: true }).thenThrows(NotFoundError);
    });
  });

  describe('SetPassword', () => {
    it('stores the hash and the forced-change flag', () => {
      spec
        .given([registered])
        .when({ type: 'SetPassword', userId: 'u1', passwordHash: '$argon2id$x', mustChangeAtNextLogin: true })
        .then([{ type: 'UserPasswordSet', data: { userId: 'u1', passwordHash: '$argon2id$x', mustChangeAtNextLogin: true } }]);
    });
  });

  describe('DeactivateUser and ReactivateUser', () => {
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId: 'u1' } };
    it('deactivates an active user', () => {
      spec.given([registered]).when({ type: 'DeactivateUser', userId: 'u1' }).then([deactivated]);
    });
    it('refuses to deactivate twice', () => {
      spec
        .given([registered, deactivated])
        .when({ type: 'DeactivateUser', userId: 'u1' })
        .thenThrows(IllegalStateError, /already deactivated/);
    });
    it('reactivates a deactivated user and refuses an active one', () => {
      spec
        .given([registered, deactivated])
        .when({ type: 'ReactivateUser', userId: 'u1' })
        .then([{ type: 'UserReactivated', data: { userId: 'u1' } }]);
      spec.given([registered]).when({ type: 'ReactivateUser', userId: 'u1' }).thenThrows(IllegalStateError);
    });
  });
});

describe('user decider: profile, groups, custom fields, terms, get-started', () => {
  const spec2 = deciderSpec(userDecider);

  it('records only the profile fields that change, validated', () => {
    spec2
      .given([registered])
      .when({ type: 'ChangeProfile', userId: 'u1', firstName: 'Ada', lastName: 'King', email: 'ADA@example.com' })
      .then([{ type: 'UserProfileChanged', data: { userId: 'u1', lastName: 'King' } }]);
    spec2.given([registered]).when({ type: 'ChangeProfile', userId: 'u1', firstName: 'Ada' }).then([]);
    spec2
      .given([registered])
      .when({ type: 'ChangeProfile', userId: 'u1', email: 'broken' })
      .thenThrows(ValidationError, /valid e-mail/);
  });

  it('clears the AI editor role when the author role is removed', () => {
    const withAi: UserEvent = { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR'] } };
    spec2
      .given([registered, withAi])
      .when({ type: 'ChangeRoles', userId: 'u1', roles: ['AI_EDITOR'], workflowEnabled: true, aiLicenceAvailable: true })
      .then([{ type: 'UserRolesChanged', data: { userId: 'u1', roles: [] } }]);
  });

  it('needs a free AI licence to give the AI editor role, unless already held', () => {
    spec2
      .given([registered])
      .when({ type: 'ChangeRoles', userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR'], workflowEnabled: true, aiLicenceAvailable: false })
      .thenThrows(ValidationError, /no free AI licence/);
    const withAi: UserEvent = { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR'] } };
    spec2
      .given([registered, withAi])
      .when({ type: 'ChangeRoles', userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR', 'ADMIN'], workflowEnabled: true, aiLicenceAvailable: false })
      .then([{ type: 'UserRolesChanged', data: { userId: 'u1', roles: ['FORMATEUR', 'AI_EDITOR', 'ADMIN'] } }]);
  });

  it('sets groups among known ones, "no group" (-1) meaning none', () => {
    spec2
      .given([registered])
      .when({ type: 'ChangeGroups', userId: 'u1', groupIds: ['g1', 'g1', '-1'], knownGroupIds: ['g1', 'g2'] })
      .then([{ type: 'UserGroupsChanged', data: { userId: 'u1', groupIds: ['g1'] } }]);
    spec2
      .given([registered])
      .when({ type: 'ChangeGroups', userId: 'u1', groupIds: ['zz'], knownGroupIds: ['g1'] })
      .thenThrows(ValidationError, /unknown group zz/);
    spec2
      .given([registered])
      .when({ type: 'ChangeGroups', userId: 'u1', groupIds: ['-1'], knownGroupIds: [] })
      .then([]);
  });

  it('sets custom field values of known fields only', () => {
    spec2
      .given([registered])
      .when({ type: 'SetCustomFields', userId: 'u1', values: { f1: 'Lyon' }, knownFieldIds: ['f1'] })
      .then([{ type: 'UserCustomFieldsChanged', data: { userId: 'u1', values: { f1: 'Lyon' } } }]);
    spec2
      .given([registered])
      .when({ type: 'SetCustomFields', userId: 'u1', values: { f9: 'x' }, knownFieldIds: ['f1'] })
      .thenThrows(ValidationError, /unknown custom field/);
  });

  it('forces a password change once, and records acceptance of a newer terms version only', () => {
    spec2
      .given([registered])
      .when({ type: 'RequirePasswordChange', userId: 'u1', required: true })
      .then([{ type: 'UserPasswordChangeRequired', data: { userId: 'u1', required: true } }]);
    spec2.given([registered]).when({ type: 'RequirePasswordChange', userId: 'u1', required: false }).then([]);
    const accepted: UserEvent = { type: 'UserTermsAccepted', data: { userId: 'u1', document: 'GCU', version: 2 } };
    spec2.given([registered, accepted]).when({ type: 'AcceptTerms', userId: 'u1', document: 'GCU', version: 2 }).then([]);
    spec2
      .given([registered, accepted])
      .when({ type: 'AcceptTerms', userId: 'u1', document: 'GCU', version: 3 })
      .then([{ type: 'UserTermsAccepted', data: { userId: 'u1', document: 'GCU', version: 3 } }]);
  });

  it('dismisses a get-started card once', () => {
    const dismissed: UserEvent = { type: 'UserGetStartedDismissed', data: { userId: 'u1', card: 'USER' } };
    spec2.given([registered]).when({ type: 'DismissGetStarted', userId: 'u1', card: 'USER' }).then([dismissed]);
    spec2.given([registered, dismissed]).when({ type: 'DismissGetStarted', userId: 'u1', card: 'USER' }).then([]);
  });
});
