/**
 * Full-text search over the speaches readers may find (spec §7 `/api/v2/speach/search`). The index
 * is a projection (`speach_search`) like every read model; an adapter answers one page, the number of
 * matches and their languages in one call, so a search never loads more than the page's documents.
 */

/** Longest term searched: a longer one (a pasted page) is cut here rather than refused, so typing never breaks. */
export const SEARCH_TERM_MAX = 200;

export const SEARCH_SORTS = ['RELEVANT', 'RECENT', 'TITRE'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Who searches and when: restricted speaches are found by the users and groups they are assigned to, live ones only. */
export interface SearchViewer {
  userId: string;
  groupIds: string[];
  /** ISO time: a speach whose publication starts later is not found yet. */
  now: string;
}

export interface SearchRequest {
  /** What the reader typed; empty lists every speach they may find. */
  term: string;
  viewer: SearchViewer;
  languageId?: string;
  /** RELEVANT by default with a term, RECENT without. */
  sort?: SearchSort;
  /** From 0. */
  page: number;
  pageSize: number;
}

export interface SearchAnswer {
  /** The page's speach ids, in order. */
  ids: string[];
  /** Matches after the language filter. */
  total: number;
  /** Languages of every match before the language filter, sorted: the filter's choices. */
  availableLanguages: string[];
}

export interface SearchIndex {
  readonly adapter: 'memory' | 'sqlite' | 'mongo';
  search(request: SearchRequest): Promise<SearchAnswer>;
}

/** Column weights: a word in the title counts more than in the tags, the description, then the chapters. */
export const SEARCH_FIELD_WEIGHTS = { title: 10, tags: 5, description: 3, body: 1 } as const;
export const SEARCH_FIELDS = ['title', 'tags', 'description', 'body'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export function sortOf(request: SearchRequest, hasWords: boolean): SearchSort {
  return request.sort ?? (hasWords ? 'RELEVANT' : 'RECENT');
}

/** The audience keys a viewer matches: everyone's (`*`), their own and their groups'. */
export function principalsOf(viewer: SearchViewer): string[] {
  return ['*', `u:${viewer.userId}`, ...viewer.groupIds.map((g) => `g:${g}`)];
}
