import { type NotificationCategory, type NotificationFrequency, listOf } from '@speach/web-shared/api';
/** Spec §5 / §9: the unread badge shows the count, and +99 above 99; nothing when there is nothing unread. */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '+99' : String(Math.floor(count));
}

/** Spec §9: notification page size. */
export const NOTIFICATION_PAGE_SIZE = 10;

/** Spec §4: opening the bell acknowledges once per page view; only when something is unread. */
export function shouldAcknowledge(alreadyAcknowledged: boolean, unread: number): boolean {
  return !alreadyAcknowledged && unread > 0;
}

export type { NotificationFrequency };
export const NOTIFICATION_FREQUENCIES = listOf<NotificationFrequency>()(['NONE', 'JOURNALIER', 'HEBDOMADAIRE', 'MENSUEL']);

/** Spec §6: preference groups shown by role (admin, author, all users), in this order. */
export type { NotificationCategory };
export const NOTIFICATION_CATEGORIES = listOf<NotificationCategory>()(['USER', 'TRAINER', 'ADMIN']);

export function groupByCategory<P extends { category: string }>(params: P[]): { category: NotificationCategory; params: P[] }[] {
  return NOTIFICATION_CATEGORIES.map((category) => ({ category, params: params.filter((p) => p.category === category) })).filter((g) => g.params.length > 0);
}

/** `/account/myNotifications?settings=open` opens the settings panel; the address follows it. */
export function settingsOpen(search: URLSearchParams): boolean {
  return search.get('settings') === 'open';
}
