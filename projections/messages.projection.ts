import type { ConversationEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionHandler } from './projection';

export const CONVERSATIONS = 'conversations';
export const PRIVATE_MESSAGES = 'private_messages';

/** One participant's view of a conversation (id `{conversationId}:{userId}`): the list's row and its unread count. */
export interface ConversationDocument extends ProjectedDocument {
  conversationId: string;
  userId: string;
  otherUserId: string;
  lastMessageAt: string;
  lastPosition: number;
  lastText: string;
  lastSenderId: string;
  unread: number;
}

export interface PrivateMessageDocument extends ProjectedDocument {
  conversationId: string;
  senderId: string;
  recipientId: string;
  text: string;
  date: string;
  position: number;
}

type Data<E extends ConversationEvent['type']> = Extract<ConversationEvent, { type: E }>['data'];
const on =
  <E extends ConversationEvent['type']>(
    handler: (data: Data<E>, event: Parameters<ProjectionHandler>[0], writer: Parameters<ProjectionHandler>[1]) => Promise<void>,
  ): ProjectionHandler =>
  (event, writer) =>
    handler(event.data as Data<E>, event, writer);

export const messagesProjection: ProjectionDefinition = {
  name: 'messages',
  version: 1,
  collections: [
    { name: CONVERSATIONS, indexes: [{ field: 'userId' }, { fields: [{ field: 'userId' }, { field: 'lastPosition', direction: -1 }] }] },
    { name: PRIVATE_MESSAGES, indexes: [{ field: 'conversationId' }, { fields: [{ field: 'conversationId' }, { field: 'position', direction: -1 }] }] },
  ],
  handlers: {
    PrivateMessageSent: on<'PrivateMessageSent'>(async (d, event, writer) => {
      await writer.upsert<PrivateMessageDocument>(PRIVATE_MESSAGES, d.messageId, () => ({
        _id: d.messageId,
        conversationId: d.conversationId,
        senderId: d.senderId,
        recipientId: d.recipientId,
        text: d.text,
        date: event.time,
        position: event.position,
      }));
      const last = { lastMessageAt: event.time, lastPosition: event.position, lastText: d.text, lastSenderId: d.senderId };
      for (const [userId, otherUserId] of [
        [d.senderId, d.recipientId],
        [d.recipientId, d.senderId],
      ]) {
        const id = `${d.conversationId}:${userId}`;
        // Writing reads the conversation: the sender has nothing unread, the recipient one more.
        await writer.upsert<ConversationDocument>(CONVERSATIONS, id, (doc) => ({
          _id: id,
          conversationId: d.conversationId,
          userId,
          otherUserId,
          ...last,
          unread: userId === d.senderId ? 0 : (doc?.unread ?? 0) + 1,
        }));
      }
    }),
    ConversationRead: on<'ConversationRead'>(async (d, _event, writer) => {
      const upTo = await writer.get<PrivateMessageDocument>(PRIVATE_MESSAGES, d.upToMessageId);
      const received = await writer.find<PrivateMessageDocument>(PRIVATE_MESSAGES, { conversationId: d.conversationId, recipientId: d.userId });
      // Messages received after the one read up to stay unread.
      const unread = received.filter((m) => m.position > (upTo?.position ?? Infinity)).length;
      const id = `${d.conversationId}:${d.userId}`;
      await writer.upsert<ConversationDocument>(CONVERSATIONS, id, (doc) => (doc ? { ...doc, unread } : null));
    }),
  },
};
