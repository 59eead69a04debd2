import { ROLES, type Role } from '../../../events';
import type { AdminUserDocument } from './admin-user-document.dto';

/** What an admin update may change; fields left out stay as they are. */
export interface UserUpdate {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  img?: string | null;
  /** Roles switched on (true) or off (false); roles not named stay as they are. */
  roleFlags?: Partial<Record<Role, boolean>>;
  groupIds?: string[];
  customFieldValues?: Record<string, string>;
}

const ROLE_FLAGS = [
  ['admin', 'ADMIN'],
  ['trainer', 'FORMATEUR'],
  ['approver', 'APPROVER'],
  ['aiEditor', 'AI_EDITOR'],
  ['auditor', 'AUDITOR'],
] as const satisfies readonly (readonly [keyof AdminUserDocument, Role])[];

/** The spec's record (role flags, groups [{id}], customFieldValues [{customField: {id}, value}]) as an update. */
export function userUpdateOf(user: AdminUserDocument): UserUpdate {
  const update: UserUpdate = {
    id: (user.id ?? user.userID)!,
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    email: user.email ?? undefined,
  };
  if (user.img !== undefined) update.img = user.img;
  const flags = ROLE_FLAGS.filter(([flag]) => typeof user[flag] === 'boolean');
  if (flags.length) update.roleFlags = Object.fromEntries(flags.map(([flag, role]) => [role, user[flag]]));
  if (user.groups) update.groupIds = user.groups.map((group) => group.id);
  if (user.customFieldValues) update.customFieldValues = Object.fromEntries(user.customFieldValues.map((entry) => [entry.customField.id, entry.value]));
  return update;
}

/** A full role list (the react-admin record) as flags: every role not listed is switched off. */
export function roleFlagsOf(roles: readonly Role[]): Record<Role, boolean> {
  return Object.fromEntries(ROLES.map((role) => [role, roles.includes(role)])) as Record<Role, boolean>;
}

export function applyRoleFlags(current: Role[], flags: Partial<Record<Role, boolean>>): Role[] {
  const roles = new Set(current);
  for (const role of ROLES) {
    if (flags[role] === true) roles.add(role);
    if (flags[role] === false) roles.delete(role);
  }
  return [...roles];
}
