import { MemoryEventStore } from '../backend/infrastructure/event-store/memory-event-store';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { newEvent } from '../test/support/events';
import {
  NOTIFICATIONS,
  NOTIFICATION_COMMENTS,
  NOTIFICATION_SETTINGS,
  NOTIFICATION_UNREAD,
  type NotificationDocument,
  notificationsProjection,
} from './notifications.projection';
import { ProjectionRunner } from './projection-runner';

const silent = { log: () => undefined, error: () => undefined };

async function project(events: [string, string, Record<string, unknown>, string?][]) {
  const store = new MemoryEventStore();
  const readStore = new MemoryReadStore({ freezeAdopted: true });
  for (const [stream, type, data, userId] of events) await store.appendToStream(stream, [newEvent(type, data, userId ?? null)], { expectedRevision: 'any' });
  const runner = new ProjectionRunner(store, readStore, [notificationsProjection], silent);
  await runner.start();
  await runner.catchUp(5000);
  await runner.stop();
  const notifications = await readStore.collection<NotificationDocument>(NOTIFICATIONS).find({}, { sort: { position: 1, userId: 1 } });
  return { notifications: notifications.map((n) => [n.userId, n.type, n.speachId]), docs: notifications, readStore };
}

const speach = 'speach-s1';
const created: [string, string, Record<string, unknown>, string] = [speach, 'SpeachCreated', { speachId: 's1', authorId: 'author', title: 'T' }, 'author'];

