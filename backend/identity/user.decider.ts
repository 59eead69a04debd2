import { ROLES, type Role, type UserEvent } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

export const NAME_MAX = 30;
/** The "no group" pseudo group of spec §3: never stored, it means an empty membership. */
export const NO_GROUP = '-1';
export const EMAIL_MAX = 230;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ExistingUser {
  status: 'active' | 'deactivated';
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  img: string | null;
  roles: Role[];
  groupIds: string[];
  customFields: Record<string, string>;
  hasPassword: boolean;
  mustChangePassword: boolean;
  acceptedTerms: { GCU: number; PDP: number };
  dismissedCards: ('SPEACH' | 'USER')[];
}

export type UserState = { status: 'none' } | ExistingUser;

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      roles: Role[];
      source: 'seed' | 'admin' | 'import';
      workflowEnabled: boolean;
    }
  | { type: 'SetPassword'; userId: string; passwordHash: string; mustChangeAtNextLogin: boolean; keepSessionId?: string }
  | {
      type: 'ChangeRoles';
      userId: string;
      roles: Role[];
      workflowEnabled: boolean;
      /** A free AI licence exists (counted across users by the caller). */
      aiLicenceAvailable: boolean;
    }
  | { type: 'ChangeProfile'; userId: string; firstName?: string; lastName?: string; email?: string; img?: string | null }
  | { type: 'SetCustomFields'; userId: string; values: Record<string, string>; knownFieldIds: string[] }
  | { type: 'ChangeGroups'; userId: string; groupIds: string[]; knownGroupIds: string[] }
  | { type: 'RequirePasswordChange'; userId: string; required: boolean }
  | { type: 'AcceptTerms'; userId: string; document: 'GCU' | 'PDP'; version: number }
  | { type: 'DismissGetStarted'; userId: string; card: 'SPEACH' | 'USER' }
  | { type: 'DeactivateUser'; userId: string }
  | { type: 'ReactivateUser'; userId: string };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkName(field: 'firstName' | 'lastName', value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new ValidationError(field, `${field} must not be empty`);
  if (trimmed.length > NAME_MAX) throw new ValidationError(field, `${field} must be at most ${NAME_MAX} characters`);
  return trimmed;
}

export function checkEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (normalised.length > EMAIL_MAX) throw new ValidationError('email', `email must be at most ${EMAIL_MAX} characters`);
  if (!EMAIL_PATTERN.test(normalised)) throw new ValidationError('email', 'email must be a valid e-mail address');
  return normalised;
}

export const IMG_MAX = 2048;

/**
 * An avatar is shown as an image source: only http(s), a same-origin path or an uploaded blob, never
 * `javascript:`, `data:` or any other scheme a browser could run or that could smuggle markup.
 */
