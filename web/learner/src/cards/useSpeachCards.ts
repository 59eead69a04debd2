import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Card, type GridPage, type GridParams, type SearchPage, cardsApi } from './cardsApi';

/** Every list of speach cards (sliders, grids, search) lives under this key, so one invalidation refreshes them all. */
export const speachListKeys = {
  all: ['speach-list'] as const,
  grid: (url: string, params: Omit<GridParams, 'page'>) => ['speach-list', 'grid', url, params] as const,
  search: (term: string, sort: string, languageId: string) => ['speach-list', 'search', term, sort, languageId] as const,
};

const FIRST_PAGE: GridParams = { page: 0, sort: 'LAST_MAJ', name: '', onlyState: 'NONE', asc: false };

/** A slider's cards: the first page of its list, newest first. */
export function useSpeachSlider(url: string) {
  const { page: _page, ...params } = FIRST_PAGE;
  return useQuery({
    queryKey: [...speachListKeys.grid(url, params), 'first'],
    queryFn: ({ signal }) => cardsApi.grid(url, FIRST_PAGE, signal),
  });
}

/** A grid's cards, page after page as the reader scrolls (spec §2), for one set of filters. */
export function useSpeachGrid(url: string, params: Omit<GridParams, 'page'>) {
  return useInfiniteQuery({
    queryKey: speachListKeys.grid(url, params),
    queryFn: ({ pageParam, signal }) => cardsApi.grid(url, { ...params, page: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.result.length, 0);
      return last.result.length > 0 && loaded < last.total ? pages.length : undefined;
    },
  });
}

/** The search's speach results (spec §2 search overlay), page after page. */
export function useSpeachSearch(term: string, sort: Parameters<typeof cardsApi.search>[2], languageId: string) {
  return useInfiniteQuery({
    queryKey: speachListKeys.search(term, sort, languageId),
    queryFn: ({ pageParam, signal }) => cardsApi.search(term, pageParam, sort, languageId, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.totalNumberOfSpeachesFound ? pages.length : undefined;
    },
  });
}

type CachedList = GridPage | InfiniteData<GridPage, number> | InfiniteData<SearchPage, number>;

function withBookmark(data: CachedList | undefined, speachId: string, isFavori: boolean): CachedList | undefined {
  if (!data) return data;
  const mark = (cards: Card[]) => cards.map((card) => (card.id === speachId ? { ...card, isFavori } : card));
  if ('pages' in data) {
    const pages = data.pages.map((page) => ('results' in page ? { ...page, results: mark(page.results) } : { ...page, result: mark(page.result) }));
    return { ...data, pages } as CachedList;
  }
  return { ...data, result: mark(data.result) };
}

/** Sets a speach's bookmark in every cached list; answers the lists as they were, to put back on failure. */
export function markEverywhere(client: QueryClient, speachId: string, isFavori: boolean) {
  const before = client.getQueriesData<CachedList>({ queryKey: speachListKeys.all });
  client.setQueriesData<CachedList>({ queryKey: speachListKeys.all }, (data) => withBookmark(data, speachId, isFavori));
  return before;
}

/**
 * Spec §4: the bookmark toggles on screen at once, then the server confirms. The cards show the cached
 * value, so every list holding the speach flips together; a failure puts them all back.
 */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: Pick<Card, 'id' | 'isFavori'>) => cardsApi.toggleFavori(card.id),
    onMutate: async (card) => {
      await client.cancelQueries({ queryKey: speachListKeys.all });
      return { before: markEverywhere(client, card.id, !card.isFavori) };
    },
    onSuccess: (answer, card) => void markEverywhere(client, card.id, answer.isFavori),
    onError: (_error, _card, context) => context?.before.forEach(([key, data]) => client.setQueryData(key, data)),
    // The bookmarked slider gains or loses the speach: the lists are read again.
    onSettled: () => client.invalidateQueries({ queryKey: speachListKeys.all }),
  });
}

/** Archiving or duplicating a speach changes the lists it is in. */
export function useArchiveSpeach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (speachId: string) => cardsApi.archive(speachId),
    onSuccess: () => client.invalidateQueries({ queryKey: speachListKeys.all }),
  });
}

export function useDuplicateSpeach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (speachId: string) => cardsApi.duplicate(speachId),
    onSuccess: () => client.invalidateQueries({ queryKey: speachListKeys.all }),
  });
}
