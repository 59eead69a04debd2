import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Roles of spec §3 "Roles" (NONE is the absence of any). */
export const ROLES = ['ADMIN', 'FORMATEUR', 'APPROVER', 'AI_EDITOR'] as const;
export type Role = (typeof ROLES)[number];

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

/** Only the argon2 hash is ever stored, never the password. */
export type UserPasswordSet = DomainEvent<
  'UserPasswordSet',
  { userId: string; passwordHash: string; mustChangeAtNextLogin: boolean }
>;

export type UserRolesChanged = DomainEvent<'UserRolesChanged', { userId: string; roles: Role[] }>;

export type UserProfileChanged = DomainEvent<
  'UserProfileChanged',
  { userId: string; firstName?: string; lastName?: string; email?: string; img?: string | null }
>;

export type UserDeactivated = DomainEvent<'UserDeactivated', { userId: string }>;
export type UserReactivated = DomainEvent<'UserReactivated', { userId: string }>;

export type UserEvent =
  | UserRegistered
  | UserPasswordSet
  | UserRolesChanged
  | UserProfileChanged
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
  { sessionId: string; userId: string; reason: 'logout' | 'deactivated' }
>;
export type SessionEvent = SessionStarted | SessionEnded;

for (const type of [
  'UserRegistered',
  'UserPasswordSet',
  'UserRolesChanged',
  'UserProfileChanged',
  'UserDeactivated',
  'UserReactivated',
  'EmailReserved',
  'EmailReleased',
  'SessionStarted',
  'SessionEnded',
]) {
  registerEventType(type, 1);
}
