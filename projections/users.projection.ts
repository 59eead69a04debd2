import type { Role, UserEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

/** The user as admin screens, pickers and the session need it (spec §3 "User (admin)"). */
export interface UserDocument extends ProjectedDocument {
  email: string;
  firstName: string;
  lastName: string;
  img: string | null;
  roles: Role[];
  active: boolean;
  mustChangePassword: boolean;
  /** Group ids; empty means the "no group" pseudo group (-1). */
  groupIds: string[];
  customFieldValues: Record<string, string>;
  acceptedTerms: { GCU: number; PDP: number };
  dismissedGetStarted: ('SPEACH' | 'USER')[];
  createdAt: string;
  lastActiveAt: string | null;
  /**
   * First name, last name and e-mail on separate lines: a search word (never holding a line break) is found in
   * one of the three exactly when it is found here, so the admin searches test one field per user, not three.
   */
  searchText: string;
}

export const SEARCH_TEXT_SEPARATOR = '\n';

export function userSearchText(user: Pick<UserDocument, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName, user.email].join(SEARCH_TEXT_SEPARATOR);
}

/** Kept apart from `users` so no listing can ever leak a password hash. */
export interface CredentialDocument extends ProjectedDocument {
  email: string;
  passwordHash: string | null;
}

export const USERS = 'users';
export const CREDENTIALS = 'credentials';

type Handler<E extends UserEvent['type']> = ProjectionDefinition['handlers'][E];

const registered: Handler<'UserRegistered'> = async (event, writer) => {
  const data = (event as unknown as Extract<UserEvent, { type: 'UserRegistered' }>).data;
  await writer.upsert<UserDocument>(USERS, data.userId, () => ({
    _id: data.userId,
    email: data.email,
    firstName: data.firstName,
    lastName: data.lastName,
    img: null,
    roles: data.roles,
    active: true,
    mustChangePassword: false,
    groupIds: [],
    customFieldValues: {},
    acceptedTerms: { GCU: 0, PDP: 0 },
    dismissedGetStarted: [],
    createdAt: event.time,
    lastActiveAt: null,
    searchText: userSearchText(data),
  }));
  await writer.upsert<CredentialDocument>(CREDENTIALS, data.userId, (current) => ({
    _id: data.userId,
    email: data.email,
    passwordHash: current?.passwordHash ?? null,
  }));
};

function patchUser(change: (user: UserDocument, data: Record<string, unknown>) => UserDocument): ProjectionDefinition['handlers'][string] {
  return async (event, writer) => {
    const data = event.data as Record<string, unknown> & { userId: string };
    await writer.upsert<UserDocument>(USERS, data.userId, (user) => (user ? change(user, data) : null));
  };
}

export const usersProjection: ProjectionDefinition = {
  name: 'users',
  version: 2, // 2: searchText
  collections: [
    {
      name: USERS,
      indexes: [
        { field: 'email' },
        { field: 'roles' },
        { field: 'active' },
        { field: 'groupIds' },
        // The admin searches (users, owners, authors): a word is a lookup in the trigram index, not a test of every user.
        { field: 'searchText', substring: true },
        { fields: [{ field: 'lastName' }, { field: 'firstName' }] },
        { fields: [{ field: 'active' }, { field: 'createdAt', direction: -1 }] },
        { fields: [{ field: 'createdAt', direction: -1 }, { field: '_id' }] },
        { fields: [{ field: 'lastActiveAt', direction: -1 }, { field: '_id' }] },
      ],
    },
    { name: CREDENTIALS, indexes: [{ field: 'email' }] },
  ],
  handlers: {
    UserRegistered: registered,
    UserPasswordSet: async (event, writer) => {
      const data = event.data as { userId: string; passwordHash: string; mustChangeAtNextLogin: boolean };
      await writer.upsert<CredentialDocument>(CREDENTIALS, data.userId, (current) => (current ? { ...current, passwordHash: data.passwordHash } : null));
      await writer.upsert<UserDocument>(USERS, data.userId, (user) => (user ? { ...user, mustChangePassword: data.mustChangeAtNextLogin } : null));
    },
    UserRolesChanged: patchUser((user, data) => ({ ...user, roles: data.roles as Role[] })),
    UserProfileChanged: async (event, writer) => {
      const data = event.data as { userId: string; firstName?: string; lastName?: string; email?: string; img?: string | null };
      await writer.upsert<UserDocument>(USERS, data.userId, (user) => {
        if (!user) return null;
        const names = { firstName: data.firstName ?? user.firstName, lastName: data.lastName ?? user.lastName, email: data.email ?? user.email };
        return { ...user, ...names, img: data.img !== undefined ? data.img : user.img, searchText: userSearchText(names) };
      });
      if (data.email) {
        const email = data.email;
        await writer.upsert<CredentialDocument>(CREDENTIALS, data.userId, (current) => (current ? { ...current, email } : null));
      }
    },
    UserCustomFieldsChanged: patchUser((user, data) => ({ ...user, customFieldValues: data.values as Record<string, string> })),
    UserGroupsChanged: patchUser((user, data) => ({ ...user, groupIds: data.groupIds as string[] })),
    UserPasswordChangeRequired: patchUser((user, data) => ({ ...user, mustChangePassword: data.required as boolean })),
    UserTermsAccepted: patchUser((user, data) => ({ ...user, acceptedTerms: { ...user.acceptedTerms, [data.document as string]: data.version as number } })),
    UserGetStartedDismissed: patchUser((user, data) => ({ ...user, dismissedGetStarted: [...user.dismissedGetStarted, data.card as 'SPEACH' | 'USER'] })),
    // A deleted group disappears from every membership.
    GroupDeleted: async (event, writer) => {
      const { groupId } = event.data as { groupId: string };
      for (const user of await writer.find<UserDocument>(USERS, { groupIds: groupId })) {
        await writer.upsert<UserDocument>(USERS, user._id, (current) =>
          current ? { ...current, groupIds: current.groupIds.filter((g) => g !== groupId) } : null,
        );
      }
    },
    UserDeactivated: patchUser((user) => ({ ...user, active: false })),
    UserReactivated: patchUser((user) => ({ ...user, active: true })),
    SessionStarted: async (event, writer) => {
      const data = event.data as { userId: string };
      await writer.upsert<UserDocument>(USERS, data.userId, (user) => (user ? { ...user, lastActiveAt: event.time } : null));
    },
  },
};
