import { COMMENT_MAX, type CommentEvent } from '../../events';
import { type Decider, ForbiddenError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/** Stream `comments-{speachId}`: the live comments of one speach and who wrote each. */
export interface CommentsState {
  comments: Record<string, { userId: string }>;
}

export type CommentsCommand =
  | {
      type: 'PostComment';
      commentId: string;
      speachId: string;
      userId: string;
      text: string;
      /** The commentsEnabled feature flag. */
      commentsEnabled: boolean;
      /** The learner may open the published speach. */
      viewable: boolean;
    }
  | {
      type: 'DeleteComment';
      commentId: string;
      speachId: string;
      actorId: string;
      isAdmin: boolean;
      speachAuthorId: string;
    };

/** Plain text: trimmed, not empty, at most COMMENT_MAX characters. Markup is never interpreted. */
export function checkCommentText(text: unknown): string {
  if (typeof text !== 'string') throw new ValidationError('text', 'text must be a string');
  const trimmed = text.trim();
  if (!trimmed) throw new ValidationError('text', 'Write a comment first');
  if (trimmed.length > COMMENT_MAX) throw new ValidationError('text', `text must be at most ${COMMENT_MAX} characters`);
  return trimmed;
}

export const commentsDecider: Decider<CommentsState, CommentsCommand, CommentEvent> = {
  initialState: () => ({ comments: {} }),
  decide(command, state) {
    switch (command.type) {
      case 'PostComment': {
        if (!command.commentsEnabled) throw new ForbiddenError('Comments are disabled.');
        if (!command.viewable) throw new NotFoundError('Unknown speach');
        const text = checkCommentText(command.text);
        return [{ type: 'CommentPosted', data: { commentId: command.commentId, speachId: command.speachId, userId: command.userId, text } }];
      }
      case 'DeleteComment': {
        const comment = state.comments[command.commentId];
        if (!comment) throw new NotFoundError('Unknown comment');
        // Its writer, the speach's author (moderation of their own page) and administrators.
        if (comment.userId !== command.actorId && command.speachAuthorId !== command.actorId && !command.isAdmin) {
          throw new ForbiddenError('You may not delete this comment.');
        }
        return [{ type: 'CommentDeleted', data: { commentId: command.commentId, speachId: command.speachId, deletedBy: command.actorId } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CommentPosted':
        return { comments: { ...state.comments, [event.data.commentId]: { userId: event.data.userId } } };
      case 'CommentDeleted': {
        const { [event.data.commentId]: _removed, ...rest } = state.comments;
        return { comments: rest };
      }
      default:
        return state;
    }
  },
};
