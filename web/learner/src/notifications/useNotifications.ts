import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { NOTIFICATION_PAGE_SIZE, type NotificationFrequency } from './notification-rules';
import { type AppNotification, type NotificationParameter, notificationsApi } from './notificationsApi';

/**
 * Every notification query lives under `['notifications']`: the bell's count and latest list, the page's
 * list and count per type filter (`''` for all types), the type names and the user's settings.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
  page: (type: string) => ['notifications', 'page', type] as const,
  count: (type: string) => ['notifications', 'count', type] as const,
  types: ['notifications', 'types'] as const,
  settings: ['notifications', 'settings'] as const,
};

export type NotificationSettings = Awaited<ReturnType<typeof notificationsApi.parameters>>;

/** The bell's unread count; 0 when it cannot be read (the bell stays quiet rather than failing). */
export function useUnreadCount() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () =>
      notificationsApi.countUnread().then(
        (answer) => answer.size,
        () => 0,
      ),
  });
  const setUnread = useCallback((count: number) => void client.setQueryData(notificationKeys.unread, count), [client]);
  return [query.data ?? 0, setUnread] as const;
}

/** The bell's latest notifications, read again each time the dropdown opens. */
export function useLatestNotifications(open: boolean) {
  return useQuery({ queryKey: notificationKeys.latest, queryFn: () => notificationsApi.list(0), enabled: open, staleTime: 0 });
}

/** Once seen in the dropdown, the latest notifications show as read without another call. */
export function useMarkLatestSeen() {
  const client = useQueryClient();
  return () => client.setQueryData<AppNotification[]>(notificationKeys.latest, (list) => list?.map((n) => ({ ...n, read: true })));
}

/** Acknowledging resets the unread count at once; a failure reads the count again. */
export function useAcknowledgeNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => notificationsApi.acquit(),
    onMutate: () => client.setQueryData(notificationKeys.unread, 0),
    onError: () => client.invalidateQueries({ queryKey: notificationKeys.unread }),
  });
}

/** The notifications page's list for one type filter, page after page (spec §9 page size). */
export function useNotificationPages(type: string) {
  return useInfiniteQuery({
    queryKey: notificationKeys.page(type),
    queryFn: ({ pageParam }) => notificationsApi.list(pageParam, type || undefined),
    initialPageParam: 0,
    // A short page is the last one: the count says how many there are, but may move while paging.
    getNextPageParam: (last, pages) => (last.length === NOTIFICATION_PAGE_SIZE ? pages.length : undefined),
  });
}

/** The page's notifications in order, once each (a notification raised while paging shifts the pages by one). */
export function flattenNotifications(pages: AppNotification[][] | undefined): AppNotification[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<string>();
  return pages.flat().filter((n) => !seen.has(n.key) && !!seen.add(n.key));
}

export function useNotificationCount(type: string) {
  return useQuery({ queryKey: notificationKeys.count(type), queryFn: () => notificationsApi.count(type || undefined).then((answer) => answer.size) });
}

/** The type names of the filter; they change with a release only. An empty filter when they cannot be read. */
export function useNotificationTypes() {
  return useQuery({ queryKey: notificationKeys.types, queryFn: () => notificationsApi.types().catch(() => [] as string[]), staleTime: Infinity });
}

export function useNotificationSettings(open: boolean) {
  return useQuery({ queryKey: notificationKeys.settings, queryFn: () => notificationsApi.parameters(), enabled: open });
}

function patchSetting(client: QueryClient, id: string, change: (param: NotificationParameter) => NotificationParameter) {
  client.setQueryData<NotificationSettings>(notificationKeys.settings, (settings) =>
    settings ? { ...settings, params: settings.params.map((p) => (p.id === id ? change(p) : p)) } : settings,
  );
}

/**
 * Spec §5: a switch acts at once. It flips in the cache before the server answers and is put back alone on
 * failure: the user may flip several switches in a row, and one refusal must not undo the others.
 */
export function toggleSettingOptions(client: QueryClient) {
  return {
    mutationFn: ({ param, activate }: { param: NotificationParameter; activate: boolean }) => notificationsApi.setActive(param.typeNotification, activate),
    onMutate: async ({ param, activate }: { param: NotificationParameter; activate: boolean }) => {
      await client.cancelQueries({ queryKey: notificationKeys.settings });
      patchSetting(client, param.id, (p) => ({ ...p, activate }));
    },
    onSuccess: (saved: NotificationParameter) => patchSetting(client, saved.id, () => saved),
    onError: (_error: unknown, { param }: { param: NotificationParameter; activate: boolean }) =>
      patchSetting(client, param.id, (p) => ({ ...p, activate: param.activate })),
  };
}

export function useToggleNotificationSetting() {
  return useMutation(toggleSettingOptions(useQueryClient()));
}

/** The mail frequency shows the choice at once and goes back to the previous one on failure. */
export function frequencyOptions(client: QueryClient) {
  const setFrequency = (frequencyNotification: NotificationFrequency) =>
    client.setQueryData<NotificationSettings>(notificationKeys.settings, (settings) => (settings ? { ...settings, frequencyNotification } : settings));
  return {
    mutationFn: (frequency: NotificationFrequency) => notificationsApi.frequency(frequency),
    onMutate: async (frequency: NotificationFrequency) => {
      await client.cancelQueries({ queryKey: notificationKeys.settings });
      const before = client.getQueryData<NotificationSettings>(notificationKeys.settings)?.frequencyNotification;
      setFrequency(frequency);
      return { before };
    },
    onSuccess: (answer: { frequencyNotification: NotificationFrequency }) => setFrequency(answer.frequencyNotification),
    onError: (_error: unknown, _frequency: NotificationFrequency, context: { before?: NotificationFrequency } | undefined) => {
      if (context?.before) setFrequency(context.before);
    },
  };
}

export function useNotificationFrequency() {
  return useMutation(frequencyOptions(useQueryClient()));
}
