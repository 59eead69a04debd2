import type { PasswordLinkEvent, UserEvent } from '../../../events';
import { deciderSpec } from '../../infrastructure/decider/given-when-then';
import { NotFoundError } from '../../infrastructure/decider/decider';
import { LinkGoneError, passwordLinkDecider } from './password-link.decider';

const userId = '0190a000-0000-7000-8000-000000000001';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: [], source: 'admin' },
};
const issued = (tokenHash: string, triggerId: string, expiresAt = '2030-01-04T00:00:00.000Z'): PasswordLinkEvent => ({
  type: 'SetPasswordLinkIssued',
  data: { userId, tokenHash, expiresAt, reason: 'WELCOME', triggerId },
});
const setWith = (tokenHash: string, now = '2030-01-02T00:00:00.000Z') =>
  ({ type: 'SetPasswordWithLink', userId, tokenHash, passwordHash: '$argon2id$hash', now }) as const;

describe('set-password link decider', () => {
  const spec = deciderSpec(passwordLinkDecider);

  it('records an administrator asking for a new password of an existing user, and refuses an unknown one', () => {
    spec
      .given([registered])
      .when({ type: 'RequestPasswordLink', userId })
      .then([{ type: 'SetPasswordLinkRequested', data: { userId } }]);
    spec.given([]).when({ type: 'RequestPasswordLink', userId }).thenThrows(NotFoundError);
  });

  it('issues a link once per trigger: a replayed policy appends nothing', () => {
    spec
      .given([registered])
      .when({ type: 'IssuePasswordLink', userId, tokenHash: 'h1', expiresAt: '2030-01-04T00:00:00.000Z', reason: 'WELCOME', triggerId: 'e1' })
      .then([issued('h1', 'e1')]);
    spec
      .given([registered, issued('h1', 'e1')])
      .when({ type: 'IssuePasswordLink', userId, tokenHash: 'h1', expiresAt: '2030-01-04T00:00:00.000Z', reason: 'WELCOME', triggerId: 'e1' })
      .then([]);
  });

  it('sets the password and spends the link in one decision', () => {
    spec
      .given([registered, issued('h1', 'e1')])
      .when(setWith('h1'))
      .then([
        { type: 'SetPasswordLinkUsed', data: { userId, tokenHash: 'h1' } },
        { type: 'UserPasswordSet', data: { userId, passwordHash: '$argon2id$hash', mustChangeAtNextLogin: false } },
      ]);
  });

  it('refuses a used link, and every link issued before the one used', () => {
    const used: PasswordLinkEvent = { type: 'SetPasswordLinkUsed', data: { userId, tokenHash: 'h2' } };
    spec
      .given([registered, issued('h1', 'e1'), issued('h2', 'e2'), used])
      .when(setWith('h2'))
      .thenThrows(LinkGoneError, /already been used/);
    spec
      .given([registered, issued('h1', 'e1'), issued('h2', 'e2'), used])
      .when(setWith('h1'))
      .thenThrows(LinkGoneError, /already been used/);
  });

  it('refuses an expired link, an unknown token and a deactivated account', () => {
    spec
      .given([registered, issued('h1', 'e1')])
      .when(setWith('h1', '2030-01-04T00:00:00.000Z'))
      .thenThrows(LinkGoneError, /expired/);
    spec
      .given([registered, issued('h1', 'e1')])
      .when(setWith('other'))
      .thenThrows(LinkGoneError, /not valid/);
    spec
      .given([])
      .when(setWith('h1'))
      .thenThrows(LinkGoneError, /not valid/);
    spec
      .given([registered, issued('h1', 'e1'), { type: 'UserDeactivated', data: { userId } }])
      .when(setWith('h1'))
      .thenThrows(LinkGoneError, /deactivated/);
  });
});
