import type { AbuseReportEvent, BadgeAwarded, ConversationEvent, RecordedEvent, TopicEvent, TopicSubject } from '../events';
import { NOTIFICATION_MEMBERS, type NotificationMemberDocument, notificationSpeach, notify } from './notifications.projection';
import type { ProjectionHandler, ProjectionWriter } from './projection';

/** The administrators as the notifications projection knows them (roles kept from the user events). */
async function admins(writer: ProjectionWriter): Promise<string[]> {
  return (await writer.find<NotificationMemberDocument>(NOTIFICATION_MEMBERS, { roles: 'ADMIN' })).map((m) => m._id);
}

/** A speach's author (as this projection knows speaches), or the path's owner the event names. */
async function subjectOwners(writer: ProjectionWriter, d: { speachId: string | null; subjectOwnerId: string | null }): Promise<string[]> {
  if (d.subjectOwnerId) return [d.subjectOwnerId];
  const speach = d.speachId ? await notificationSpeach(writer, d.speachId) : null;
  return speach ? [speach.authorId] : [];
}

/** A path's topic names its path, where the bell links to. */
const pathOf = (d: { subject: TopicSubject }) => (d.subject.kind === 'path' ? { pathId: d.subject.id } : {});

const dataOf = <E extends { type: string; data: unknown }>(event: RecordedEvent) => event.data as unknown as E['data'];

/**
 * Notifications raised by the forum, private messages, badges and abuse reports. The notifications
 * projection merges these handlers into its own; the forum context owns this file.
 */
export const forumNotificationHandlers: Record<string, ProjectionHandler> = {
  TopicOpened: async (event, writer) => {
    const d = dataOf<Extract<TopicEvent, { type: 'TopicOpened' }>>(event);
    await notify(writer, event, {
      userIds: await subjectOwners(writer, d),
      type: 'NEW_TOPIC_MESSAGE',
      speachId: d.speachId,
      actorId: d.userId,
      data: { topicId: d.topicId, postId: d.topicId, topicTitle: d.title, content: d.text, ...pathOf(d) },
    });
  },
  TopicReplied: async (event, writer) => {
    const d = dataOf<Extract<TopicEvent, { type: 'TopicReplied' }>>(event);
    await notify(writer, event, {
      userIds: [...(await subjectOwners(writer, d)), ...d.participantIds],
      type: 'NEW_TOPIC_MESSAGE',
      speachId: d.speachId,
      actorId: d.userId,
      data: { topicId: d.topicId, postId: d.postId, content: d.text, ...pathOf(d) },
    });
  },
  PrivateMessageSent: async (event, writer) => {
    const d = dataOf<Extract<ConversationEvent, { type: 'PrivateMessageSent' }>>(event);
    await notify(writer, event, {
      userIds: [d.recipientId],
      type: 'NEW_MESSAGE',
      speachId: null,
      actorId: d.senderId,
      data: { conversationId: d.conversationId, message: d.text },
    });
  },
  BadgeAwarded: async (event, writer) => {
    const d = dataOf<BadgeAwarded>(event);
    // Spec §3: the learner, the speach's author and the administrators are each told a badge was obtained.
    await notify(writer, event, {
      userIds: [d.userId, d.authorId, ...(await admins(writer))],
      type: 'BADGE_OBTAINED',
      speachId: d.speachId,
      // The platform awards it: nobody is the actor, so the learner is told too.
      actorId: null,
      data: { badge: d.badge, badgeTitle: d.title, learnerId: d.userId },
    });
  },
  AbuseReported: async (event, writer) => {
    const d = dataOf<Extract<AbuseReportEvent, { type: 'AbuseReported' }>>(event);
    // The spec names reports on a user or a speach; a comment belongs to its speach.
    const type = d.target === 'USER' ? 'ABUSE_REPORTED_USER' : 'ABUSE_REPORTED_SPEACH';
    await notify(writer, event, {
      userIds: await admins(writer),
      type,
      speachId: d.speachId,
      actorId: d.reporterId,
      data: { reportId: d.reportId, target: d.target, targetId: d.targetId, reason: d.reason },
    });
  },
};
