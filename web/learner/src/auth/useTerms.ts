import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** The terms a user must accept (spec §2): GCU and PDP texts. */
export const TERMS_SOURCES = {
  GCU: { get: '/gcu/getGcu?dataType=json', accept: '/gcu/acceptGcu' },
  PDP: { get: '/pdp/getPdp?dataType=json', accept: '/pdp/acceptPdp' },
} as const;

export const termsKeys = { text: (document: 'GCU' | 'PDP') => ['terms', document] as const };

/** A text that cannot be read shows empty: the user can still accept, as before the data layer. */
export function useTermsText(document: 'GCU' | 'PDP') {
  return useQuery({ queryKey: termsKeys.text(document), queryFn: () => api<string>(TERMS_SOURCES[document].get).catch(() => '') });
}
