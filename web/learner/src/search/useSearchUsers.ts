import { useInfiniteQuery } from '@tanstack/react-query';
import { cardsApi } from '../cards/cardsApi';
import { usersRequest } from './search-rules';

/** The search's people (spec §2 users carousel and tab), per term: `['search', 'users', term]`. */
export const searchKeys = { users: (term: string) => ['search', 'users', term] as const };

/**
 * The people matching a term, loaded as the carousel moves (the first load fills it, then a page at a time);
 * a new term is another query, and the request of the previous one is aborted.
 */
export function useSearchUsers(term: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.users(term),
    queryFn: ({ pageParam: loaded, signal }) => {
      const { page, count } = usersRequest(loaded);
      return cardsApi.users(term, page, count, signal);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.results.length, 0);
      return last.results.length > 0 && loaded < last.totalNumberOfUsersFound ? loaded : undefined;
    },
  });
}
