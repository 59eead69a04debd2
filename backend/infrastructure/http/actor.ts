import type { Role } from '../../../events';

/**
 * Who acts: the one type for a request's user, resolved once per request from the session by the
 * guard (AuthService.authenticate). Deciders take it, or a `Pick` of it, so that a rule reads the
 * same flags whichever controller called it; the time is never part of it (the clock gives it).
 */
export interface Actor {
  id: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  mustChangePassword: boolean;
  isAdmin: boolean;
  /** Holds the FORMATEUR role: creates and edits speaches. */
  isAuthor: boolean;
  /** Holds the APPROVER role: only such users approve, by name or through a step's group (spec §6). */
  isApprover: boolean;
  /** The groups the user belongs to (co-editing, assignments and workflow steps go through them). */
  groupIds: string[];
}

/** What the rules of the content (speach, workflow, periodic review) need to know of who acts. */
export type ContentActor = Pick<Actor, 'id' | 'isAdmin' | 'isAuthor' | 'isApprover' | 'groupIds'>;

/** The flags derived from the roles, so that every place reads them the same way. */
export function roleFlags(roles: readonly Role[]): Pick<Actor, 'isAdmin' | 'isAuthor' | 'isApprover'> {
  return { isAdmin: roles.includes('ADMIN'), isAuthor: roles.includes('FORMATEUR'), isApprover: roles.includes('APPROVER') };
}
