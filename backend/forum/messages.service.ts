import { Inject, Injectable } from '@nestjs/common';
import { conversationStream, uuidv7 } from '../../events';
import { CONVERSATIONS, type ConversationDocument, PRIVATE_MESSAGES, type PrivateMessageDocument } from '../../projections/messages.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { person } from '../speach';
import { conversationDecider, conversationIdOf } from './conversation.decider';
import type { ConversationPage, ThreadView } from './forum.view';

export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;

/** Private messages between two users: one conversation per pair, unread counts per participant. */
@Injectable()
export class MessagesService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
  ) {}

  private get conversations() {
    return this.store.collection<ConversationDocument>(CONVERSATIONS);
  }

  private async people(ids: string[]): Promise<Map<string, UserDocument>> {
    const users = await this.store.collection<UserDocument>(USERS).findByIds([...new Set(ids)]);
    return new Map(users.map((u) => [u._id, u]));
  }

  /** The conversation list, most recent first, each with the other participant and the unread count. */
  async list(userId: string, page: number, size: number): Promise<ConversationPage> {
    const { docs, total } = await this.conversations.findPage({ userId }, { sort: { lastPosition: -1 }, skip: page * size, limit: size });
    const users = await this.people(docs.map((c) => c.otherUserId));
    return {
      result: docs.map((c) => ({
        conversationId: c.conversationId,
        with: { ...person(users.get(c.otherUserId), c.otherUserId), active: users.get(c.otherUserId)?.active ?? false },
        lastMessage: { text: c.lastText, date: c.lastMessageAt, mine: c.lastSenderId === userId },
        unread: c.unread,
      })),
      total,
    };
  }

  async countUnread(userId: string): Promise<number> {
    const docs = await this.conversations.find({ userId, unread: { $gt: 0 } });
    return docs.reduce((sum, c) => sum + c.unread, 0);
  }

  private async own(userId: string, conversationId: string): Promise<ConversationDocument> {
    const doc = typeof conversationId === 'string' ? await this.conversations.findById(`${conversationId}:${userId}`) : null;
    if (!doc) throw new NotFoundError('Unknown conversation');
    return doc;
  }

  /** A page of messages, newest page first, each page in reading order (oldest to newest). */
  async thread(userId: string, conversationId: string, page: number, size: number): Promise<ThreadView> {
    const conversation = await this.own(userId, conversationId);
    const { docs, total } = await this.store
      .collection<PrivateMessageDocument>(PRIVATE_MESSAGES)
      .findPage({ conversationId }, { sort: { position: -1 }, skip: page * size, limit: size });
    const users = await this.people([userId, conversation.otherUserId]);
    const other = users.get(conversation.otherUserId);
    return {
      conversationId,
      with: { ...person(other, conversation.otherUserId), active: other?.active ?? false },
      unread: conversation.unread,
      result: [...docs]
        .reverse()
        .map((m) => ({ messageId: m._id, text: m.text, date: m.date, mine: m.senderId === userId, sender: person(users.get(m.senderId), m.senderId) })),
      total,
    };
  }

  /** Sends a message; answers the conversation's id. */
  async send(senderId: string, recipientId: string, text: string): Promise<string> {
    if (!recipientId) throw new ValidationError('recipientId', 'Choose a recipient');
    const recipient = await this.store.collection<UserDocument>(USERS).findById(recipientId);
    const conversationId = conversationIdOf(senderId, recipientId);
    await this.commands.run(
      conversationDecider,
      conversationStream(conversationId),
      { type: 'SendMessage', conversationId, messageId: uuidv7(), senderId, recipientId, text, recipientActive: !!recipient?.active },
      { userId: senderId },
    );
    await this.readModels.settled();
    return conversationId;
  }

  async markRead(userId: string, conversationId: string): Promise<void> {
    await this.own(userId, conversationId);
    await this.commands.run(conversationDecider, conversationStream(conversationId), { type: 'MarkRead', conversationId, userId }, { userId });
    await this.readModels.settled();
  }
}
