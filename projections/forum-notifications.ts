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

/** Why a topic's owner is told: they wrote the speach, or own the path. */
const ownerRule = (d: { subjectOwnerId: string | null }) => (d.subjectOwnerId ? 'path-owner' : 'speach-author');

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
      rule: ownerRule(d),
      speachId: d.speachId,
      actorId: d.userId,
      data: { topicId: d.topicId, postId: d.topicId, topicTitle: d.title, content: d.text, ...pathOf(d) },
    });
  },
  TopicReplied: async (event, writer) => {
    const d = dataOf<Extract<TopicEvent, { type: 'TopicReplied' }>>(event);
    const told = {
      type: 'NEW_TOPIC_MESSAGE' as const,
      speachId: d.speachId,
      actorId: d.userId,
      data: { topicId: d.topicId, postId: d.postId, content: d.text, ...pathOf(d) },
    };
    // The owner first: one who also wrote in the topic is told once, as its owner.
    await notify(writer, event, { ...told, userIds: await subjectOwners(writer, d), rule: ownerRule(d) });
    await notify(writer, event, { ...told, userIds: d.participantIds, rule: 'topic-participant' });
  },
  PrivateMessageSent: async (event, writer) => {
    const d = dataOf<Extract<ConversationEvent, { type: 'PrivateMessageSent' }>>(event);
    await notify(writer, event, {
      userIds: [d.recipientId],
      type: 'NEW_MESSAGE',
      rule: 'message-recipient',
      speachId: null,
      actorId: d.senderId,
      data: { conversationId: d.conversationId, message: d.text },
    });
  },
  BadgeAwarded: async (event, writer) => {
    const d = dataOf<BadgeAwarded>(event);
    // Spec §3: the learner, the speach's author and the administrators are each told a badge was obtained.
    // The platform awards it: nobody is the actor, so the learner is told too.
    const told = { type: 'BADGE_OBTAINED' as const, speachId: d.speachId, actorId: null, data: { badge: d.badge, badgeTitle: d.title, learnerId: d.userId } };
    await notify(writer, event, { ...told, userIds: [d.userId], rule: 'badge-learner' });
    await notify(writer, event, { ...told, userIds: [d.authorId], rule: 'speach-author' });
    await notify(writer, event, { ...told, userIds: await admins(writer), rule: 'admin' });
  },
  AbuseReported: async (event, writer) => {
    const d = dataOf<Extract<AbuseReportEvent, { type: 'AbuseReported' }>>(event);
    // The spec names reports on a user or a speach; a comment belongs to its speach.
    const type = d.target === 'USER' ? 'ABUSE_REPORTED_USER' : 'ABUSE_REPORTED_SPEACH';
    await notify(writer, event, {
      userIds: await admins(writer),
      type,
      rule: 'admin',
      speachId: d.speachId,
      actorId: d.reporterId,
      data: { reportId: d.reportId, target: d.target, targetId: d.targetId, reason: d.reason },
    });
  },
};
