import type { ConversationEvent } from '../../events';
import { ForbiddenError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { conversationDecider, conversationIdOf } from './conversation.decider';

const spec = deciderSpec(conversationDecider);
const conversationId = conversationIdOf('ann', 'bob');
const send = (messageId: string, senderId: string, recipientId: string, text = 'Hello') =>
  ({ type: 'SendMessage', conversationId, messageId, senderId, recipientId, text, recipientActive: true }) as const;
const sent = (messageId: string, senderId: string, recipientId: string, text = 'Hello'): ConversationEvent => ({
  type: 'PrivateMessageSent',
  data: { conversationId, messageId, senderId, recipientId, text },
});

describe('conversation decider', () => {
  it('one conversation per pair, whoever writes first', () => {
    expect(conversationIdOf('bob', 'ann')).toBe(conversationId);
    expect(conversationIdOf('ann', 'cid')).not.toBe(conversationId);
  });
  it('given nothing, when Ann writes to Bob, then the message is sent (trimmed)', () => {
    spec
      .given([])
      .when(send('m1', 'ann', 'bob', '  Hello\n'))
      .then([sent('m1', 'ann', 'bob')]);
  });
  it('refuses an empty text, oneself, a deactivated recipient, and a third user', () => {
    spec
      .given([])
      .when(send('m1', 'ann', 'bob', ' '))
      .thenThrows(ValidationError, /text must not be empty/);
    spec
      .given([])
      .when(send('m1', 'ann', 'ann'))
      .thenThrows(ValidationError, /yourself/);
    spec
      .given([])
      .when({ ...send('m1', 'ann', 'bob'), recipientActive: false })
      .thenThrows(NotFoundError, /Unknown recipient/);
    spec
      .given([sent('m1', 'ann', 'bob')])
      .when(send('m2', 'eve', 'bob'))
      .thenThrows(ForbiddenError);
  });
  it('given a message Bob has not read, when Bob reads, then it is read up to the last message', () => {
    spec
      .given([sent('m1', 'ann', 'bob'), sent('m2', 'ann', 'bob')])
      .when({ type: 'MarkRead', conversationId, userId: 'bob' })
      .then([{ type: 'ConversationRead', data: { conversationId, userId: 'bob', upToMessageId: 'm2' } }]);
  });
  it('records nothing when there is nothing new: the writer read what they wrote', () => {
    spec
      .given([sent('m1', 'ann', 'bob')])
      .when({ type: 'MarkRead', conversationId, userId: 'ann' })
      .then([]);
    const read: ConversationEvent = { type: 'ConversationRead', data: { conversationId, userId: 'bob', upToMessageId: 'm1' } };
    spec
      .given([sent('m1', 'ann', 'bob'), read])
      .when({ type: 'MarkRead', conversationId, userId: 'bob' })
      .then([]);
    spec
      .given([sent('m1', 'ann', 'bob'), sent('m2', 'bob', 'ann')])
      .when({ type: 'MarkRead', conversationId, userId: 'bob' })
      .then([]);
  });
  it('answers unknown to someone outside the conversation', () => {
    spec
      .given([sent('m1', 'ann', 'bob')])
      .when({ type: 'MarkRead', conversationId, userId: 'eve' })
      .thenThrows(NotFoundError);
  });
});
