import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Spec §5 "display text": a post or a message is plain text, shown with links and line breaks only. */
export const POST_MAX = 5000;
export const TOPIC_TITLE_MAX = 200;
export const MESSAGE_MAX = 5000;

/** Stream `topic-{topicId}`: one forum topic of a speach or a learning path, its opening post and its replies. */
export const topicStream = (topicId: string) => `topic-${topicId}`;
/**
 * Stream `conversation-{id}`: the private messages between two users. The id is derived from the
 * pair, so a second "new conversation" between the same users lands on the same stream.
 */
export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;

export const TOPIC_SUBJECT_KINDS = ['speach', 'path'] as const;
export type TopicSubjectKind = (typeof TOPIC_SUBJECT_KINDS)[number];
/** What a topic is about: a speach or a learning path. */
export interface TopicSubject {
  kind: TopicSubjectKind;
  id: string;
}

/**
 * `speachId` repeats a speach subject (null on a path's topic) so the speach's audit trail and the
 * speach-side readers keep finding its forum without knowing subjects.
 */
type T<Type extends string, D> = DomainEvent<Type, { topicId: string; subject: TopicSubject; speachId: string | null } & D>;

/**
 * The opening post's id is the topic's id. `subjectOwnerId`: a path's owner when it was written
 * (whom "new topic message" concerns; the notifications keep no copy of paths), null for a speach.
 */
export type TopicOpened = T<'TopicOpened', { userId: string; title: string; text: string; subjectOwnerId: string | null }>;
/** `participantIds`: the writers of the topic's live posts when the reply was written, whom it concerns. */
export type TopicReplied = T<'TopicReplied', { postId: string; userId: string; text: string; participantIds: string[]; subjectOwnerId: string | null }>;
export type TopicPostEdited = T<'TopicPostEdited', { postId: string; text: string }>;
/** Deleting the opening post deletes the topic. `moderated`: removed by a moderator, not by its writer. */
export type TopicPostDeleted = T<'TopicPostDeleted', { postId: string; deletedBy: string; moderated: boolean }>;
export type TopicPostHidden = T<'TopicPostHidden', { postId: string; hiddenBy: string }>;
export type TopicPostShown = T<'TopicPostShown', { postId: string; shownBy: string }>;
export type TopicEvent = TopicOpened | TopicReplied | TopicPostEdited | TopicPostDeleted | TopicPostHidden | TopicPostShown;

type C<Type extends string, D> = DomainEvent<Type, { conversationId: string } & D>;
export type PrivateMessageSent = C<'PrivateMessageSent', { messageId: string; senderId: string; recipientId: string; text: string }>;
/** Every message the reader received up to `upToMessageId` is read. */
export type ConversationRead = C<'ConversationRead', { userId: string; upToMessageId: string }>;
export type ConversationEvent = PrivateMessageSent | ConversationRead;

/** Version 1 topics were all about a speach (before paths had forums). */
const speachSubject = (data: Record<string, unknown>) => ({ ...data, subject: { kind: 'speach', id: data.speachId } });
for (const type of ['TopicOpened', 'TopicReplied']) registerEventType(type, 2, { 1: (data) => ({ ...speachSubject(data), subjectOwnerId: null }) });
for (const type of ['TopicPostEdited', 'TopicPostDeleted', 'TopicPostHidden', 'TopicPostShown']) registerEventType(type, 2, { 1: speachSubject });
for (const type of ['PrivateMessageSent', 'ConversationRead']) registerEventType(type, 1);
