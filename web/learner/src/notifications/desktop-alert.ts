import { type Language, translate } from '../i18n/format';
import type { AppNotification } from './notificationsApi';

export interface DesktopAlert {
  title: string;
  body: string;
}

/**
 * What the browser notification says when the unread count went from `before` to `after`: nothing
 * unless it grew; the title counts the new ones in the language, the body names who and what the
 * newest is about (a speach, else a path or a topic).
 */
export function desktopAlert(language: Language, before: number, after: number, newest: AppNotification | undefined): DesktopAlert | null {
  if (after <= before) return null;
  const fresh = after - before;
  const form = new Intl.PluralRules(language).select(fresh) === 'one' ? 'desktop.title.one' : 'desktop.title.other';
  const data = newest?.data ?? {};
  const about = newest?.speach?.title ?? [data.pathTitle, data.topicTitle].find((v): v is string => typeof v === 'string') ?? '';
  const who = newest?.sourceUser ? `${newest.sourceUser.firstName} ${newest.sourceUser.lastName}`.trim() : '';
  return {
    title: translate(language, form, { count: new Intl.NumberFormat(language).format(fresh) }),
    body: [who, about].filter(Boolean).join(' · '),
  };
}
