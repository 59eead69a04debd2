import { type RecordedEvent, type TopicEvent, upcast } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { type TopicActor, topicDecider } from './topic.decider';

const spec = deciderSpec(topicDecider);
const reader: TopicActor = { id: 'reader', moderator: false, canRead: true };
const other: TopicActor = { id: 'other', moderator: false, canRead: true };
const author: TopicActor = { id: 'author', moderator: true, canRead: true };
const outsider: TopicActor = { id: 'outsider', moderator: false, canRead: false };
const ids = { topicId: 't1', subject: { kind: 'speach' as const, id: 's1' }, speachId: 's1' };
const opened: TopicEvent = { type: 'TopicOpened', data: { ...ids, userId: 'reader', title: 'Ladders', text: 'Which ladder?', subjectOwnerId: null } };
const replied: TopicEvent = {
  type: 'TopicReplied',
  data: { ...ids, postId: 'p1', userId: 'author', text: 'The blue one', participantIds: ['reader'], subjectOwnerId: null },
};

describe('topic decider', () => {
  describe('OpenTopic', () => {
    it('given nothing, when a reader opens a topic, then it is opened with trimmed title and text', () => {
      spec
        .given([])
        .when({ type: 'OpenTopic', ...ids, subjectOwnerId: null, actor: reader, title: ' Ladders ', text: ' Which ladder?\n' })
        .then([opened]);
    });
    it('refuses an empty title or text, naming the field', () => {
      spec
        .given([])
        .when({ type: 'OpenTopic', ...ids, subjectOwnerId: null, actor: reader, title: '  ', text: 'x' })
        .thenThrows(ValidationError, /title must not be empty/);
      spec
        .given([])
        .when({ type: 'OpenTopic', ...ids, subjectOwnerId: null, actor: reader, title: 'x', text: 'y'.repeat(5001) })
        .thenThrows(ValidationError, /text must be at most 5000/);
    });
    it('answers unknown to someone who cannot read the speach, and refuses a second opening', () => {
      spec
        .given([])
        .when({ type: 'OpenTopic', ...ids, subjectOwnerId: null, actor: outsider, title: 'a', text: 'b' })
        .thenThrows(NotFoundError);
      spec
        .given([opened])
        .when({ type: 'OpenTopic', ...ids, subjectOwnerId: null, actor: reader, title: 'a', text: 'b' })
        .thenThrows(IllegalStateError);
    });
  });

  describe('Reply', () => {
    it('given an open topic, then the reply names the participants so far', () => {
      spec.given([opened]).when({ type: 'Reply', postId: 'p1', subjectOwnerId: null, actor: author, text: 'The blue one' }).then([replied]);
    });
    it('refuses a reply to an unknown or deleted topic', () => {
      spec
        .given([])
        .when({ type: 'Reply', postId: 'p1', subjectOwnerId: null, actor: author, text: 'x' })
        .thenThrows(NotFoundError, /Unknown topic/);
      const gone: TopicEvent = { type: 'TopicPostDeleted', data: { ...ids, postId: 't1', deletedBy: 'reader', moderated: false } };
      spec.given([opened, gone]).when({ type: 'Reply', postId: 'p1', subjectOwnerId: null, actor: author, text: 'x' }).thenThrows(NotFoundError);
    });
  });

  describe('EditPost and DeletePost', () => {
    it('lets the writer edit and delete their own post', () => {
      spec
        .given([opened, replied])
        .when({ type: 'EditPost', postId: 'p1', actor: author, text: 'The red one' })
        .then([{ type: 'TopicPostEdited', data: { ...ids, postId: 'p1', text: 'The red one' } }]);
      spec
        .given([opened, replied])
        .when({ type: 'DeletePost', postId: 'p1', actor: author })
        .then([{ type: 'TopicPostDeleted', data: { ...ids, postId: 'p1', deletedBy: 'author', moderated: false } }]);
    });
    it('refuses anyone else, moderators included (they hide or delete through moderation)', () => {
      spec.given([opened, replied]).when({ type: 'EditPost', postId: 'p1', actor: other, text: 'x' }).thenThrows(ForbiddenError);
      spec.given([opened]).when({ type: 'EditPost', postId: 't1', actor: author, text: 'x' }).thenThrows(ForbiddenError);
      spec.given([opened, replied]).when({ type: 'DeletePost', postId: 'p1', actor: reader }).thenThrows(ForbiddenError);
    });
    it('answers unknown for a post that is not there', () => {
      spec
        .given([opened])
        .when({ type: 'DeletePost', postId: 'nope', actor: reader })
        .thenThrows(NotFoundError, /Unknown post/);
    });
  });

  describe('ModeratePost', () => {
    const hidden: TopicEvent = { type: 'TopicPostHidden', data: { ...ids, postId: 'p1', hiddenBy: 'author' } };
    it('lets a moderator hide, show again and delete', () => {
      spec.given([opened, replied]).when({ type: 'ModeratePost', postId: 'p1', actor: author, action: 'HIDE' }).then([hidden]);
      spec
        .given([opened, replied, hidden])
        .when({ type: 'ModeratePost', postId: 'p1', actor: author, action: 'SHOW' })
        .then([{ type: 'TopicPostShown', data: { ...ids, postId: 'p1', shownBy: 'author' } }]);
      spec
        .given([opened, replied])
        .when({ type: 'ModeratePost', postId: 't1', actor: author, action: 'DELETE' })
        .then([{ type: 'TopicPostDeleted', data: { ...ids, postId: 't1', deletedBy: 'author', moderated: true } }]);
    });
    it('records nothing when the post is already as asked', () => {
      spec.given([opened, replied, hidden]).when({ type: 'ModeratePost', postId: 'p1', actor: author, action: 'HIDE' }).then([]);
      spec.given([opened, replied]).when({ type: 'ModeratePost', postId: 'p1', actor: author, action: 'SHOW' }).then([]);
    });
    it('refuses a reader who is not a moderator', () => {
      spec.given([opened, replied]).when({ type: 'ModeratePost', postId: 'p1', actor: reader, action: 'HIDE' }).thenThrows(ForbiddenError);
    });
  });

  describe("a learning path's topic", () => {
    const path = { topicId: 't2', subject: { kind: 'path' as const, id: 'p9' }, speachId: null };
    const pathOpened: TopicEvent = { type: 'TopicOpened', data: { ...path, userId: 'reader', title: 'Order', text: 'Which first?', subjectOwnerId: 'owner' } };
    it("opens on the path, without a speach, naming the path's owner", () => {
      spec
        .given([])
        .when({ type: 'OpenTopic', topicId: 't2', subject: path.subject, subjectOwnerId: 'owner', actor: reader, title: 'Order', text: 'Which first?' })
        .then([pathOpened]);
    });
    it('answers an unknown path to someone who may not see it', () => {
      spec
        .given([])
        .when({ type: 'OpenTopic', topicId: 't2', subject: path.subject, subjectOwnerId: 'owner', actor: outsider, title: 'a', text: 'b' })
        .thenThrows(NotFoundError, /Unknown learning path/);
    });
    it('replies and moderation carry the path as subject; a non-moderator is refused', () => {
      spec
        .given([pathOpened])
        .when({ type: 'Reply', postId: 'r1', subjectOwnerId: 'owner', actor: other, text: 'The intro' })
        .then([
          { type: 'TopicReplied', data: { ...path, postId: 'r1', userId: 'other', text: 'The intro', participantIds: ['reader'], subjectOwnerId: 'owner' } },
        ]);
      spec
        .given([pathOpened])
        .when({ type: 'ModeratePost', postId: 't2', actor: author, action: 'HIDE' })
        .then([{ type: 'TopicPostHidden', data: { ...path, postId: 't2', hiddenBy: 'author' } }]);
      spec
        .given([pathOpened])
        .when({ type: 'ModeratePost', postId: 't2', actor: other, action: 'HIDE' })
        .thenThrows(ForbiddenError, /path's owner/);
    });
  });
});

describe('topic events of schema version 1', () => {
  const stored = (type: string, data: Record<string, unknown>) =>
    ({
      id: 'e',
      type,
      data,
      schemaVersion: 1,
      streamId: 'topic-t1',
      revision: 0,
      position: 1,
      time: '2026-01-01T00:00:00.000Z',
      metadata: {},
    }) as unknown as RecordedEvent;
  it('are read as topics of their speach', () => {
    expect(upcast(stored('TopicOpened', { topicId: 't1', speachId: 's1', userId: 'u', title: 'a', text: 'b' })).data).toEqual({
      topicId: 't1',
      speachId: 's1',
      subject: { kind: 'speach', id: 's1' },
      userId: 'u',
      title: 'a',
      text: 'b',
      subjectOwnerId: null,
    });
    expect(upcast(stored('TopicPostHidden', { topicId: 't1', speachId: 's1', postId: 'p', hiddenBy: 'x' })).data).toEqual({
      topicId: 't1',
      speachId: 's1',
      subject: { kind: 'speach', id: 's1' },
      postId: 'p',
      hiddenBy: 'x',
    });
  });
});
