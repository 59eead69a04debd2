import { type MutationOptions, type QueryClient, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { cardsApi } from '../cards/cardsApi';
import { USER_SEARCH_COUNT } from './path-rules';
import { type Path, type PathProgress, pathsApi } from './pathsApi';

/**
 * One path's queries live under `['path', pathId]` (the editor's path, its groups, the learner's progress,
 * the speaches it may add); the lists of paths (the author's, the learner's assigned ones) under `['path-list']`.
 */
export const pathKeys = {
  all: ['path'] as const,
  of: (pathId: string) => ['path', pathId] as const,
  edit: (pathId: string) => ['path', pathId, 'edit'] as const,
  groups: (pathId: string) => ['path', pathId, 'groups'] as const,
  progress: (pathId: string) => ['path', pathId, 'progress'] as const,
  available: (pathId: string, name: string, revision: string) => ['path', pathId, 'available', name, revision] as const,
  lists: ['path-list'] as const,
  edited: ['path-list', 'edited'] as const,
  assigned: ['path-list', 'assigned'] as const,
  users: (term: string) => ['path-user-search', term] as const,
};

/** The path as its editor sees it (not read for a path being created). */
export function useEditedPath(pathId: string, enabled: boolean) {
  return useQuery({ queryKey: pathKeys.edit(pathId), queryFn: ({ signal }) => pathsApi.get(pathId, signal), enabled });
}

/** A change of the path and, when the screen moves before the server answers (reordering), the path to show meanwhile. */
export interface PathChange {
  action: () => Promise<Path>;
  optimistic?: Path;
}

/**
 * Every change answers the whole path: the editor shows it as it is. The learner's progress, the speaches
 * left to add and the lists of paths are read again. An optimistic path (a reorder) is shown at once and
 * put back on failure; a 409 (someone else changed the path) reads the path again.
 */
export function pathChangeOptions(client: QueryClient, pathId: string): MutationOptions<Path, unknown, PathChange, { before?: Path }> {
  const key = pathKeys.edit(pathId);
  return {
    mutationFn: ({ action }) => action(),
    onMutate: async ({ optimistic }) => {
      if (!optimistic) return {};
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Path>(key);
      client.setQueryData(key, optimistic);
      return { before };
    },
    onSuccess: (path) => {
      client.setQueryData(pathKeys.edit(path.pathId), path);
      void client.invalidateQueries({ queryKey: pathKeys.progress(path.pathId) });
      void client.invalidateQueries({ queryKey: [...pathKeys.of(path.pathId), 'available'] });
      void client.invalidateQueries({ queryKey: pathKeys.lists });
    },
    onError: (error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: key });
    },
  };
}

export function usePathChange(pathId: string) {
  const client = useQueryClient();
  return useMutation(pathChangeOptions(client, pathId));
}

export function usePathGroups(pathId: string) {
  return useQuery({ queryKey: pathKeys.groups(pathId), queryFn: ({ signal }) => pathsApi.groups(pathId, signal) });
}

/** Users to assign, for a settled search term (none asked for an empty one). */
export function useUserSearch(term: string) {
  return useQuery({
    queryKey: pathKeys.users(term),
    queryFn: ({ signal }) => cardsApi.users(term, 0, USER_SEARCH_COUNT, signal).then((answer) => answer.results),
    enabled: term !== '',
  });
}

/** The learner's page of a path: its speaches, progress, where to continue. */
export function usePathProgress(pathId: string) {
  return useQuery({ queryKey: pathKeys.progress(pathId), queryFn: ({ signal }) => pathsApi.progress(pathId, signal) });
}

/** Enrolling answers the learner's page as it now is; the learner's assigned paths gain this one. */
export function useEnrol(pathId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => pathsApi.enrol(pathId),
    onSuccess: (view: PathProgress) => {
      client.setQueryData(pathKeys.progress(pathId), view);
      void client.invalidateQueries({ queryKey: pathKeys.assigned });
    },
  });
}

/** The author's paths, page after page. */
export function useEditedPaths() {
  return useInfiniteQuery({
    queryKey: pathKeys.edited,
    queryFn: ({ pageParam, signal }) => pathsApi.edited(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.result.length, 0);
      return last.result.length > 0 && loaded < last.total ? pages.length : undefined;
    },
  });
}

export function useAssignedPaths() {
  return useQuery({ queryKey: pathKeys.assigned, queryFn: ({ signal }) => pathsApi.assigned(signal).then((answer) => answer.result) });
}

/**
 * The speaches the editor may add, filtered by name, page after page. `revision` changes with the path's
 * speaches, so the list drops the ones just added; the previous list stays on screen while the next loads.
 */
export function useAvailableSpeaches(pathId: string, name: string, revision: string) {
  return useInfiniteQuery({
    queryKey: pathKeys.available(pathId, name, revision),
    queryFn: ({ pageParam, signal }) => pathsApi.speaches(pathId, false, name, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.result.length, 0);
      return last.result.length > 0 && loaded < last.total ? pages.length : undefined;
    },
    placeholderData: keepPreviousData,
  });
}
