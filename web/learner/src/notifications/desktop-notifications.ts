import { useEffect, useRef } from 'react';
import type { Language } from '../i18n';
import { desktopAlert } from './desktop-alert';
import { notificationsApi } from './notificationsApi';

const STORAGE_KEY = 'speach.desktopNotifications';
/** How often the open app looks for new notifications to show on the desktop. */
export const DESKTOP_POLL_MS = 60_000;

export type DesktopSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function desktopSupport(): DesktopSupport {
  return typeof window === 'undefined' || !('Notification' in window) ? 'unsupported' : (Notification.permission as DesktopSupport);
}

/** The spec's "desktop notifications" setting: kept per browser (the browser's permission is per browser too). */
export function desktopEnabled(): boolean {
  return localStorage.getItem(STORAGE_KEY) === 'on' && desktopSupport() === 'granted';
}

/** Turning it on asks the browser's permission; answers whether desktop notifications are now on. */
export async function setDesktopEnabled(on: boolean): Promise<boolean> {
  if (!on) {
    localStorage.removeItem(STORAGE_KEY);
    return false;
  }
  if (desktopSupport() === 'unsupported') return false;
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return false;
  localStorage.setItem(STORAGE_KEY, 'on');
  return true;
}

/**
 * While the app is open, shows a desktop notification when the unread count grows (through the
 * browser's Notification API); `onCount` keeps the bell's badge in step.
 */
export function useDesktopNotifications(language: Language, unread: number, onCount: (count: number) => void) {
  const last = useRef(unread);
  last.current = unread;
  useEffect(() => {
    const timer = window.setInterval(() => {
      void notificationsApi.countUnread().then(
        async ({ size }) => {
          const before = last.current;
          onCount(size);
          if (size <= before || !desktopEnabled()) return;
          const [newest] = await notificationsApi.list(0, undefined, 1);
          const alert = desktopAlert(language, before, size, newest);
          if (alert) new Notification(alert.title, { body: alert.body, tag: 'speach-notifications' });
        },
        () => undefined,
      );
    }, DESKTOP_POLL_MS);
    return () => window.clearInterval(timer);
  }, [language, onCount]);
}
