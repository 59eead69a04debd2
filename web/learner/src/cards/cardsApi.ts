import { api } from '../api/client';
import type { CardPage, HomeCard, SearchPage as ServerSearchPage, SpeachCard, UserSearchPage, UserSearchResult } from '@speach/web-shared/api';
import type { SearchSort } from '../search/search-rules';

/** A card of any list; the home and catalogue cards (issue 17) also carry the duration and the learner's progress. */
export type Card = SpeachCard & Partial<Pick<HomeCard, 'durationMinutes' | 'progress'>>;

export type GridPage = CardPage<Card>;

export type GridSort = 'LAST_MAJ' | 'PUBLICATION' | 'TITLE';
export type GridState = 'NONE' | 'PUBLIE' | 'NON_PUBLIE';

export interface GridParams {
  page: number;
  sort: GridSort;
  name: string;
  onlyState: GridState;
  asc: boolean;
}

export type SearchPage = Omit<ServerSearchPage, 'results'> & { results: Card[] };

export type UserResult = UserSearchResult;

const enc = encodeURIComponent;

/** Spec §7 grid query: `onlyState` is omitted for NONE. */
export function gridQuery(params: GridParams): string {
  const parts = [`page=${params.page}`, `sort=${params.sort}`, `asc=${params.asc}`];
  if (params.name.trim()) parts.push(`name=${enc(params.name.trim())}`);
  if (params.onlyState !== 'NONE') parts.push(`onlyState=${params.onlyState}`);
  return parts.join('&');
}

export const cardsApi = {
  grid: (url: string, params: GridParams, signal?: AbortSignal) => api<GridPage>(`${url}${url.includes('?') ? '&' : '?'}${gridQuery(params)}`, { signal }),
  count: (url: string, signal?: AbortSignal) => api<{ total: number }>(`${url}?page=0`, { signal }).then((r) => r.total),
  search: (term: string, page: number, tri: SearchSort, languageId: string, signal?: AbortSignal) =>
    api<SearchPage>(`/api/v2/speach/search?dataType=json&term=${enc(term)}&page=${page}&tri=${tri}${languageId ? `&languageId=${enc(languageId)}` : ''}`, {
      signal,
    }),
  users: (term: string, page: number, count: number, signal?: AbortSignal) =>
    api<UserSearchPage>(`/api/v2/users?dataType=json&term=${enc(term)}&count=${count}&page=${page}`, { signal }),
  toggleFavori: (id: string) => api<{ isFavori: boolean }>(`/favori.FavoriController/toggleFavori?idCour=${enc(id)}`),
  archive: (id: string) => api<Card>(`/user/speach/delete?id=${enc(id)}`, { method: 'DELETE' }),
  duplicate: (id: string) => api<Card>(`/api/v2/speach/duplicate?speachId=${enc(id)}`, { method: 'PUT' }),
  dismissGetStarted: (type: 'SPEACH' | 'USER') => api<void>(`/user.usercontroller/removegetstarted?type=${type}`),
  /** Spec §3 "Count responses carry a size field". */
  unreadCount: (signal?: AbortSignal) => api<{ size: number }>('/api/v2/notifications/countUnread', { signal }).then((r) => r.size),
};
