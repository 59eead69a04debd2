import type { AuthProvider } from 'react-admin';
import { adminSession, httpClient } from './httpClient';

interface Me {
  id: string;
  firstName: string;
  lastName: string;
  img: string | null;
  isAdmin: boolean;
  roles: string[];
}

let me: Me | null = null;

async function loadMe(): Promise<Me> {
  if (me) return me;
  const { json } = await httpClient('/api/auth/me');
  me = json as Me;
  return me;
}

/** The back office is for administrators only; the server enforces it on every call too. */
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
    if (!body.user?.isAdmin) {
      await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${body.token}` } });
      throw new Error('admin.auth.adminOnly');
    }
    adminSession.save(body.token);
    me = body.user;
  },
  async logout() {
    await httpClient('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
    adminSession.clear();
    me = null;
  },
  async checkAuth() {
    const user = await loadMe().catch(() => null);
    if (!user?.isAdmin) throw new Error('admin.auth.adminOnly');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      adminSession.clear();
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
};
