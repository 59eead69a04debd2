import { ROLES, type Role } from '../../../events';
import { ValidationError } from '../../infrastructure/decider/decider';

/** What PUT /api/v2/admin/users/update may change; fields left out stay as they are. */
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

const ROLE_FLAGS: [string, Role][] = [
  ['admin', 'ADMIN'],
  ['trainer', 'FORMATEUR'],
  ['approver', 'APPROVER'],
  ['aiEditor', 'AI_EDITOR'],
  ['auditor', 'AUDITOR'],
];

function text(user: Record<string, unknown>, field: string): string | undefined {
  const value = user[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`user.${field}`, `${field} must be a string`);
  return value;
}

/**
 * The body carries the user as a JSON string (spec §7) in the shape of spec §3 "User (admin)":
 * role flags (admin, trainer, approver, aiEditor), groups [{id}], customFieldValues
 * [{customField: {id}, value}]. A flag left out keeps that role as it is.
 */
export function parseUserUpdate(userJson: string): UserUpdate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(userJson);
  } catch {
    throw new ValidationError('user', 'user must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ValidationError('user', 'user must be a JSON object');
  const user = parsed as Record<string, unknown>;
  const id = text(user, 'id') ?? text(user, 'userID');
  if (!id) throw new ValidationError('user.id', 'id is required');
  const update: UserUpdate = { id, firstName: text(user, 'firstName'), lastName: text(user, 'lastName'), email: text(user, 'email') };
  if (user.img !== undefined) update.img = user.img === null ? null : text(user, 'img');

  if (ROLE_FLAGS.some(([flag]) => user[flag] !== undefined)) {
    for (const [flag] of ROLE_FLAGS) {
      if (user[flag] !== undefined && typeof user[flag] !== 'boolean') throw new ValidationError(`user.${flag}`, `${flag} must be a boolean`);
    }
    update.roleFlags = {};
    for (const [flag, role] of ROLE_FLAGS) if (typeof user[flag] === 'boolean') update.roleFlags[role] = user[flag] as boolean;
  }
  if (user.groups !== undefined) {
    if (!Array.isArray(user.groups)) throw new ValidationError('user.groups', 'groups must be a list');
    update.groupIds = user.groups.map((group, i) => {
      const groupId = typeof group === 'object' && group ? (group as Record<string, unknown>).id : group;
      if (typeof groupId !== 'string' && typeof groupId !== 'number') throw new ValidationError(`user.groups[${i}].id`, 'group id is required');
      return String(groupId);
    });
  }
  if (user.customFieldValues !== undefined) {
    if (!Array.isArray(user.customFieldValues)) throw new ValidationError('user.customFieldValues', 'customFieldValues must be a list');
    update.customFieldValues = {};
    user.customFieldValues.forEach((entry, i) => {
      const e = entry as { customField?: { id?: unknown }; value?: unknown } | null;
      const fieldId = e?.customField?.id;
      if (typeof fieldId !== 'string' && typeof fieldId !== 'number')
        throw new ValidationError(`user.customFieldValues[${i}].customField.id`, 'custom field id is required');
      if (typeof e?.value !== 'string') throw new ValidationError(`user.customFieldValues[${i}].value`, 'value must be a string');
      update.customFieldValues![String(fieldId)] = e.value;
    });
  }
  return update;
}

export function applyRoleFlags(current: Role[], flags: Partial<Record<Role, boolean>>): Role[] {
  const roles = new Set(current);
  for (const role of ROLES) {
    if (flags[role] === true) roles.add(role);
    if (flags[role] === false) roles.delete(role);
  }
  return [...roles];
}
