import type { AuthProvider } from 'react-admin';
import type { MeResponse } from '@speach/web-shared/api';
import { httpClient } from './httpClient';

type Me = MeResponse;

let me: Me | null = null;

async function loadMe(): Promise<Me> {
  if (me) return me;
  const { json } = await httpClient('/api/auth/me');
  me = json as Me;
  return me;
}

/** Administrators see everything; auditors (issue #6) only the audit screens. */
function mayOpen(user: Pick<Me, 'isAdmin' | 'roles'> | null | undefined): boolean {
  return !!user && (user.isAdmin || user.roles.includes('AUDITOR'));
}

/** The resources an auditor may open; the server enforces the roles on every call too. */
const AUDITOR_RESOURCES = ['audit'];

/** The back office is for administrators and auditors; the server enforces it on every call too. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: username, password }),
      credentials: 'same-origin',
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.message ?? 'ra.auth.sign_in_error');
    if (!mayOpen(body.user)) {
      await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
      throw new Error('admin.audit.auth.denied');
    }
    me = body.user;
    // An auditor's home is the audit screen (the dashboard is for administrators).
    return body.user.isAdmin ? undefined : { redirectTo: '/audit' };
  },
  async logout() {
    await httpClient('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    me = null;
  },
  async checkAuth() {
    const user = await loadMe().catch(() => null);
    if (!mayOpen(user)) throw new Error('admin.audit.auth.denied');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      me = null;
      throw new Error('ra.auth.auth_check_error');
    }
  },
  async getIdentity() {
    const user = await loadMe();
    return { id: user.id, fullName: `${user.firstName} ${user.lastName}`, avatar: user.img ?? undefined };
  },
  async getPermissions() {
    return (await loadMe().catch(() => null))?.roles ?? [];
  },
  async canAccess({ resource }: { resource?: string; action: string }) {
    const user = await loadMe().catch(() => null);
    if (!user) return false;
    if (user.isAdmin) return true;
    return user.roles.includes('AUDITOR') && !!resource && AUDITOR_RESOURCES.includes(resource);
  },
};
