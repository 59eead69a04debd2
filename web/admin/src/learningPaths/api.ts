import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { apiCall } from '../providers/httpClient';

import { type AdminPathRow, PATH_STATES, type PathState } from '@speach/web-shared/api';

export { PATH_STATES, type PathState };

/** A row of `GET /api/v2/admin/learningPath` (docs/learning-paths.md), with react-admin's `id`. */
export type AdminPath = AdminPathRow & { id: string };

export const RESOURCE = 'learning-paths';

/** react-admin's sort fields to the API's sort keys. */
const SORTS: Record<string, string> = { updatedAt: 'LAST_MAJ', title: 'TITLE', createdAt: 'CREATED' };

/** The list query of `GET /api/v2/admin/learningPath` for react-admin's list parameters. */
export function listQuery(params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>): string {
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  const query = new URLSearchParams({ page: String(page - 1), size: String(perPage) });
  const sort = SORTS[params.sort?.field ?? ''] ?? 'LAST_MAJ';
  query.set('sort', sort);
  query.set('asc', String(params.sort?.order === 'ASC'));
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  for (const key of ['title', 'owner', 'state'] as const) {
    const value = filter[key];
    if (typeof value === 'string' && value.trim()) query.set(key, value.trim());
  }
  return query.toString();
}

async function getList(params: GetListParams): Promise<GetListResult<AdminPath>> {
  const answer = await apiCall<{ result: Omit<AdminPath, 'id'>[]; total: number }>(`/api/v2/admin/learningPath?${listQuery(params)}`);
  const data = answer.result.map((path) => ({ ...path, id: path.pathId }));
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  return { data, total: answer.total, pageInfo: { hasNextPage: page * perPage < answer.total, hasPreviousPage: page > 1 } };
}

/** The learning paths resource reads the product API's admin list; every other resource stays on the REST protocol. */
export function withLearningPaths(base: DataProvider): DataProvider {
  return { ...base, getList: (resource, params) => (resource === RESOURCE ? getList(params) : base.getList(resource, params)) } as DataProvider;
}

export const adminPathsApi = {
  archive: (path: AdminPath) =>
    apiCall<unknown>(`/api/v2/learningPath/${encodeURIComponent(path.pathId)}/archive?version=${path.version}`, { method: 'PUT', body: {} }),
};
