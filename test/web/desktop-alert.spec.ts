import { registerCatalogue } from '../../web/learner/src/i18n/format';
import { de } from '../../web/learner/src/i18n/de';
import { en } from '../../web/learner/src/i18n/en';
import { es } from '../../web/learner/src/i18n/es';
import { fr } from '../../web/learner/src/i18n/fr';
import { desktopAlert } from '../../web/learner/src/notifications/desktop-alert';
import type { AppNotification } from '../../web/learner/src/notifications/notificationsApi';

for (const [language, messages] of Object.entries({ en, fr, es, de })) registerCatalogue(language as 'en', messages);

const newest = (over: Partial<AppNotification> = {}): AppNotification => ({
  key: 'n1',
  typeNotification: 'NEW_COMMENT',
  date: '2026-11-24T10:00:00.000Z',
  timestamp: Date.parse('2026-11-24T10:00:00.000Z'),
  read: false,
  sourceUser: { id: 'u1', userID: 'u1', firstName: 'Alice', lastName: 'Martin', email: 'alice@example.test', img: null },
  message: null,
  commentaire: null,
  speach: { speachID: 's1', title: 'Phishing awareness', img: null },
  parcours: null,
  badge: null,
  topic: null,
  groupe: null,
  data: {},
  reason: null,
  ...over,
});

/** Issue 19 item 2: desktop notifications through the browser's Notification API while the app is open. */
describe('desktop notification content', () => {
  it('says nothing while the unread count does not grow', () => {
    expect(desktopAlert('en', 3, 3, newest())).toBeNull();
    expect(desktopAlert('en', 3, 1, newest())).toBeNull();
  });

  it('counts the new notifications with the language plural rules and names who and what the newest is about', () => {
    expect(desktopAlert('en', 2, 3, newest())).toEqual({ title: '1 new notification', body: 'Alice Martin · Phishing awareness' });
    expect(desktopAlert('en', 0, 1200, newest())?.title).toBe('1,200 new notifications');
    expect(desktopAlert('fr', 0, 2, newest())?.title).toBe('2 nouvelles notifications');
    expect(desktopAlert('de', 0, 1, newest())?.title).toBe('1 neue Benachrichtigung');
    expect(desktopAlert('es', 0, 5, newest())?.title).toBe('5 notificaciones nuevas');
  });

  it('names a path or a topic when the newest is about no speach, and nobody when the platform raised it', () => {
    const badge = newest({ typeNotification: 'NEW_ASSIGNMENT', sourceUser: null, speach: null, data: { pathId: 'p1', pathTitle: 'Site induction' } });
    expect(desktopAlert('en', 0, 1, badge)).toEqual({ title: '1 new notification', body: 'Site induction' });
    expect(desktopAlert('en', 0, 1, undefined)).toEqual({ title: '1 new notification', body: '' });
  });
});
