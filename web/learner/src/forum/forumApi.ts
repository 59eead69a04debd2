import {
  type AbuseReason,
  type ConversationRow as ServerConversationRow,
  type EarnedBadgeView,
  type ForumPostView,
  type ForumTopicPage,
  type ForumTopicRow,
  type ForumTopicView,
  listOf,
  type Person as ServerPerson,
  type ThreadView,
} from '@speach/web-shared/api';
import { api } from '../api/client';

const enc = encodeURIComponent;
const code = (accessCode?: string, sep = '?') => (accessCode ? `${sep}accessCode=${enc(accessCode)}` : '');

/** Shapes of docs/forum-and-messages.md, as the server declares them; a person as the screens read one. */
export type Person = Pick<ServerPerson, 'id' | 'firstName' | 'lastName' | 'img'> & Partial<Pick<ServerPerson, 'email'>>;
export type TopicRow = ForumTopicRow;
export type Post = ForumPostView;
export type Topic = ForumTopicView;
export type ConversationRow = ServerConversationRow;
export type Thread = ThreadView;
export type EarnedBadge = EarnedBadgeView;

/** A window event: a conversation was marked read (the app bar's unread count is fetched again). */
export const MESSAGES_READ = 'speach:messages-read';
export const TOPICS_PAGE = 10;
export const POST_MAX = 5000;
export const REPORT_DETAILS_MAX = 1000;
export type { AbuseReason };
export const ABUSE_REASONS = listOf<AbuseReason>()(['SPAM', 'HARASSMENT', 'HATE', 'INAPPROPRIATE', 'MISINFORMATION', 'COPYRIGHT', 'OTHER']);

/** What a forum is about: a speach or a learning path (the path's forum has no access code). */
export type ForumSubject = { kind: 'speach'; id: string } | { kind: 'path'; id: string };
const topicsOf = (subject: ForumSubject) =>
  subject.kind === 'path' ? `/api/v2/learningPath/${enc(subject.id)}/topics` : `/api/v2/speach/${enc(subject.id)}/topics`;

export const forumApi = {
  topics: (subject: ForumSubject, page: number, accessCode?: string) =>
    api<ForumTopicPage>(`${topicsOf(subject)}?page=${page}&size=${TOPICS_PAGE}${code(accessCode, '&')}`),
  topic: (topicId: string, accessCode?: string) => api<Topic>(`/api/v2/topics/${enc(topicId)}?size=50${code(accessCode, '&')}`),
  open: (subject: ForumSubject, title: string, text: string, accessCode?: string) =>
    api<Topic>(topicsOf(subject), { method: 'POST', json: accessCode ? { title, text, accessCode } : { title, text } }),
  reply: (topicId: string, text: string) => api<Post>(`/api/v2/topics/${enc(topicId)}/posts`, { method: 'POST', json: { text } }),
  edit: (topicId: string, postId: string, text: string) => api<Post>(`/api/v2/topics/${enc(topicId)}/posts/${enc(postId)}`, { method: 'PUT', json: { text } }),
  remove: (topicId: string, postId: string) => api<{ deleted: true }>(`/api/v2/topics/${enc(topicId)}/posts/${enc(postId)}`, { method: 'DELETE' }),
  moderate: (topicId: string, postId: string, action: 'HIDE' | 'SHOW' | 'DELETE') =>
    api<{ action: string }>(`/api/v2/topics/${enc(topicId)}/posts/${enc(postId)}/moderation`, { method: 'POST', json: { action } }),
};

export const messagesApi = {
  conversations: () => api<{ result: ConversationRow[]; total: number }>('/api/v2/messages/conversations?size=50'),
  thread: (conversationId: string) => api<Thread>(`/api/v2/messages/conversations/${enc(conversationId)}?size=50`),
  send: (recipientId: string, text: string) => api<Thread>('/api/v2/messages', { method: 'POST', json: { recipientId, text } }),
  markRead: (conversationId: string) => api<{ unread: 0 }>(`/api/v2/messages/conversations/${enc(conversationId)}/read`, { method: 'POST', json: {} }),
  person: (userId: string) => api<Person>(`/api/v2/users/${enc(userId)}/profile`),
  countUnread: () => api<{ size: number }>('/api/v2/messages/countUnread'),
  /** Spec §7 user search. */
  searchUsers: (term: string, signal?: AbortSignal) =>
    api<{ results: Person[]; totalNumberOfUsersFound: number }>(`/api/v2/users?dataType=json&term=${enc(term)}&count=10&page=0`, { signal }),
};

export const badgesApi = {
  mine: () => api<{ result: EarnedBadge[]; total: number }>('/api/v2/my/badges'),
  of: (userId: string) => api<{ result: EarnedBadge[]; total: number }>(`/api/v2/users/${enc(userId)}/badges`),
};

export const reportApi = {
  report: (target: 'USER' | 'SPEACH' | 'COMMENT', targetId: string, reason: AbuseReason, details: string) =>
    api<{ reportId: string }>('/api/v2/abuse-reports', {
      method: 'POST',
      json: details ? { target, targetId, reason, details } : { target, targetId, reason },
    }),
};
