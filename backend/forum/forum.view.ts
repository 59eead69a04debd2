/**
 * What the forum, private messages and badge calls answer (docs/forum-and-messages.md). A view module: it imports
 * only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { Badge } from '../../events/speach-vocabulary.view';
import type { Person } from '../speach/speach-card.view';

/** One topic of a speach's or a path's forum, newest activity first. */
export interface ForumTopicRow {
  topicId: string;
  speachID: string | null;
  pathId: string | null;
  title: string;
  author: Person;
  createdAt: string;
  lastPostAt: string;
  replyCount: number;
}

/** `GET /api/v2/speach/{id}/topics`, `GET /api/v2/learningPath/{id}/topics`. */
export interface ForumTopicPage {
  result: ForumTopicRow[];
  total: number;
  canModerate: boolean;
}

/** One post; a hidden post's text is empty but for moderators and its writer. */
export interface ForumPostView {
  postId: string;
  opening: boolean;
  author: Person;
  text: string;
  hidden: boolean;
  date: string;
  editedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

/** `GET /api/v2/topics/{id}`: a topic and a page of its posts in order. */
export interface ForumTopicView extends Pick<ForumTopicRow, 'topicId' | 'speachID' | 'pathId' | 'title' | 'author' | 'createdAt'> {
  canModerate: boolean;
  posts: { result: ForumPostView[]; total: number };
}

/** The other side of a conversation, and whether they may still answer. */
export type Correspondent = Person & { active: boolean };

/** `GET /api/v2/messages/conversations`: one conversation, last message first. */
export interface ConversationRow {
  conversationId: string;
  with: Correspondent;
  lastMessage: { text: string; date: string; mine: boolean };
  unread: number;
}

export interface ConversationPage {
  result: ConversationRow[];
  total: number;
}

/** `GET /api/v2/messages/conversations/{id}`: a page of messages, oldest first. */
export interface ThreadView {
  conversationId: string;
  with: Correspondent;
  unread: number;
  result: { messageId: string; text: string; date: string; mine: boolean; sender: Person }[];
  total: number;
}

/** A badge a user earned on a speach. */
export interface EarnedBadgeView {
  speachID: string;
  badge: Exclude<Badge, 'NONE'>;
  title: string;
  awardedAt: string;
}