describe('notifications projection', () => {
  it('tells the author and co-editors (by user and group) of a comment, never its writer', async () => {
    const { notifications, docs } = await project([
      ['user-g', 'UserGroupsChanged', { userId: 'groupie', groupIds: ['g1'] }],
      created,
      [speach, 'SpeachCoEditorsChanged', { speachId: 's1', userIds: ['co'] }, 'author'],
      [speach, 'SpeachCoEditorGroupsChanged', { speachId: 's1', groupIds: ['g1'] }, 'author'],
      ['comments-s1', 'CommentPosted', { commentId: 'c1', speachId: 's1', userId: 'co', text: 'hello' }, 'co'],
    ]);
    expect(notifications).toEqual([
      ['co', 'NEW_COEDITING', 's1'],
      ['author', 'NEW_COMMENT', 's1'],
      ['groupie', 'NEW_COMMENT', 's1'],
    ]);
    expect(docs[1]).toEqual(expect.objectContaining({ actorId: 'co', data: { commentId: 'c1', content: 'hello' } }));
  });

  it('respects a deactivated type at projection time, and a type activated again', async () => {
    const { notifications } = await project([
      created,
      ['notifications-author', 'NotificationTypeDeactivated', { userId: 'author', type: 'NEW_COMMENT' }, 'author'],
      ['comments-s1', 'CommentPosted', { commentId: 'c1', speachId: 's1', userId: 'r', text: 'muted' }, 'r'],
      ['learner-r', 'SpeachBookmarked', { speachId: 's1', userId: 'r' }, 'r'],
      ['notifications-author', 'NotificationTypeActivated', { userId: 'author', type: 'NEW_COMMENT' }, 'author'],
      ['comments-s1', 'CommentPosted', { commentId: 'c2', speachId: 's1', userId: 'r', text: 'heard' }, 'r'],
    ]);
    expect(notifications).toEqual([
      ['author', 'FAVORITE_ADDED', 's1'],
      ['author', 'NEW_COMMENT', 's1'],
    ]);
  });

  it('tells assigned users (directly or through a group) once the speach is published, once each', async () => {
    const { notifications } = await project([
      ['user-m', 'UserGroupsChanged', { userId: 'member', groupIds: ['g2'] }],
      created,
      [speach, 'SpeachAffectedUsersChanged', { speachId: 's1', userIds: ['u1'] }, 'author'],
      [speach, 'SpeachAffectedGroupsChanged', { speachId: 's1', groupIds: ['g2'] }, 'author'],
      [speach, 'SpeachPublished', { speachId: 's1', version: 1, scheduledFor: null }, 'author'],
      [speach, 'SpeachAffectedUsersChanged', { speachId: 's1', userIds: ['u1', 'u2'] }, 'author'],
      [speach, 'SpeachPublished', { speachId: 's1', version: 2, scheduledFor: null }, 'author'],
    ]);
    expect(notifications).toEqual([
      ['member', 'NEW_ASSIGNMENT', 's1'],
      ['u1', 'NEW_ASSIGNMENT', 's1'],
      ['u2', 'NEW_ASSIGNMENT', 's1'],
    ]);
  });

  it('drops a deleted comment notification and records acknowledgements by position', async () => {
    const { notifications, readStore } = await project([
      created,
      ['comments-s1', 'CommentPosted', { commentId: 'c1', speachId: 's1', userId: 'r', text: 'oops' }, 'r'],
      ['comments-s1', 'CommentPosted', { commentId: 'c2', speachId: 's1', userId: 'r', text: 'kept' }, 'r'],
      ['comments-s1', 'CommentDeleted', { commentId: 'c1', speachId: 's1', deletedBy: 'r' }, 'r'],
      ['notifications-author', 'NotificationsAcknowledged', { userId: 'author' }, 'author'],
    ]);
    expect(notifications).toEqual([['author', 'NEW_COMMENT', 's1']]);
    const settings = await readStore.collection<{ _id: string; acknowledgedUpTo: number }>(NOTIFICATION_SETTINGS).findById('author');
    expect(settings?.acknowledgedUpTo).toBe(5);
  });

  it('counts each user unread notifications: up with each one, down when an unread one is deleted, zero once acknowledged', async () => {
    const comment = (id: string, text: string): [string, string, Record<string, unknown>, string] => [
      'comments-s1',
      'CommentPosted',
      { commentId: id, speachId: 's1', userId: 'r', text },
      'r',
    ];
    const unread = async (readStore: import('../backend/infrastructure/read-store/read-store.port').ReadStore) =>
      (await readStore.collection<{ _id: string; unread: number }>(NOTIFICATION_UNREAD).findById('author'))?.unread;
    const counted = await project([
      created,
      comment('c1', 'one'),
      comment('c2', 'two'),
      ['comments-s1', 'CommentDeleted', { commentId: 'c1', speachId: 's1', deletedBy: 'r' }, 'r'],
    ]);
    expect(await unread(counted.readStore)).toBe(1);
    expect(counted.docs.filter((d) => d.userId === 'author')).toHaveLength(1);
    const acknowledged = await project([
      created,
      comment('c1', 'one'),
      comment('c2', 'two'),
      ['notifications-author', 'NotificationsAcknowledged', { userId: 'author' }, 'author'],
      // Read before it was deleted: the count stays at what came after the acknowledgement.
      ['comments-s1', 'CommentDeleted', { commentId: 'c1', speachId: 's1', deletedBy: 'r' }, 'r'],
      comment('c3', 'three'),
    ]);
    expect(await unread(acknowledged.readStore)).toBe(1);
  });

  it('removes a deleted comment notifications by id, editors and admins alike, when the comment was projected in an earlier run', async () => {
    const events = new MemoryEventStore();
    const readStore = new MemoryReadStore({ freezeAdopted: true });
    const append = (stream: string, type: string, data: Record<string, unknown>, userId: string | null) =>
      events.appendToStream(stream, [newEvent(type, data, userId)], { expectedRevision: 'any' });
    const run = async () => {
      const runner = new ProjectionRunner(events, readStore, [notificationsProjection], silent);
      await runner.start();
      await runner.catchUp(5000);
      await runner.stop();
    };
    await append('user-admin', 'UserRegistered', { userId: 'admin', roles: ['ADMIN'] }, null);
    await append(speach, 'SpeachCreated', { speachId: 's1', authorId: 'author', title: 'T' }, 'author');
    await append('comments-s1', 'CommentPosted', { commentId: 'c1', speachId: 's1', userId: 'r', text: 'oops' }, 'r');
    await append('comments-s1', 'CommentPosted', { commentId: 'c2', speachId: 's1', userId: 'r', text: 'kept' }, 'r');
    await run();
    const byUser = async () =>
      (await readStore.collection<NotificationDocument>(NOTIFICATIONS).find({}, { sort: { position: 1, userId: 1 } })).map((n) => [n.userId, n.data.commentId]);
    expect(await byUser()).toEqual([
      ['admin', 'c1'],
      ['author', 'c1'],
      ['admin', 'c2'],
      ['author', 'c2'],
    ]);
    expect((await readStore.collection<{ _id: string; notificationIds: string[] }>(NOTIFICATION_COMMENTS).findById('c1'))?.notificationIds).toHaveLength(2);

    await append('comments-s1', 'CommentDeleted', { commentId: 'c1', speachId: 's1', deletedBy: 'r' }, 'r');
    await append('comments-s1', 'CommentDeleted', { commentId: 'never-notified', speachId: 's1', deletedBy: 'r' }, 'r');
    await run();
    expect(await byUser()).toEqual([
      ['admin', 'c2'],
      ['author', 'c2'],
    ]);
    expect(await readStore.collection(NOTIFICATION_COMMENTS).findById('c1')).toBeNull();
    const unread = await readStore.collection<{ _id: string; unread: number }>(NOTIFICATION_UNREAD).find({}, { sort: { _id: 1 } });
    expect(unread.map((u) => [u._id, u.unread])).toEqual([
      ['admin', 1],
      ['author', 1],
    ]);
  });
});
