import { useMutation, useQueries } from '@tanstack/react-query';
import { api } from '../api/client';
import { cardsApi } from '../cards/cardsApi';
import { speachListKeys } from '../cards/useSpeachCards';
import { type AccountTab, TAB_GRIDS } from './account-tabs';

const FIRST_PAGE = { page: 0, sort: 'LAST_MAJ', name: '', onlyState: 'NONE', asc: false } as const;

/**
 * Badge counts of the account tabs: refused speaches on EDITED (from the in-validation list), to validate,
 * to review. They sit under the speach lists' key, so a change to a speach refreshes them with the lists;
 * a count that cannot be read shows no badge.
 */
export function useAccountBadges(tabs: AccountTab[]): Partial<Record<AccountTab, number>> {
  const wanted: { tab: AccountTab; load: (signal: AbortSignal) => Promise<number> }[] = [];
  if (tabs.includes('WFTOVALIDATE')) wanted.push({ tab: 'WFTOVALIDATE', load: (signal) => cardsApi.count(`/api/v2/my/${TAB_GRIDS.WFTOVALIDATE}`, signal) });
  if (tabs.includes('TOREVIEW')) wanted.push({ tab: 'TOREVIEW', load: (signal) => cardsApi.count(`/api/v2/my/${TAB_GRIDS.TOREVIEW}`, signal) });
  if (tabs.includes('EDITED') && tabs.includes('WFINPROGRESS'))
    wanted.push({
      tab: 'EDITED',
      load: (signal) =>
        cardsApi.grid(`/api/v2/my/${TAB_GRIDS.WFINPROGRESS}`, FIRST_PAGE, signal).then((page) => page.result.filter((c) => c.wf_state === 'REJECTED').length),
    });
  const counts = useQueries({
    queries: wanted.map(({ tab, load }) => ({
      queryKey: [...speachListKeys.all, 'badge', tab],
      queryFn: ({ signal }: { signal: AbortSignal }) => load(signal),
    })),
  });
  const badges: Partial<Record<AccountTab, number>> = {};
  wanted.forEach(({ tab }, index) => {
    const count = counts[index]?.data;
    if (count !== undefined) badges[tab] = count;
  });
  return badges;
}

/** A mail's signed unsubscribe link, posted once on arrival (the link's GET changes nothing, so mail scanners unsubscribe nobody). */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (link: { user: string; sig: string }) => api<unknown>('/api/v2/mail/unsubscribe', { method: 'POST', json: link }) });
}
