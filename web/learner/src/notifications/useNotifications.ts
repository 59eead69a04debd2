import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type AppNotification, notificationsApi } from './notificationsApi';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
};

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
