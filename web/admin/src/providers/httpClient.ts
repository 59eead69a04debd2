import { fetchUtils } from 'react-admin';

const TOKEN_KEY = 'speach.admin.token';

export const adminSession = {
  token: () => sessionStorage.getItem(TOKEN_KEY),
  save: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** JSON over fetch with the session cookie and the bearer token; errors carry the API's `{ message, errors }`. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = adminSession.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

/** Plain JSON calls to the product API (/api/v2/...) from custom screens. */
export async function apiCall<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { json } = await httpClient(url, { method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return json as T;
}
