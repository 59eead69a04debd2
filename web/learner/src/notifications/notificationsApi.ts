import type { NotificationParameterView, NotificationParametersView, NotificationView } from '@speach/web-shared/api';
import { api } from '../api/client';
import { NOTIFICATION_PAGE_SIZE, type NotificationFrequency } from './notification-rules';

const enc = encodeURIComponent;

/** Spec §3 "Notification" as docs/engagement-api.md answers it. */
export type AppNotification = NotificationView;

/** Spec §3 "Notification parameter". */
export type NotificationParameter = NotificationParameterView;

const typeQuery = (type?: string) => (type ? `&type=${enc(type)}` : '');

/** Spec §7 notification calls. */
export const notificationsApi = {
  list: (page: number, type?: string, size = NOTIFICATION_PAGE_SIZE) =>
    api<AppNotification[]>(`/api/v2/notifications?dataType=json&page=${page}&size=${size}${typeQuery(type)}`),
  count: (type?: string) => api<{ size: number }>(`/api/v2/notifications/count?dataType=json${typeQuery(type)}`),
  countUnread: () => api<{ size: number }>('/api/v2/notifications/countUnread'),
  acquit: () => api<{ size: number }>('/api/v2/notifications/acquit', { method: 'POST' }),
  types: () => api<string[]>('/api/v2/notifications/parameters/types'),
  parameters: () => api<Pick<NotificationParametersView, 'params' | 'frequencyNotification'>>('/api/v2/notifications/parameters'),
  setActive: (type: string, active: boolean) =>
    api<NotificationParameter>(`/api/v2/notifications/parameters/${active ? 'activate' : 'desactivate'}?type=${enc(type)}`),
  /** The language of the user's mails: the one this app shows. */
  language: (language: string) => api<{ language: string | null }>(`/api/v2/notifications/parameters/language?language=${enc(language)}`),
  frequency: (frequency: NotificationFrequency) =>
    api<{ frequencyNotification: NotificationFrequency }>(`/api/v2/notifications/parameters/frequency?frequency=${enc(frequency)}`),
};
