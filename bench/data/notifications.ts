import { type NewEvent, pathStream, speachShareStream, uuidv7 } from '../../events';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { BENCH_ADMIN, type GeneratedIdentity, event } from './identity';
import type { GeneratedSpeach } from './speaches';

export interface GeneratedNotifications {
  /** The busy user (the bench administrator, an author): `busyCount` notifications of theirs, all unread. */
  busyEmail: string;
  busyCount: number;
  /** Users on a daily digest with a notification dated the day of `now`: the digest run as of `digestAt` tells them. */
  digestUsers: number;
  digestAt: string;
}

async function bounded(appends: Promise<unknown>[], limit = 512): Promise<void> {
  if (appends.length >= limit) await Promise.all(appends.splice(0));
}

/**
 * Issue 19's bench data: the bench administrator's speach shared `busy` times by the generated users
 * (one SPEACH_SHARED notification each, the busy user's bell and notification page), and `digestUsers`
 * users switched to the daily digest and assigned a published path the day of `now` (one NEW_ASSIGNMENT
 * each, without a due date: nothing is mailed at once), for the daily digest run.
 */
export async function generateNotifications(
  store: EventStore,
  identity: GeneratedIdentity,
  speaches: GeneratedSpeach[],
  sizes: { busy: number; digestUsers: number },
  now = Date.now(),
): Promise<GeneratedNotifications> {
  const adminId = identity.userIds[0];
  const shared = speaches.find((s) => s.authorId === adminId && s.published);
  if (!shared) throw new Error('the bench administrator has no published speach to share');
  const others = identity.userIds.slice(1);
  const appends: Promise<unknown>[] = [];
  for (let i = 0; i < sizes.busy; i++) {
    const shareId = uuidv7();
    const userId = others[i % others.length];
    // Spread over the last 30 days, the newest last.
    const at = now - 30 * 86_400_000 + Math.floor((i / sizes.busy) * 29 * 86_400_000);
    appends.push(store.appendToStream(speachShareStream(shareId), [event('SpeachShared', { shareId, speachId: shared.speachId, userId, chapterId: null }, userId, at)], { expectedRevision: 'no_stream' }));
    await bounded(appends);
  }
  // Deactivated users get no mail: the digest readers are active ones (every active user is in a group).
  const active = new Set([...identity.members.values()].flat());
  const recipients = others.filter((id) => active.has(id)).slice(0, sizes.digestUsers);
  const pathId = uuidv7();
  const title = 'Digest bench path';
  const pathEvents: NewEvent[] = [
    event('PathCreated', { pathId, ownerId: adminId, title, description: 'Assigned to every digest reader.', image: null, sequential: false, openForSelfEnrolment: false, recertificationMonths: null }, adminId, now - 3_600_000),
    event('PathSpeachAdded', { pathId, speachId: shared.speachId, position: 0 }, adminId, now - 3_600_000),
    event('PathPublished', { pathId, title, firstPublication: true, speachIds: [shared.speachId], assignedUserIds: [], assignedGroupIds: [] }, adminId, now - 3_600_000),
    ...recipients.map((userId) => event('PathUserAssignmentChanged', { pathId, userId, assigned: true, dueDate: null, published: true, title }, adminId, now)),
  ];
  appends.push(store.appendToStream(pathStream(pathId), pathEvents, { expectedRevision: 'no_stream' }));
  for (const userId of recipients) {
    appends.push(store.appendToStream(`notifications-${userId}`, [event('NotificationFrequencyChanged', { userId, frequency: 'JOURNALIER' }, userId, now - 7_200_000)], { expectedRevision: 'any' }));
    await bounded(appends);
  }
  await Promise.all(appends);
  return { busyEmail: BENCH_ADMIN.email, busyCount: sizes.busy, digestUsers: recipients.length, digestAt: new Date(now + 86_400_000).toISOString() };
}
