import type { Actor } from '../infrastructure/http/actor';
import { POST_MAX, TOPIC_TITLE_MAX, type TopicEvent, type TopicSubject } from '../../events';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

interface Post {
  userId: string;
  hidden: boolean;
}

/** Stream `topic-{topicId}`: the live posts of one topic (of a speach or a path) and who wrote each. */
export type TopicState = { status: 'none' } | { status: 'open'; topicId: string; subject: TopicSubject; posts: Record<string, Post> } | { status: 'deleted' };

/** Who acts on a topic, as the service resolved it from the read models (SpeachAccess or the path's visibility, their editors). */
export type TopicActor = Pick<Actor, 'id'> & {
  /** An administrator, or the speach's author or a co-editor, or the path's owner: may hide and delete any post. */
  moderator: boolean;
  /** The actor may read the speach (SpeachAccess) or see the path: nobody writes in a forum they cannot read. */
  canRead: boolean;
};

export type ModerationAction = 'HIDE' | 'SHOW' | 'DELETE';
export const MODERATION_ACTIONS: readonly ModerationAction[] = ['HIDE', 'SHOW', 'DELETE'];

export type TopicCommand =
  | { type: 'OpenTopic'; topicId: string; subject: TopicSubject; subjectOwnerId: string | null; actor: TopicActor; title: string; text: string }
  | { type: 'Reply'; postId: string; subjectOwnerId: string | null; actor: TopicActor; text: string }
  | { type: 'EditPost'; postId: string; actor: TopicActor; text: string }
  | { type: 'DeletePost'; postId: string; actor: TopicActor }
  | { type: 'ModeratePost'; postId: string; actor: TopicActor; action: ModerationAction };

/** Plain text (spec §5: shown with links and line breaks only, never as HTML): trimmed, not empty, bounded. */
export function checkPostText(text: unknown, field = 'text', max = POST_MAX): string {
  if (typeof text !== 'string') throw new ValidationError(field, `${field} must be a text`);
  const trimmed = text.trim();
  if (!trimmed) throw new ValidationError(field, `${field} must not be empty`);
  if (trimmed.length > max) throw new ValidationError(field, `${field} must be at most ${max} characters`);
  return trimmed;
}

/** Every topic event names its subject, and the speach again for the speach-side readers. */
function about(subject: TopicSubject) {
  return { subject, speachId: subject.kind === 'speach' ? subject.id : null };
}

function open(state: TopicState) {
  if (state.status !== 'open') throw new NotFoundError('Unknown topic');
  return state;
}

function readable(state: ReturnType<typeof open>, actor: TopicActor) {
  if (!actor.canRead) throw new NotFoundError('Unknown topic');
  return state;
}

function post(state: ReturnType<typeof open>, postId: string): Post {
  const found = state.posts[postId];
  if (!found) throw new NotFoundError('Unknown post');
  return found;
}

function openTopic(command: Extract<TopicCommand, { type: 'OpenTopic' }>, state: TopicState): TopicEvent[] {
  if (state.status !== 'none') throw new IllegalStateError('This topic already exists.');
  if (!command.actor.canRead) throw new NotFoundError(command.subject.kind === 'path' ? 'Unknown learning path' : 'Unknown speach');
  const title = checkPostText(command.title, 'title', TOPIC_TITLE_MAX);
  const text = checkPostText(command.text);
  return [
    {
      type: 'TopicOpened',
      data: { topicId: command.topicId, ...about(command.subject), userId: command.actor.id, title, text, subjectOwnerId: command.subjectOwnerId },
    },
  ];
}

function reply(command: Extract<TopicCommand, { type: 'Reply' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  const text = checkPostText(command.text);
  const participantIds = [...new Set(Object.values(topic.posts).map((p) => p.userId))];
  return [
    {
      type: 'TopicReplied',
      data: {
        topicId: topic.topicId,
        ...about(topic.subject),
        postId: command.postId,
        userId: command.actor.id,
        text,
        participantIds,
        subjectOwnerId: command.subjectOwnerId,
      },
    },
  ];
}

function editPost(command: Extract<TopicCommand, { type: 'EditPost' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  // Only its writer edits a post: a moderator hides or deletes, never rewrites someone's words.
  if (post(topic, command.postId).userId !== command.actor.id) throw new ForbiddenError('Only its writer may edit a post.');
  const text = checkPostText(command.text);
  return [{ type: 'TopicPostEdited', data: { topicId: topic.topicId, ...about(topic.subject), postId: command.postId, text } }];
}

function deletePost(command: Extract<TopicCommand, { type: 'DeletePost' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  if (post(topic, command.postId).userId !== command.actor.id) throw new ForbiddenError('Only its writer may delete a post.');
  return [
    {
      type: 'TopicPostDeleted',
      data: { topicId: topic.topicId, ...about(topic.subject), postId: command.postId, deletedBy: command.actor.id, moderated: false },
    },
  ];
}

function moderatePost(command: Extract<TopicCommand, { type: 'ModeratePost' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  if (!command.actor.moderator)
    throw new ForbiddenError(
      topic.subject.kind === 'path'
        ? "Only administrators and the path's owner moderate its forum."
        : "Only administrators and the speach's authors moderate its forum.",
    );
  const target = post(topic, command.postId);
  const base = { topicId: topic.topicId, ...about(topic.subject), postId: command.postId };
  switch (command.action) {
    case 'HIDE':
      return target.hidden ? [] : [{ type: 'TopicPostHidden', data: { ...base, hiddenBy: command.actor.id } }];
    case 'SHOW':
      return target.hidden ? [{ type: 'TopicPostShown', data: { ...base, shownBy: command.actor.id } }] : [];
    case 'DELETE':
      return [{ type: 'TopicPostDeleted', data: { ...base, deletedBy: command.actor.id, moderated: true } }];
    default:
      throw new ValidationError('action', `action must be one of ${MODERATION_ACTIONS.join(', ')}`);
  }
}

function evolvePosts(state: TopicState, change: (posts: Record<string, Post>) => Record<string, Post>): TopicState {
  return state.status === 'open' ? { ...state, posts: change(state.posts) } : state;
}

export const topicDecider: Decider<TopicState, TopicCommand, TopicEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'OpenTopic':
        return openTopic(command, state);
      case 'Reply':
        return reply(command, state);
      case 'EditPost':
        return editPost(command, state);
      case 'DeletePost':
        return deletePost(command, state);
      case 'ModeratePost':
        return moderatePost(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'TopicOpened':
        return {
          status: 'open',
          topicId: event.data.topicId,
          subject: event.data.subject,
          posts: { [event.data.topicId]: { userId: event.data.userId, hidden: false } },
        };
      case 'TopicReplied':
        return evolvePosts(state, (posts) => ({ ...posts, [event.data.postId]: { userId: event.data.userId, hidden: false } }));
      case 'TopicPostHidden':
        return evolvePosts(state, (posts) => ({ ...posts, [event.data.postId]: { ...posts[event.data.postId], hidden: true } }));
      case 'TopicPostShown':
        return evolvePosts(state, (posts) => ({ ...posts, [event.data.postId]: { ...posts[event.data.postId], hidden: false } }));
      case 'TopicPostDeleted': {
        if (state.status !== 'open') return state;
        // The opening post carries the topic: deleting it deletes the topic and its replies.
        if (event.data.postId === state.topicId) return { status: 'deleted' };
        const { [event.data.postId]: _removed, ...rest } = state.posts;
        return { ...state, posts: rest };
      }
      default:
        return state;
    }
  },
};
