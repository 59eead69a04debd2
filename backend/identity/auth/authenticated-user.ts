import type { Role } from '../../../events';

/** Who a request acts for, once the session is checked. */
export interface AuthenticatedUser {
  id: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  mustChangePassword: boolean;
}

export function hasRole(user: AuthenticatedUser, role: Role): boolean {
  return user.roles.includes(role);
}
