import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export { ROLES, type Role } from './user-vocabulary.view';
import type { Role } from './user-vocabulary.view';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    roles: Role[];
    /** How the account came to be: demo seed, an admin, or a CSV import. */
    source: 'seed' | 'admin' | 'import';
  }
>;

/**
 * Only the argon2 hash is ever stored, never the password. Every other session of the user ends with
 * it (issue 16): `keepSessionId` names the session that changed its own password, the only one kept.
 */
export type UserPasswordSet = DomainEvent<'UserPasswordSet', { userId: string; passwordHash: string; mustChangeAtNextLogin: boolean; keepSessionId?: string }>;

export type UserRolesChanged = DomainEvent<'UserRolesChanged', { userId: string; roles: Role[] }>;

export type UserProfileChanged = DomainEvent<
  'UserProfileChanged',
  { userId: string; firstName?: string; lastName?: string; email?: string; img?: string | null }
>;

/** Spec §3 custom field values: the whole set, keyed by custom field id. */
export type UserCustomFieldsChanged = DomainEvent<'UserCustomFieldsChanged', { userId: string; values: Record<string, string> }>;

/** Group membership; an empty list puts the user in the "no group" pseudo group (-1). */
export type UserGroupsChanged = DomainEvent<'UserGroupsChanged', { userId: string; groupIds: string[] }>;

export type UserPasswordChangeRequired = DomainEvent<'UserPasswordChangeRequired', { userId: string; required: boolean }>;

/** Terms of use (GCU) or personal-data policy (PDP) accepted, with the version the user read. */
export type UserTermsAccepted = DomainEvent<'UserTermsAccepted', { userId: string; document: 'GCU' | 'PDP'; version: number }>;

/** A get-started card closed for good (spec §7 removegetstarted: SPEACH or USER). */
export type UserGetStartedDismissed = DomainEvent<'UserGetStartedDismissed', { userId: string; card: 'SPEACH' | 'USER' }>;

export type UserDeactivated = DomainEvent<'UserDeactivated', { userId: string }>;
export type UserReactivated = DomainEvent<'UserReactivated', { userId: string }>;

export type UserEvent =
  | UserRegistered
  | UserPasswordSet
  | UserRolesChanged
  | UserProfileChanged
  | UserCustomFieldsChanged
  | UserGroupsChanged
  | UserPasswordChangeRequired
  | UserTermsAccepted
  | UserGetStartedDismissed
  | UserDeactivated
  | UserReactivated;

/** Stream `email-{sha256(lower-case e-mail)}`: the reservation that keeps e-mails unique under concurrency. */
export type EmailReserved = DomainEvent<'EmailReserved', { userId: string }>;
export type EmailReleased = DomainEvent<'EmailReleased', { userId: string }>;
export type EmailReservationEvent = EmailReserved | EmailReleased;

/** Stream `session-{sessionId}`; the session id is the SHA-256 of the bearer token, never the token. */
export type SessionStarted = DomainEvent<'SessionStarted', { sessionId: string; userId: string; expiresAt: string }>;
export type SessionEnded = DomainEvent<
  'SessionEnded',
  /** `replaced`: a new login in the same browser rotated the session id. */
  { sessionId: string; userId: string; reason: 'logout' | 'deactivated' | 'replaced' }
>;
export type SessionEvent = SessionStarted | SessionEnded;

for (const type of [
  'UserRegistered',
  'UserPasswordSet',
  'UserRolesChanged',
  'UserProfileChanged',
  'UserCustomFieldsChanged',
  'UserGroupsChanged',
  'UserPasswordChangeRequired',
  'UserTermsAccepted',
  'UserGetStartedDismissed',
  'UserDeactivated',
  'UserReactivated',
  'EmailReserved',
  'EmailReleased',
  'SessionStarted',
  'SessionEnded',
]) {
  registerEventType(type, 1);
}

/** Stream names of the identity context (issue 24: they live with their events, never inline). */
export const userStream = (userId: string) => `user-${userId}`;
export const sessionStream = (sessionId: string) => `session-${sessionId}`;
