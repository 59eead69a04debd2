import { POST_MAX, TOPIC_TITLE_MAX, type TopicEvent } from '../../events';
import { type Decider, ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

interface Post {
  userId: string;
  hidden: boolean;
}

/** Stream `topic-{topicId}`: the live posts of one topic and who wrote each. */
export type TopicState =
  | { status: 'none' }
  | { status: 'open'; topicId: string; speachId: string; posts: Record<string, Post> }
  | { status: 'deleted' };

/** Who acts on a topic, as the service resolved it from the read models (SpeachAccess, the speach's editors). */
export interface TopicActor {
  userId: string;
  /** An administrator, or the speach's author or a co-editor: may hide and delete any post. */
  moderator: boolean;
  /** The actor may read the speach (SpeachAccess): nobody writes in a forum they cannot read. */
  canRead: boolean;
}

export type ModerationAction = 'HIDE' | 'SHOW' | 'DELETE';
export const MODERATION_ACTIONS: readonly ModerationAction[] = ['HIDE', 'SHOW', 'DELETE'];

export type TopicCommand =
  | { type: 'OpenTopic'; topicId: string; speachId: string; actor: TopicActor; title: string; text: string }
  | { type: 'Reply'; postId: string; actor: TopicActor; text: string }
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
  if (!command.actor.canRead) throw new NotFoundError('Unknown speach');
  const title = checkPostText(command.title, 'title', TOPIC_TITLE_MAX);
  const text = checkPostText(command.text);
  return [{ type: 'TopicOpened', data: { topicId: command.topicId, speachId: command.speachId, userId: command.actor.userId, title, text } }];
}

function reply(command: Extract<TopicCommand, { type: 'Reply' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  const text = checkPostText(command.text);
  const participantIds = [...new Set(Object.values(topic.posts).map((p) => p.userId))];
  return [{ type: 'TopicReplied', data: { topicId: topic.topicId, speachId: topic.speachId, postId: command.postId, userId: command.actor.userId, text, participantIds } }];
}

function editPost(command: Extract<TopicCommand, { type: 'EditPost' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  // Only its writer edits a post: a moderator hides or deletes, never rewrites someone's words.
  if (post(topic, command.postId).userId !== command.actor.userId) throw new ForbiddenError('Only its writer may edit a post.');
  const text = checkPostText(command.text);
  return [{ type: 'TopicPostEdited', data: { topicId: topic.topicId, speachId: topic.speachId, postId: command.postId, text } }];
}

function deletePost(command: Extract<TopicCommand, { type: 'DeletePost' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  if (post(topic, command.postId).userId !== command.actor.userId) throw new ForbiddenError('Only its writer may delete a post.');
  return [{ type: 'TopicPostDeleted', data: { topicId: topic.topicId, speachId: topic.speachId, postId: command.postId, deletedBy: command.actor.userId, moderated: false } }];
}

function moderatePost(command: Extract<TopicCommand, { type: 'ModeratePost' }>, state: TopicState): TopicEvent[] {
  const topic = readable(open(state), command.actor);
  if (!command.actor.moderator) throw new ForbiddenError('Only administrators and the speach\'s authors moderate its forum.');
  const target = post(topic, command.postId);
  const base = { topicId: topic.topicId, speachId: topic.speachId, postId: command.postId };
  switch (command.action) {
    case 'HIDE':
      return target.hidden ? [] : [{ type: 'TopicPostHidden', data: { ...base, hiddenBy: command.actor.userId } }];
    case 'SHOW':
      return target.hidden ? [{ type: 'TopicPostShown', data: { ...base, shownBy: command.actor.userId } }] : [];
    case 'DELETE':
      return [{ type: 'TopicPostDeleted', data: { ...base, deletedBy: command.actor.userId, moderated: true } }];
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
        return { status: 'open', topicId: event.data.topicId, speachId: event.data.speachId, posts: { [event.data.topicId]: { userId: event.data.userId, hidden: false } } };
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
