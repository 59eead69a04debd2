import { fetchUtils } from 'react-admin';

/**
 * JSON over fetch with the session's httpOnly cookie (no token is kept where a script could read it);
 * errors carry the API's `{ message, errors }`.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

/** Plain JSON calls to the product API (/api/v2/...) from custom screens. */
export async function apiCall<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { json } = await httpClient(url, { method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return json as T;
}
