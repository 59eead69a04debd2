import { createHash } from 'node:crypto';
import { type ConversationEvent, MESSAGE_MAX } from '../../events';
import { type Decider, ForbiddenError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { checkPostText } from './topic.decider';

/** One conversation per pair of users, whoever writes first: its id is derived from the sorted pair. */
export function conversationIdOf(userA: string, userB: string): string {
  return createHash('sha256').update([userA, userB].sort().join('\u0000')).digest('hex').slice(0, 32);
}

/** Stream `conversation-{id}`: who takes part, the messages in order and how far each participant read. */
export interface ConversationState {
  participants: string[];
  /** Message ids in order with their sender. */
  messages: { messageId: string; senderId: string }[];
  /** userId → number of messages read (a prefix of `messages`). */
  read: Record<string, number>;
}

export type ConversationCommand =
  | {
      type: 'SendMessage';
      conversationId: string;
      messageId: string;
      senderId: string;
      recipientId: string;
      text: string;
      /** The recipient exists and is active: deactivated users can't be messaged. */
      recipientActive: boolean;
    }
  | { type: 'MarkRead'; conversationId: string; userId: string };

function sendMessage(command: Extract<ConversationCommand, { type: 'SendMessage' }>): ConversationEvent[] {
  if (command.recipientId === command.senderId) throw new ValidationError('recipientId', 'You cannot write to yourself');
  if (!command.recipientActive) throw new NotFoundError('Unknown recipient');
  const text = checkPostText(command.text, 'text', MESSAGE_MAX);
  const { conversationId, messageId, senderId, recipientId } = command;
  return [{ type: 'PrivateMessageSent', data: { conversationId, messageId, senderId, recipientId, text } }];
}

function markRead(command: Extract<ConversationCommand, { type: 'MarkRead' }>, state: ConversationState): ConversationEvent[] {
  if (!state.participants.includes(command.userId)) throw new NotFoundError('Unknown conversation');
  const read = state.read[command.userId] ?? 0;
  // Nothing new since the last reading: nothing to record.
  if (read >= state.messages.length) return [];
  const last = state.messages[state.messages.length - 1];
  return [{ type: 'ConversationRead', data: { conversationId: command.conversationId, userId: command.userId, upToMessageId: last.messageId } }];
}

export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  initialState: () => ({ participants: [], messages: [], read: {} }),
  decide(command, state) {
    switch (command.type) {
      case 'SendMessage':
        if (state.participants.length > 0 && !(state.participants.includes(command.senderId) && state.participants.includes(command.recipientId))) {
          throw new ForbiddenError('This conversation is between other users.');
        }
        return sendMessage(command);
      case 'MarkRead':
        return markRead(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PrivateMessageSent': {
        const messages = [...state.messages, { messageId: event.data.messageId, senderId: event.data.senderId }];
        // Writing a message means having read the conversation up to it.
        return {
          participants: state.participants.length ? state.participants : [event.data.senderId, event.data.recipientId],
          messages,
          read: { ...state.read, [event.data.senderId]: messages.length },
        };
      }
      case 'ConversationRead': {
        const index = state.messages.findIndex((m) => m.messageId === event.data.upToMessageId);
        return { ...state, read: { ...state.read, [event.data.userId]: Math.max(state.read[event.data.userId] ?? 0, index + 1) } };
      }
      default:
        return state;
    }
  },
};
