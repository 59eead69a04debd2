import type { NotificationDocument } from '../../../projections/notifications.projection';
import type { Collection } from '../../infrastructure/read-store/read-store.port';
import type { DigestPeriod } from './digest-period';

export type DigestNotification = Pick<NotificationDocument, '_id' | 'userId' | 'type' | 'speachId' | 'actorId' | 'data' | 'date' | 'position'>;

/**
 * Notifications read per page when a digest is written: a page of 2,000 (read, parsed, sorted) held the thread
 * 20-50 ms at a time while the quick bench's busy user (20k notifications in a day) got their digest.
 */
export const DIGEST_PAGE = 250;

/** The notifications dated inside a period. */
export function inPeriod(period: Pick<DigestPeriod, 'start' | 'end'>) {
  return { date: { $gte: period.start.toISOString(), $lt: period.end.toISOString() } };
}

/**
 * A user's notifications of a period, newest first, read a page at a time along the (userId, position) index with a
 * turn of the event loop between pages: a user with 100k notifications in a month does not stall other requests.
 */
export async function periodNotifications(
  notifications: Collection<NotificationDocument>,
  userId: string,
  period: Pick<DigestPeriod, 'start' | 'end'>,
  pageSize = DIGEST_PAGE,
): Promise<DigestNotification[]> {
  const all: DigestNotification[] = [];
  for (let before = Number.MAX_SAFE_INTEGER; ;) {
    const page = await notifications.find({ userId, ...inPeriod(period), position: { $lt: before } }, { sort: { position: -1 }, limit: pageSize });
    if (page.length < pageSize) {
      for (const n of page) all.push(n);
      return all;
    }
    // One event may notify a user more than once (the same position): the page's last position is read whole.
    before = page[page.length - 1].position;
    for (const n of page) if (n.position !== before) all.push(n);
    for (const n of await notifications.find({ userId, ...inPeriod(period), position: before }, { sort: { _id: 1 } })) all.push(n);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
