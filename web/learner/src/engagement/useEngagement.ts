import { type MutationOptions, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markEverywhere, speachListKeys } from '../cards/useSpeachCards';
import { type Engagement, type SpeachComment, engagementApi } from './engagementApi';

/**
 * A speach's engagement lives under `['engagement', speachId]`: the bar (bookmark, follow, rating, comment
 * count) and the comments. The access code of a private speach is part of the key: it is what was read with.
 */
export const engagementKeys = {
  of: (speachId: string) => ['engagement', speachId] as const,
  summary: (speachId: string, accessCode?: string) => ['engagement', speachId, 'summary', accessCode ?? ''] as const,
  comments: (speachId: string, accessCode?: string) => ['engagement', speachId, 'comments', accessCode ?? ''] as const,
};

export function useEngagementSummary(speachId: string, accessCode?: string) {
  return useQuery({ queryKey: engagementKeys.summary(speachId, accessCode), queryFn: () => engagementApi.summary(speachId, accessCode) });
}

/** Every cached bar of the speach (whatever access code it was read with). */
const summaries = (speachId: string) => [...engagementKeys.of(speachId), 'summary'];

/** Changes one field of the cached bar and answers what it was, to put back on failure. */
function patchSummary<K extends keyof Engagement>(client: QueryClient, speachId: string, field: K, value: Engagement[K]): Engagement[K] | undefined {
  const before = client.getQueriesData<Engagement>({ queryKey: summaries(speachId) }).find(([, data]) => data)?.[1]?.[field];
  client.setQueriesData<Engagement>({ queryKey: summaries(speachId) }, (data) => (data ? { ...data, [field]: value } : data));
  return before;
}

function setSummary(client: QueryClient, speachId: string, summary: Engagement) {
  client.setQueriesData<Engagement>({ queryKey: summaries(speachId) }, (data) => (data ? summary : data));
}

type ListsBefore = ReturnType<typeof markEverywhere>;

/**
 * Spec §4: the bookmark toggles at once (on the bar and on every cached card of the speach), then the
 * server answers; a failure puts both back. `current` is the bookmark as shown when clicked.
 */
export function bookmarkOptions(client: QueryClient, speachId: string): MutationOptions<{ isFavori: boolean }, unknown, boolean, { lists: ListsBefore }> {
  return {
    mutationFn: () => engagementApi.toggleBookmark(speachId),
    onMutate: async (current) => {
      await client.cancelQueries({ queryKey: summaries(speachId) });
      patchSummary(client, speachId, 'isFavori', !current);
      return { lists: markEverywhere(client, speachId, !current) };
    },
    onSuccess: ({ isFavori }) => {
      patchSummary(client, speachId, 'isFavori', isFavori);
      markEverywhere(client, speachId, isFavori);
    },
    onError: (_error, current, context) => {
      patchSummary(client, speachId, 'isFavori', current);
      context?.lists.forEach(([key, data]) => client.setQueryData(key, data));
    },
    // The bookmarked slider gains or loses the speach.
    onSettled: () => client.invalidateQueries({ queryKey: speachListKeys.all }),
  };
}

/** Following toggles at once; the server's answer is the bar as it now is; a failure puts the follow back. */
export function followOptions(client: QueryClient, speachId: string): MutationOptions<Engagement, unknown, boolean, { before?: boolean }> {
  return {
    mutationFn: (follow) => engagementApi.follow(speachId, follow),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: summaries(speachId) });
      return { before: patchSummary(client, speachId, 'isFollowed', follow) };
    },
    onSuccess: (summary) => setSummary(client, speachId, summary),
    onError: (_error, _follow, context) => {
      if (context?.before !== undefined) patchSummary(client, speachId, 'isFollowed', context.before);
    },
  };
}

/** The star chosen shows at once; the answer carries the new average, which the cards show too. A failure puts the rating back. */
export function rateOptions(client: QueryClient, speachId: string): MutationOptions<Engagement, unknown, number, { before?: Engagement['rating'] }> {
  return {
    mutationFn: (rating) => engagementApi.rate(speachId, rating),
    onMutate: async (rating) => {
      await client.cancelQueries({ queryKey: summaries(speachId) });
      const current = client.getQueriesData<Engagement>({ queryKey: summaries(speachId) }).find(([, data]) => data)?.[1];
      return { before: current ? patchSummary(client, speachId, 'rating', { ...current.rating, mine: rating }) : undefined };
    },
    onSuccess: (summary) => {
      setSummary(client, speachId, summary);
      void client.invalidateQueries({ queryKey: speachListKeys.all });
    },
    onError: (_error, _rating, context) => {
      if (context?.before) patchSummary(client, speachId, 'rating', context.before);
    },
  };
}

export function useBookmark(speachId: string) {
  return useMutation(bookmarkOptions(useQueryClient(), speachId));
}

export function useFollow(speachId: string) {
  return useMutation(followOptions(useQueryClient(), speachId));
}

export function useRate(speachId: string) {
  return useMutation(rateOptions(useQueryClient(), speachId));
}

/** The comments, page after page (a comment posted meanwhile is not shown twice). */
export function useComments(speachId: string, accessCode?: string) {
  const query = useInfiniteQuery({
    queryKey: engagementKeys.comments(speachId, accessCode),
    queryFn: ({ pageParam }) => engagementApi.comments(speachId, pageParam, accessCode),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.result.length, 0);
      return last.result.length > 0 && loaded < last.total ? pages.length : undefined;
    },
  });
  const seen = new Set<string>();
  const comments: SpeachComment[] | null = query.data
    ? query.data.pages.flatMap((page) => page.result).filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)))
    : null;
  const total = query.data ? query.data.pages[query.data.pages.length - 1].total : null;
  return { query, comments, total };
}

/** Posting or deleting a comment changes the comments and the bar's count. */
function invalidateComments(client: QueryClient, speachId: string) {
  void client.invalidateQueries({ queryKey: engagementKeys.of(speachId) });
}

export function usePostComment(speachId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (text: string) => engagementApi.postComment(speachId, text), onSuccess: () => invalidateComments(client, speachId) });
}

export function useDeleteComment(speachId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => engagementApi.deleteComment(speachId, commentId),
    onSuccess: () => invalidateComments(client, speachId),
  });
}