export function checkImg(img: string): string {
  const value = img.trim();
  if (value.length > IMG_MAX) throw new ValidationError('img', `img must be at most ${IMG_MAX} characters`);
  if (/^https?:\/\/[^\s"'<>]+$/i.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value) || /^blob:https?:\/\/[^\s"'<>]+$/i.test(value)) return value;
  throw new ValidationError('img', 'img must be an http(s) URL or a path on this site');
}

/** Spec §4/§5: AI editor needs the author role; approver exists only while the workflow is enabled. */
export function checkRoles(roles: Role[], workflowEnabled: boolean): Role[] {
  for (const role of roles) {
    if (!ROLES.includes(role)) throw new ValidationError('roles', `unknown role ${String(role)}`);
  }
  const unique = [...new Set(roles)];
  if (unique.includes('AI_EDITOR') && !unique.includes('FORMATEUR')) {
    throw new ValidationError('roles', 'the AI editor role needs the author (FORMATEUR) role');
  }
  if (unique.includes('APPROVER') && !workflowEnabled) {
    throw new ValidationError('roles', 'the approver role exists only while the workflow is enabled');
  }
  return unique;
}

function existing(state: UserState): ExistingUser {
  if (state.status === 'none') throw new NotFoundError('Unknown user');
  return state;
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'none') throw new IllegalStateError('This user already exists');
        return [
          {
            type: 'UserRegistered',
            data: {
              userId: command.userId,
              email: checkEmail(command.email),
              firstName: checkName('firstName', command.firstName),
              lastName: checkName('lastName', command.lastName),
              roles: checkRoles(command.roles, command.workflowEnabled),
              source: command.source,
            },
          },
        ];
      }
      case 'SetPassword': {
        existing(state);
        return [
          {
            type: 'UserPasswordSet',
            data: {
              userId: command.userId,
              passwordHash: command.passwordHash,
              mustChangeAtNextLogin: command.mustChangeAtNextLogin,
              ...(command.keepSessionId ? { keepSessionId: command.keepSessionId } : {}),
            },
          },
        ];
      }
      case 'ChangeRoles': {
        const user = existing(state);
        let requested = [...new Set(command.roles)];
        // Spec §4: removing the author role clears the AI editor role.
        if (user.roles.includes('FORMATEUR') && !requested.includes('FORMATEUR')) requested = requested.filter((r) => r !== 'AI_EDITOR');
        const roles = checkRoles(requested, command.workflowEnabled);
        if (roles.includes('AI_EDITOR') && !user.roles.includes('AI_EDITOR') && !command.aiLicenceAvailable) {
          throw new ValidationError('roles', 'no free AI licence is left');
        }
        const same = roles.length === user.roles.length && roles.every((r) => user.roles.includes(r));
        return same ? [] : [{ type: 'UserRolesChanged', data: { userId: command.userId, roles } }];
      }
      case 'ChangeProfile': {
        const user = existing(state);
        const data: { userId: string; firstName?: string; lastName?: string; email?: string; img?: string | null } = { userId: command.userId };
        if (command.firstName !== undefined && command.firstName.trim() !== user.firstName) data.firstName = checkName('firstName', command.firstName);
        if (command.lastName !== undefined && command.lastName.trim() !== user.lastName) data.lastName = checkName('lastName', command.lastName);
        if (command.email !== undefined && normaliseEmail(command.email) !== user.email) data.email = checkEmail(command.email);
        if (command.img !== undefined && command.img !== user.img) data.img = command.img === null ? null : checkImg(command.img);
        return Object.keys(data).length > 1 ? [{ type: 'UserProfileChanged', data }] : [];
      }
      case 'SetCustomFields': {
        const user = existing(state);
        for (const [fieldId, value] of Object.entries(command.values)) {
          if (!command.knownFieldIds.includes(fieldId)) throw new ValidationError(`customFieldValues.${fieldId}`, 'unknown custom field');
          if (typeof value !== 'string' || value.length > 500)
            throw new ValidationError(`customFieldValues.${fieldId}`, 'must be text of at most 500 characters');
        }
        const values = { ...user.customFields, ...command.values };
        const same = JSON.stringify(values) === JSON.stringify(user.customFields);
        return same ? [] : [{ type: 'UserCustomFieldsChanged', data: { userId: command.userId, values } }];
      }
      case 'ChangeGroups': {
        const user = existing(state);
        const groupIds = [...new Set(command.groupIds)].filter((id) => id !== NO_GROUP);
        for (const id of groupIds) if (!command.knownGroupIds.includes(id)) throw new ValidationError('groups', `unknown group ${id}`);
        const same = groupIds.length === user.groupIds.length && groupIds.every((g) => user.groupIds.includes(g));
        return same ? [] : [{ type: 'UserGroupsChanged', data: { userId: command.userId, groupIds } }];
      }
      case 'RequirePasswordChange': {
        const user = existing(state);
        return user.mustChangePassword === command.required
          ? []
          : [{ type: 'UserPasswordChangeRequired', data: { userId: command.userId, required: command.required } }];
      }
      case 'AcceptTerms': {
        const user = existing(state);
        return user.acceptedTerms[command.document] >= command.version
          ? []
          : [{ type: 'UserTermsAccepted', data: { userId: command.userId, document: command.document, version: command.version } }];
      }
      case 'DismissGetStarted': {
        const user = existing(state);
        return user.dismissedCards.includes(command.card) ? [] : [{ type: 'UserGetStartedDismissed', data: { userId: command.userId, card: command.card } }];
      }
      case 'DeactivateUser': {
        const user = existing(state);
        if (user.status === 'deactivated') throw new IllegalStateError('This user is already deactivated');
        return [{ type: 'UserDeactivated', data: { userId: command.userId } }];
      }
      case 'ReactivateUser': {
        const user = existing(state);
        if (user.status === 'active') throw new IllegalStateError('This user is already active');
        return [{ type: 'UserReactivated', data: { userId: command.userId } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'active',
          userId: event.data.userId,
          email: event.data.email,
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          img: null,
          roles: event.data.roles,
          groupIds: [],
          customFields: {},
          hasPassword: false,
          mustChangePassword: false,
          acceptedTerms: { GCU: 0, PDP: 0 },
          dismissedCards: [],
        };
      case 'UserPasswordSet':
        return state.status === 'none' ? state : { ...state, hasPassword: true, mustChangePassword: event.data.mustChangeAtNextLogin };
      case 'UserRolesChanged':
        return state.status === 'none' ? state : { ...state, roles: event.data.roles };
      case 'UserProfileChanged': {
        if (state.status === 'none') return state;
        const { userId: _, ...changes } = event.data;
        return { ...state, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      }
      case 'UserCustomFieldsChanged':
        return state.status === 'none' ? state : { ...state, customFields: event.data.values };
      case 'UserGroupsChanged':
        return state.status === 'none' ? state : { ...state, groupIds: event.data.groupIds };
      case 'UserPasswordChangeRequired':
        return state.status === 'none' ? state : { ...state, mustChangePassword: event.data.required };
      case 'UserTermsAccepted':
        return state.status === 'none' ? state : { ...state, acceptedTerms: { ...state.acceptedTerms, [event.data.document]: event.data.version } };
      case 'UserGetStartedDismissed':
        return state.status === 'none' ? state : { ...state, dismissedCards: [...state.dismissedCards, event.data.card] };
      case 'UserDeactivated':
        return state.status === 'none' ? state : { ...state, status: 'deactivated' };
      case 'UserReactivated':
        return state.status === 'none' ? state : { ...state, status: 'active' };
      default:
        return state;
    }
  },
};
