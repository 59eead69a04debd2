import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sid';

/** A bearer token is 256 random bits; only its SHA-256 (the session id) is stored in events. */
export function newSessionToken(): { token: string; sessionId: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, sessionId: sessionIdOf(token) };
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenFromRequest(
  headers: Record<string, string | string[] | undefined>,
  cookies: Record<string, string | undefined> | undefined,
): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  return cookies?.[SESSION_COOKIE] || null;
}
