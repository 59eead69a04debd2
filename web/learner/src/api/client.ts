import type { ApiErrorBody, FieldError } from '@speach/web-shared/api';

/** The API's error shape (spec §8), carried by every failed call. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const DEFAULT_ERROR = 'An error has occurred please contact an administrator.';
/**
 * The session itself travels in the server's httpOnly cookie, out of reach of any script; the page
 * keeps only the spec's session user record (spec §3), which grants nothing.
 */
export const session = {
  save(user: { id: string; isAdmin: boolean; isAuthor: boolean; isApprover: boolean }) {
    sessionStorage.setItem('speach.user', JSON.stringify({ id: user.id, isAdmin: user.isAdmin, isAuthor: user.isAuthor, isApprover: user.isApprover }));
  },
  clear() {
    sessionStorage.removeItem('speach.user');
  },
};

/** Spec §8: a session-expired marker sends the user to /login?disconnected=true (the parent, if framed on the same host). */
export function redirectToLogin(): void {
  session.clear();
  const target = '/login?disconnected=true';
  try {
    if (window.top && window.top !== window && window.top.location.host === window.location.host) {
      window.top.location.href = target;
      return;
    }
  } catch {
    // A parent on another host: stay inside the frame.
  }
  if (window.location.pathname !== '/login') window.location.href = target;
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const response = await fetch(path, { ...init, headers, body, credentials: 'same-origin' });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data ?? {}) as ApiErrorBody;
    // The first "who am I" of a visit may find no session: that is a plain logged-out visit, not an expiry.
    if (error.sessionExpired && !headers.has('x-silent-401')) redirectToLogin();
    throw new ApiError(response.status, error.message ?? DEFAULT_ERROR, error.errors ?? [], (data ?? {}) as Record<string, unknown>);
  }
  return (data ?? text) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
