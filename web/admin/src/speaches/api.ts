import { useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import type { BatchUpdateResult, Named, Person, SpeachCard } from './types';

/** The API's `{ message }`, else the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) return (error.body as { message?: string } | undefined)?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Spec §5: titles over 60 characters are cut to 60 plus an ellipsis. */
export const TITLE_MAX = 60;
export function truncate(text: string, max = TITLE_MAX): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Today plus `days`, as YYYY-MM-DD in local time. */
export function isoDay(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const ADMIN = '/api/v2/admin/speach';
const q = encodeURIComponent;

/** The calls of the admin speach screens (docs/speach-api.md "Admin speaches"). */
export const speachApi = {
  categories: () => apiCall<Named[]>(`${ADMIN}/categories`),
  groups: () => apiCall<Named[]>(`${ADMIN}/groups`),
  usersByRole: (role: string, search: string) => apiCall<Person[]>(`/api/v2/speach/getUsersByRole?search=${q(search)}&role=${q(role)}`),
  searchUsers: async (term: string) => (await apiCall<{ results: Person[] }>(`/api/v2/users?term=${q(term)}&count=10&page=0`)).results,
  update: (speach: Record<string, unknown> & { speachID: string }) => apiCall<SpeachCard>(`${ADMIN}/update`, { method: 'PUT', body: { speach } }),
  updateCoEditors: (speachID: string, coEditors: string[]) => apiCall(`${ADMIN}/updateCoEditors`, { method: 'PUT', body: { speach: speachID, coEditors } }),
  updateCoGroups: (speachID: string, coGroups: string[]) => apiCall(`${ADMIN}/updateCoEditors`, { method: 'PUT', body: { speach: speachID, coGroups } }),
  updateAffectedUsers: (speachID: string, users: string[]) => apiCall(`${ADMIN}/updateAffectedUsers`, { method: 'PUT', body: { speachID, users } }),
  updateAffectedGroups: (speachID: string, groups: string[]) => apiCall(`${ADMIN}/updateAffectedGroups`, { method: 'PUT', body: { speachID, groups } }),
  updateReviewers: (speachId: string, users: string[], groups: string[]) =>
    apiCall(`${ADMIN}/update-periodic-reviewers?speachId=${q(speachId)}&users=${q(JSON.stringify(users))}&groups=${q(JSON.stringify(groups))}`, {
      method: 'PUT',
    }),
  setDueDate: (speachID: string, dueDate: string | null) =>
    apiCall<{ dueDateTimestamp: number | null; unpublishAfterDueDate: boolean }>('/api/v2/speach/setDueDate', { method: 'PUT', body: { speachID, dueDate } }),
  setLockedSubchapters: (speachID: string, lockedSubchapters: boolean) =>
    apiCall('/api/v2/speach/setLockedSubchapters', { method: 'PUT', body: { speachID, lockedSubchapters } }),
  duplicate: (speachId: string) => apiCall<SpeachCard>(`${ADMIN}/duplicate?speachId=${q(speachId)}`, { method: 'PUT' }),
  createTemplate: (speachId: string) => apiCall<SpeachCard>(`${ADMIN}/createTemplate?speachId=${q(speachId)}`, { method: 'PUT' }),
  archive: (id: string) => apiCall<SpeachCard>(`/user/speach/delete?id=${q(id)}`, { method: 'DELETE' }),
  restore: (id: string) => apiCall<SpeachCard>(`/user/speach/restore?dataType=json&id=${q(id)}`, { method: 'PUT' }),
  batchUpdate: (speachesIds: string[], change: { authorId?: string; visibility?: string; categoryId?: string }) => {
    const query = new URLSearchParams({ dataType: 'json' });
    for (const [key, value] of Object.entries(change)) if (value) query.set(key, value);
    return apiCall<BatchUpdateResult>(`${ADMIN}/batch-update?${query}`, { method: 'PUT', body: { speachesIds } });
  },
};

/** One GET for a screen's lifetime (choices lists): the value, or `fallback` while loading or on failure. */
export function useRemote<T>(load: () => Promise<T>, fallback: T, key: string): T {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    let live = true;
    load().then(
      (result) => live && setValue(result),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value;
}

const EMPTY: Named[] = [];

export function useSpeachCategories(): Named[] {
  return useRemote(speachApi.categories, EMPTY, 'speach-categories');
}

export function useSpeachGroups(): Named[] {
  return useRemote(speachApi.groups, EMPTY, 'speach-groups');
}
