import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { type AccessibilityData, createStatement, getFooter, getStatement, updateStatement } from './siteApi';

/** The site's public texts: `['site', 'footer']` and `['site', 'statement']` (the accessibility statement). */
export const siteKeys = {
  footer: ['site', 'footer'] as const,
  statement: ['site', 'statement'] as const,
};

/** The footer shown under every page; a footer that fails to load is simply not shown. */
export function useFooter() {
  return useQuery({ queryKey: siteKeys.footer, queryFn: () => getFooter().catch(() => null) });
}

/** The accessibility statement; `null` when none was written yet (404), which is not a failure. */
export function useStatement() {
  return useQuery({
    queryKey: siteKeys.statement,
    queryFn: (): Promise<AccessibilityData | null> =>
      getStatement().catch((caught: unknown) => {
        if (caught instanceof ApiError && caught.status === 404) return null;
        throw caught;
      }),
  });
}

/** Writes the statement (the first one is created); `changed: false` when the server found the same text. */
export function useSaveStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ current, html }: { current: AccessibilityData | null; html: string }) =>
      current ? updateStatement(current.id, html) : { ...(await createStatement(html)), changed: true },
    onSuccess: () => client.invalidateQueries({ queryKey: siteKeys.statement }),
  });
}
