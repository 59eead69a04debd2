import { createHash, createHmac } from 'node:crypto';

/** The token travels as `{userId}.{secret}`: the user id says which stream to check, the secret proves the mail was read. */
export interface ParsedToken {
  userId: string;
  tokenHash: string;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The token of the link answering one event: an HMAC of that event's id under a server key. The same
 * event always gives the same token, so a policy replayed after a crash mails the link whose hash it
 * already recorded, and nothing about the token is stored anywhere but its SHA-256.
 */
export function linkToken(key: Buffer, userId: string, triggerId: string): string {
  return `${userId}.${createHmac('sha256', key).update(`set-password:${userId}:${triggerId}`).digest('base64url')}`;
}

export function parseToken(token: string): ParsedToken | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? { userId: match[1], tokenHash: tokenHash(token) } : null;
}
