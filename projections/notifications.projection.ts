import { DEFAULT_NOTIFICATION_FREQUENCY, type MailLanguage, type NotificationFrequency, type NotificationType, type RecordedEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionHandler, ProjectionWriter } from './projection';
import { workflowNotificationHandlers } from './workflow-notifications';
import { forumNotificationHandlers } from './forum-notifications';
import { speachNotificationHandlers } from './speach-notifications';
import { pathNotificationHandlers } from './path-notifications';
import { shareNotificationHandlers } from './share-notifications';
import { gxpNotificationHandlers } from './gxp-notifications';
import { gxpSignNotificationHandlers } from './gxp-sign-notifications';

export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_SETTINGS = 'notification_settings';
/** What the notifications need to know of a speach (who owns it, who is assigned), kept by this projection. */
export const NOTIFICATION_SPEACHES = 'notification_speaches';
/** Group membership, to notify the members of a group. */
export const NOTIFICATION_MEMBERS = 'notification_members';
/** Each user's count of unread notifications: the bell reads one document, not a count of the user's notifications. */
export const NOTIFICATION_UNREAD = 'notification_unread';
/** Who has started a speach (`{speachId}:{userId}`): a learner is new once. */
export const NOTIFICATION_LEARNERS = 'notification_learners';
/**
 * A comment's notifications (`_id` the comment id), so a deleted comment's are removed by id: a query on the
 * notifications during a fill from empty would make their table build its five indexes at once, and every
 * later notification of the fill would pay them.
 */
export const NOTIFICATION_COMMENTS = 'notification_comments';

export interface NotificationCommentDocument extends ProjectedDocument {
  notificationIds: string[];
}

/**
 * Why a notification was sent ("why did I get this"): the event that raised it, the rule that chose
 * this user (a key the apps translate: `speach-editor`, `admin`, `assigned`, ...) and the preference that
 * let it through (the notification type, active in the user's settings when the event was projected).
 */
export interface NotificationReason {
  eventId: string;
  eventType: string;
  rule: string;
  preference: string;
}

/** One notification for one user (spec §3 "Notification"); the API joins the speach and the source user. */
export interface NotificationDocument extends ProjectedDocument {
  userId: string;
  type: string;
  speachId: string | null;
  actorId: string | null;
  data: Record<string, unknown>;
  date: string;
  /** Position of the event that raised it: the order, and what an acknowledgement covers. */
  position: number;
  /** Absent on notifications projected before reasons were recorded. */
  reason?: NotificationReason;
}

/**
 * How many of a user's notifications lie above their acknowledged position. An acknowledgement covers every
 * notification projected before it (each carries the position of an earlier event), so it resets the count.
 */
export interface NotificationUnreadDocument extends ProjectedDocument {
  unread: number;
}

async function addUnread(writer: ProjectionWriter, userId: string, delta: number): Promise<void> {
  await writer.upsert<NotificationUnreadDocument>(NOTIFICATION_UNREAD, userId, (doc) => ({ _id: userId, unread: Math.max(0, (doc?.unread ?? 0) + delta) }));
}

/** One user's preferences; absent means every type active and the default frequency. */
export interface NotificationSettingsDocument extends ProjectedDocument {
  deactivated: string[];
  frequency: NotificationFrequency;
  /** Notifications at or below this event position are read. */
  acknowledgedUpTo: number;
  /** The language of the user's mails; absent: the platform's default. */
  language?: MailLanguage;
}

export interface NotificationSpeachDocument extends ProjectedDocument {
  authorId: string;
  coEditorIds: string[];
  coEditorGroupIds: string[];
  affectedUserIds: string[];
  affectedGroupIds: string[];
  published: boolean;
  archived: boolean;
  /** Assigned users already told of their assignment (assignments are told once the speach is published). */
  assignedNotified: string[];
  /** Published at least once: the admins' "new speach published" is told on the first publication only. */
  everPublished?: boolean;
  /** YYYY-MM-DD or null; with the reminders already told for it (`7`, `1`, `expired`), reset when it changes. */
  dueDate?: string | null;
  dueReminders?: string[];
  /** The due date's expiry was told (or there is none): the due-date policy looks at the others only. */
  dueDone?: boolean;
}

