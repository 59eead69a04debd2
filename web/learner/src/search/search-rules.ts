/** Spec §4/§5/§9 search rules, free of React so they are tested on their own. */

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_TERM_MAX = 200;
export type SearchSort = 'RELEVANT' | 'RECENT' | 'TITRE';
export const SEARCH_SORTS: readonly SearchSort[] = ['RELEVANT', 'RECENT', 'TITRE'];

/** The reason carried by requests a new term cancels (spec §8). */
export const CANCELLED_BY_NEW_TERM = 'The search term changed';

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  /** Runs a pending call now. */
  flush(): void;
}

/** Calls `fn` once `ms` have passed without a new call; the last arguments win. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const debounced = ((...args: A) => {
    pending = args;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer) clearTimeout(timer);
    run();
  };
  return debounced;
}

/** The address while searching: `/?searchTerm={term}`, and `/` once the term is cleared. */
export function searchAddress(term: string): string {
  const trimmed = term.trim();
  return trimmed ? `/?searchTerm=${encodeURIComponent(trimmed)}` : '/';
}

/** Sort sent to the server: the chosen one while a term exists, RECENT without a term. */
export function effectiveSort(term: string, chosen: SearchSort): SearchSort {
  return term.trim() ? chosen : 'RECENT';
}

/** The chosen sort after a term change: an empty term resets it to relevance. */
export function sortAfterTermChange(term: string, chosen: SearchSort): SearchSort {
  return term.trim() ? chosen : 'RELEVANT';
}

/** Users carousel (spec §9): 4 displayed, 8 loaded first, then pages of 4. */
export const USERS_DISPLAYED = 4;
export const USERS_FIRST_LOAD = USERS_DISPLAYED * 2;
const BREAKPOINTS: [number, number][] = [
  [1188, 4],
  [897, 3],
  [607, 2],
  [0, 1],
];

/** Items visible at a carousel width: 1, 2, 3, 4 from 0, 607, 897, 1188 px. */
export function usersPerView(width: number): number {
  for (const [min, items] of BREAKPOINTS) if (width >= min) return items;
  return 1;
}

/** The next users request: twice the display number at first, then the display number. */
export function usersRequest(loaded: number): { page: number; count: number } {
  return loaded === 0 ? { page: 0, count: USERS_FIRST_LOAD } : { page: Math.floor(loaded / USERS_DISPLAYED), count: USERS_DISPLAYED };
}

/** Load the next page once the carousel's position passes the loaded count minus 4, while more exist. */
export function shouldLoadMoreUsers(position: number, loaded: number, total: number): boolean {
  return loaded < total && position >= loaded - USERS_DISPLAYED;
}
