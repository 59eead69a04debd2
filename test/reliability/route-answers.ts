import type { Caller, Fixtures } from './support/fixtures';

/** The answer vocabulary of the route declarations (route-expectations.ts and routes/*.ts). */
export type Answer = 'ok' | number | readonly number[];

export interface Call {
  /** The concrete path, ids filled in. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body with its content type (uploads). */
  raw?: { contentType: string; data: Buffer };
  /** Headers that replace the caller's own (a throwaway session, for instance). */
  headers?: Record<string, string>;
}

export interface RouteExpectation {
  /** The request for this caller: valid ids of the demo data, so 2xx against 403 means something. */
  call(fx: Fixtures, caller: Caller): Call | Promise<Call>;
  answers: Record<Caller, Answer>;
  /** A successful call changes state, whatever its method (spec §7 has GETs that do). */
  writes?: boolean;
  /** Puts back what the call changed, for the calls after it (runs after every call). */
  after?(fx: Fixtures, caller: Caller, response: { status: number; body: Record<string, unknown> }): Promise<void>;
}

export const HIDDEN = [403, 404] as const;

export const everyone = (): Record<Caller, Answer> => ({
  anonymous: 'ok',
  deactivated: 'ok',
  reader: 'ok',
  approver: 'ok',
  auditor: 'ok',
  author: 'ok',
  admin: 'ok',
});

/** Any live session; a deactivated user's session is dead. */
export const signedIn = (overrides: Partial<Record<Caller, Answer>> = {}, ok: Answer = 'ok'): Record<Caller, Answer> => ({
  anonymous: 401,
  deactivated: 401,
  reader: ok,
  approver: ok,
  auditor: ok,
  author: ok,
  admin: ok,
  ...overrides,
});

export type Role = 'reader' | 'approver' | 'auditor' | 'author' | 'admin';
const ROLE_CALLERS: Role[] = ['reader', 'approver', 'auditor', 'author', 'admin'];

/** Only these callers succeed; the others are refused with `refused` (403 unless told). */
export const only = (allowed: Role[], ok: Answer = 'ok', refused: Answer = 403): Record<Caller, Answer> =>
  signedIn(Object.fromEntries(ROLE_CALLERS.map((role) => [role, allowed.includes(role) ? ok : refused])), ok);

export const admins = (ok: Answer = 'ok') => only(['admin'], ok);
export const authors = (ok: Answer = 'ok') => only(['author', 'admin'], ok);

export const json = (value: unknown) => JSON.stringify(value);
let serial = 0;
export const unique = () => `${Date.now().toString(36)}${++serial}`;