export interface NotificationMemberDocument extends ProjectedDocument {
  groupIds: string[];
  /** Only APPROVER-role members of a step's group are its approvers (spec §6). */
  roles: string[];
}

export function defaultSettings(userId: string): NotificationSettingsDocument {
  return { _id: userId, deactivated: [], frequency: DEFAULT_NOTIFICATION_FREQUENCY, acknowledgedUpTo: 0 };
}

export interface NotifyInput {
  userIds: string[];
  type: NotificationType | string;
  /** Why these users (see NotificationReason.rule); default `recipient`. */
  rule?: string;
  speachId: string | null;
  /** Who caused it (default: the event's user); never notified of their own action. */
  actorId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Raises one notification per user for an event. A user who deactivated the type is not notified:
 * the preference is applied here, when the event is projected (turning a type back on does not bring
 * back what was skipped). Idempotent: the id is the event id, the type and the user.
 */
/** One notification per (event, type, user), whatever the replays: readers (the mail policies) find it by this id. */
export const notificationId = (eventId: string, type: string, userId: string) => `${eventId}:${type}:${userId}`;

/** Answers the ids of the notifications it raised. */
export async function notify(writer: ProjectionWriter, event: RecordedEvent, input: NotifyInput): Promise<string[]> {
  const actorId = input.actorId !== undefined ? input.actorId : (event.metadata.userId ?? null);
  const raised: string[] = [];
  for (const userId of new Set(input.userIds)) {
    if (!userId || userId === actorId) continue;
    const settings = await writer.get<NotificationSettingsDocument>(NOTIFICATION_SETTINGS, userId);
    if (settings?.deactivated.includes(input.type)) continue;
    const id = notificationId(event.id, input.type, userId);
    // The first rule that chose a user is the reason kept (an admin who also edits the speach is told once).
    if (await writer.get<NotificationDocument>(NOTIFICATIONS, id)) continue;
    await addUnread(writer, userId, 1);
    await writer.upsert<NotificationDocument>(
      NOTIFICATIONS,
      id,
      (current) =>
        current ?? {
          _id: id,
          userId,
          type: input.type,
          speachId: input.speachId,
          actorId,
          data: input.data ?? {},
          date: event.time,
          position: event.position,
          reason: { eventId: event.id, eventType: event.type, rule: input.rule ?? 'recipient', preference: input.type },
        },
    );
    raised.push(id);
  }
  return raised;
}

/** The administrators (as this projection knows them). */
export async function admins(writer: ProjectionWriter): Promise<string[]> {
  const members = await writer.find<NotificationMemberDocument>(NOTIFICATION_MEMBERS, { roles: 'ADMIN' });
  return members.map((m) => m._id);
}

/** The users assigned to a speach, directly or through a group. */
export async function assignedUsers(writer: ProjectionWriter, speach: NotificationSpeachDocument): Promise<string[]> {
  return [...new Set([...speach.affectedUserIds, ...(await groupMembers(writer, speach.affectedGroupIds))])];
}

/** The users in any of these groups (as this projection knows them). */
export async function groupMembers(writer: ProjectionWriter, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const members = await writer.find<NotificationMemberDocument>(NOTIFICATION_MEMBERS, { groupIds: { $in: groupIds } });
  return members.map((m) => m._id);
}

/** The members of these groups who hold the APPROVER role: a group named in a workflow step approves through them only. */
export async function groupApprovers(writer: ProjectionWriter, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const members = await writer.find<NotificationMemberDocument>(NOTIFICATION_MEMBERS, { groupIds: { $in: groupIds } });
  return members.filter((m) => (m.roles ?? []).includes('APPROVER')).map((m) => m._id);
}

/** A speach as the notifications know it. */
export function notificationSpeach(writer: ProjectionWriter, speachId: string): Promise<NotificationSpeachDocument | null> {
  return writer.get<NotificationSpeachDocument>(NOTIFICATION_SPEACHES, speachId);
}

/** The author and co-editors (by user and by group) of a speach. */
export async function speachEditors(writer: ProjectionWriter, speachId: string): Promise<string[]> {
  const speach = await notificationSpeach(writer, speachId);
  if (!speach) return [];
  return [speach.authorId, ...speach.coEditorIds, ...(await groupMembers(writer, speach.coEditorGroupIds))];
}

type Data = Record<string, unknown> & { speachId: string };

async function patchSpeach(writer: ProjectionWriter, speachId: string, change: (doc: NotificationSpeachDocument) => Partial<NotificationSpeachDocument>) {
  await writer.upsert<NotificationSpeachDocument>(NOTIFICATION_SPEACHES, speachId, (doc) => (doc ? { ...doc, ...change(doc) } : null));
}

async function patchSettings(writer: ProjectionWriter, userId: string, change: (doc: NotificationSettingsDocument) => Partial<NotificationSettingsDocument>) {
  await writer.upsert<NotificationSettingsDocument>(NOTIFICATION_SETTINGS, userId, (doc) => {
    const base = doc ?? defaultSettings(userId);
    return { ...base, ...change(base) };
  });
}

/**
 * New assignments are told only once the speach is published: when users or groups are assigned to a
 * published speach, and when a speach with assignees gets published. Each user is told once per
 * assignment (being removed and assigned again tells again).
 */
async function tellAssigned(writer: ProjectionWriter, event: RecordedEvent, speach: NotificationSpeachDocument, next: Partial<NotificationSpeachDocument>) {
  const merged = { ...speach, ...next };
  const assigned = new Set([...merged.affectedUserIds, ...(await groupMembers(writer, merged.affectedGroupIds))]);
  const still = speach.assignedNotified.filter((id) => assigned.has(id));
  let told = still;
  if (merged.published && !merged.archived) {
    const fresh = [...assigned].filter((id) => !still.includes(id));
    await notify(writer, event, {
      userIds: fresh,
      type: 'NEW_ASSIGNMENT',
      rule: 'assigned',
      speachId: speach._id,
      data: merged.dueDate ? { dueDate: merged.dueDate } : {},
    });
    told = [...still, ...fresh];
  }
  await patchSpeach(writer, speach._id, () => ({ ...next, assignedNotified: told }));
}

async function assignmentChange(event: RecordedEvent, writer: ProjectionWriter, next: (d: Data) => Partial<NotificationSpeachDocument>) {
  const d = event.data as Data;
  const speach = await notificationSpeach(writer, d.speachId);
  if (speach) await tellAssigned(writer, event, speach, next(d));
}

const ownHandlers: Record<string, ProjectionHandler> = {
  UserGroupsChanged: async (event, writer) => {
    const { userId, groupIds } = event.data as { userId: string; groupIds: string[] };
    await writer.upsert<NotificationMemberDocument>(NOTIFICATION_MEMBERS, userId, (current) => ({ _id: userId, roles: current?.roles ?? [], groupIds }));
  },
  UserRegistered: async (event, writer) => {
    const { userId, roles } = event.data as { userId: string; roles: string[] };
    await writer.upsert<NotificationMemberDocument>(NOTIFICATION_MEMBERS, userId, (current) => ({ _id: userId, groupIds: current?.groupIds ?? [], roles }));
  },
  UserRolesChanged: async (event, writer) => {
    const { userId, roles } = event.data as { userId: string; roles: string[] };
    await writer.upsert<NotificationMemberDocument>(NOTIFICATION_MEMBERS, userId, (current) => ({ _id: userId, groupIds: current?.groupIds ?? [], roles }));
  },
  SpeachCreated: async (event, writer) => {
    const d = event.data as Data & { authorId: string };
    await writer.upsert<NotificationSpeachDocument>(NOTIFICATION_SPEACHES, d.speachId, () => ({
      _id: d.speachId,
      authorId: d.authorId,
      coEditorIds: [],
      coEditorGroupIds: [],
      affectedUserIds: [],
      affectedGroupIds: [],
      published: false,
      archived: false,
      assignedNotified: [],
      everPublished: false,
      dueDate: null,
      dueReminders: [],
      dueDone: true,
    }));
  },
  SpeachAuthorChanged: (event, writer) => patchSpeach(writer, (event.data as Data).speachId, () => ({ authorId: (event.data as Data).authorId as string })),
  SpeachCoEditorsChanged: async (event, writer) => {
    const d = event.data as Data & { userIds: string[] };
    const speach = await notificationSpeach(writer, d.speachId);
    if (!speach) return;
    await notify(writer, event, {
      userIds: d.userIds.filter((id) => !speach.coEditorIds.includes(id)),
      type: 'NEW_COEDITING',
      rule: 'added-co-editor',
      speachId: d.speachId,
    });
    await patchSpeach(writer, d.speachId, () => ({ coEditorIds: d.userIds }));
  },
  SpeachCoEditorGroupsChanged: (event, writer) =>
    patchSpeach(writer, (event.data as Data).speachId, () => ({ coEditorGroupIds: (event.data as Data).groupIds as string[] })),
  SpeachAffectedUsersChanged: (event, writer) => assignmentChange(event, writer, (d) => ({ affectedUserIds: d.userIds as string[] })),
  SpeachAffectedGroupsChanged: (event, writer) => assignmentChange(event, writer, (d) => ({ affectedGroupIds: d.groupIds as string[] })),
  SpeachPublished: (event, writer) => assignmentChange(event, writer, () => ({ published: true, everPublished: true })),
  SpeachUnpublished: (event, writer) => patchSpeach(writer, (event.data as Data).speachId, () => ({ published: false })),
  SpeachArchived: (event, writer) => patchSpeach(writer, (event.data as Data).speachId, () => ({ archived: true })),
  SpeachRestored: (event, writer) => patchSpeach(writer, (event.data as Data).speachId, () => ({ archived: false })),
  SpeachBookmarked: async (event, writer) => {
    const d = event.data as Data & { userId: string };
    const speach = await notificationSpeach(writer, d.speachId);
    if (speach)
      await notify(writer, event, { userIds: [speach.authorId], type: 'FAVORITE_ADDED', rule: 'speach-author', speachId: d.speachId, actorId: d.userId });
  },
  CommentPosted: async (event, writer) => {
    const d = event.data as Data & { commentId: string; userId: string; text: string };
    const toEditors = await notify(writer, event, {
      userIds: await speachEditors(writer, d.speachId),
      type: 'NEW_COMMENT',
      rule: 'speach-editor',
      speachId: d.speachId,
      actorId: d.userId,
      data: { commentId: d.commentId, content: d.text },
    });
    const toAdmins = await notify(writer, event, {
      userIds: await admins(writer),
      type: 'NEW_COMMENT',
      rule: 'admin',
      speachId: d.speachId,
      actorId: d.userId,
      data: { commentId: d.commentId, content: d.text },
    });
    const notificationIds = [...toEditors, ...toAdmins];
    if (notificationIds.length)
      await writer.upsert<NotificationCommentDocument>(NOTIFICATION_COMMENTS, d.commentId, (current) => ({
        _id: d.commentId,
        notificationIds: [...new Set([...(current?.notificationIds ?? []), ...notificationIds])],
      }));
  },
  /** A deleted comment's notifications go with it (read by id: no query on the notifications). */
  CommentDeleted: async (event, writer) => {
    const { commentId } = event.data as { commentId: string };
    const comment = await writer.get<NotificationCommentDocument>(NOTIFICATION_COMMENTS, commentId);
    if (!comment) return;
    for (const id of comment.notificationIds) {
      const doc = await writer.get<NotificationDocument>(NOTIFICATIONS, id);
      if (!doc) continue;
      await writer.upsert<NotificationDocument>(NOTIFICATIONS, id, () => null);
      const settings = await writer.get<NotificationSettingsDocument>(NOTIFICATION_SETTINGS, doc.userId);
      if (doc.position > (settings?.acknowledgedUpTo ?? 0)) await addUnread(writer, doc.userId, -1);
    }
    await writer.upsert<NotificationCommentDocument>(NOTIFICATION_COMMENTS, commentId, () => null);
  },
  NotificationTypeActivated: (event, writer) => {
    const { userId, type } = event.data as { userId: string; type: string };
    return patchSettings(writer, userId, (doc) => ({ deactivated: doc.deactivated.filter((t) => t !== type) }));
  },
  NotificationTypeDeactivated: (event, writer) => {
    const { userId, type } = event.data as { userId: string; type: string };
    return patchSettings(writer, userId, (doc) => ({ deactivated: doc.deactivated.includes(type) ? doc.deactivated : [...doc.deactivated, type] }));
  },
  NotificationFrequencyChanged: (event, writer) => {
    const { userId, frequency } = event.data as { userId: string; frequency: NotificationFrequency };
    return patchSettings(writer, userId, () => ({ frequency }));
  },
  NotificationLanguageChanged: (event, writer) => {
    const { userId, language } = event.data as { userId: string; language: MailLanguage };
    return patchSettings(writer, userId, () => ({ language }));
  },
  NotificationsAcknowledged: async (event, writer) => {
    const { userId } = event.data as { userId: string };
    await patchSettings(writer, userId, () => ({ acknowledgedUpTo: event.position }));
    await writer.upsert<NotificationUnreadDocument>(NOTIFICATION_UNREAD, userId, () => ({ _id: userId, unread: 0 }));
  },
};

/** Both handlers run when the workflow context handles an event type this projection handles too. */
function merged(...sets: Record<string, ProjectionHandler>[]): Record<string, ProjectionHandler> {
  const out: Record<string, ProjectionHandler> = {};
  for (const set of sets) {
    for (const [type, handler] of Object.entries(set)) {
      const before = out[type];
      out[type] = before
        ? async (event, writer) => {
            await before(event, writer);
            await handler(event, writer);
          }
        : handler;
    }
  }
  return out;
}

let handlers: Record<string, ProjectionHandler> | null = null;

export const notificationsProjection: ProjectionDefinition = {
  name: 'notifications',
  version: 7, // 5: the unread counts; 6: a comment's notifications by id; 7: (userId, position, date), built fresh
  collections: [
    {
      name: NOTIFICATIONS,
      // A user's notifications newest first, and the unread ones (position above what they acknowledged); a period's, for the digests.
      indexes: [
        { field: 'userId' },
        { field: 'speachId' },
        // A period's users without their rows (the digests' `distinct`): the index covers the answer.
        { fields: [{ field: 'date' }, { field: 'userId' }] },
        // A user's notifications newest first (the notification page); the date after them lets a digest's walk through
        // a period test each entry without reading its row (a busy user's first page of yesterday read 45k rows: ~60 ms).
        { fields: [{ field: 'userId' }, { field: 'position', direction: -1 }, { field: 'date' }] },
        { fields: [{ field: 'userId' }, { field: 'type' }, { field: 'position', direction: -1 }] },
      ],
    },
    // The digest policy reads the users who want mails.
    { name: NOTIFICATION_SETTINGS, indexes: [{ field: 'frequency' }] },
    // The due-date policy reads the speaches whose due date is not yet told in full.
    { name: NOTIFICATION_SPEACHES, indexes: [{ fields: [{ field: 'dueDone' }, { field: 'dueDate' }] }] },
    { name: NOTIFICATION_MEMBERS, indexes: [{ field: 'groupIds' }, { field: 'roles' }] },
    { name: NOTIFICATION_LEARNERS },
    { name: NOTIFICATION_UNREAD },
    { name: NOTIFICATION_COMMENTS },
  ],
  // Read when the runner starts, so the workflow handlers (which import `notify` from here) are loaded by then.
  get handlers() {
    // The speach handlers first: "new speach published" reads `everPublished` before the own handler sets it.
    handlers ??= merged(
      speachNotificationHandlers ?? {},
      ownHandlers,
      workflowNotificationHandlers ?? {},
      forumNotificationHandlers ?? {},
      pathNotificationHandlers ?? {},
      shareNotificationHandlers ?? {},
      gxpSignNotificationHandlers ?? {},
      gxpNotificationHandlers ?? {},
    );
    return handlers;
  },
};
