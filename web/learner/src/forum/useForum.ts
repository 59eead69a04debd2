import { type QueryClient, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ConversationRow, type ForumSubject, type Person, type Thread, type TopicRow, badgesApi, forumApi, messagesApi } from './forumApi';

/**
 * Forum queries: `['forum', 'topics', kind, id, accessCode]` (a speach's or a path's topics, paged) and
 * `['forum', 'topic', topicId, accessCode]` (one topic with its posts). A post written, edited, moderated or
 * deleted changes its topic and the topic list (reply count, last post), so both are read again.
 */
export const forumKeys = {
  all: ['forum'] as const,
  topicsOf: (subject: ForumSubject) => ['forum', 'topics', subject.kind, subject.id] as const,
  topics: (subject: ForumSubject, accessCode?: string) => ['forum', 'topics', subject.kind, subject.id, accessCode ?? ''] as const,
  topicOf: (topicId: string) => ['forum', 'topic', topicId] as const,
  topic: (topicId: string, accessCode?: string) => ['forum', 'topic', topicId, accessCode ?? ''] as const,
};

/**
 * Private messages: `['messages', 'unread']` (the app bar's count), `['messages', 'conversations']`,
 * `['messages', 'thread', id]`, `['messages', 'person', id]` (a chosen recipient) and
 * `['messages', 'user-search', term]`.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  conversations: ['messages', 'conversations'] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  person: (userId: string) => ['messages', 'person', userId] as const,
  userSearch: (term: string) => ['messages', 'user-search', term] as const,
};

export const badgeKeys = { of: (userId?: string) => ['badges', userId ?? 'me'] as const };

export function useTopics(subject: ForumSubject, accessCode?: string) {
  return useInfiniteQuery({
    queryKey: forumKeys.topics(subject, accessCode),
    queryFn: ({ pageParam }) => forumApi.topics(subject, pageParam, accessCode),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.result.length, 0);
      return last.result.length > 0 && loaded < last.total ? pages.length : undefined;
    },
  });
}

/** The topics in order, once each (a topic opened while paging shifts the pages by one). */
export function flattenTopics(pages: { result: TopicRow[] }[] | undefined): TopicRow[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<string>();
  return pages.flatMap((page) => page.result).filter((row) => !seen.has(row.topicId) && !!seen.add(row.topicId));
}

export function useTopic(topicId: string, accessCode?: string) {
  return useQuery({ queryKey: forumKeys.topic(topicId, accessCode), queryFn: () => forumApi.topic(topicId, accessCode) });
}

export function useOpenTopic(subject: ForumSubject, accessCode?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, text }: { title: string; text: string }) => forumApi.open(subject, title, text, accessCode),
    onSuccess: () => client.invalidateQueries({ queryKey: forumKeys.topicsOf(subject) }),
  });
}

/** What changes a topic's posts (reply, edit, hide, show, delete); `closesTopic` when it deletes the opening post. */
export interface PostChange {
  work: () => Promise<unknown>;
  closesTopic?: boolean;
}

/**
 * Any change to a topic's posts: the topic and its forum's list are read again. Deleting the opening post
 * deletes the topic: its cached copy is dropped rather than read again into a "not found".
 */
export function forumPostOptions(client: QueryClient, subject: ForumSubject, topicId: string) {
  return {
    mutationFn: (change: PostChange) => change.work(),
    onSuccess: (_answer: unknown, change: PostChange) => {
      if (change.closesTopic) client.removeQueries({ queryKey: forumKeys.topicOf(topicId) });
      return Promise.all([
        change.closesTopic ? undefined : client.invalidateQueries({ queryKey: forumKeys.topicOf(topicId) }),
        client.invalidateQueries({ queryKey: forumKeys.topicsOf(subject) }),
      ]);
    },
  };
}

export function useForumPostChange(subject: ForumSubject, topicId: string) {
  return useMutation(forumPostOptions(useQueryClient(), subject, topicId));
}

export function useBadges(userId?: string) {
  return useQuery({ queryKey: badgeKeys.of(userId), queryFn: () => (userId ? badgesApi.of(userId) : badgesApi.mine()).then((answer) => answer.result) });
}

/** The app bar's unread messages; 0 when it cannot be read (the link stays quiet rather than failing). */
export function useUnreadMessages() {
  return useQuery({
    queryKey: messagesKeys.unread,
    queryFn: () =>
      messagesApi.countUnread().then(
        (answer) => answer.size,
        () => 0,
      ),
  });
}

export function useConversations() {
  return useQuery({ queryKey: messagesKeys.conversations, queryFn: () => messagesApi.conversations().then((answer) => answer.result) });
}

export function useThread(conversationId: string | null) {
  return useQuery({ queryKey: messagesKeys.thread(conversationId ?? ''), queryFn: () => messagesApi.thread(conversationId ?? ''), enabled: !!conversationId });
}

export function usePerson(userId: string | null) {
  return useQuery({ queryKey: messagesKeys.person(userId ?? ''), queryFn: () => messagesApi.person(userId ?? ''), enabled: !!userId, staleTime: Infinity });
}

/** Spec §9: the user search waits 500 ms after the last keystroke; a newer term's query replaces the one in flight. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

export function useUserSearch(term: string) {
  const [settled, setSettled] = useState(term.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(term.trim()), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const current = term.trim() ? settled : '';
  return useQuery<Person[]>({
    queryKey: messagesKeys.userSearch(current),
    queryFn: ({ signal }) => messagesApi.searchUsers(current, signal).then((answer) => answer.results),
    enabled: !!current,
    // The previous term's people stay listed while the new term's are on their way.
    placeholderData: keepPreviousData,
  });
}

/**
 * Opening a conversation with unread messages marks it read: its row and the app bar's count drop at once
 * and come back if the server refuses; then the list, the count and the thread are read again. The thread's
 * own count is left to the server's answer, so a refusal does not ask again in a loop.
 */
export function markReadOptions(client: QueryClient) {
  return {
    mutationFn: (conversationId: string) => messagesApi.markRead(conversationId),
    onMutate: async (conversationId: string) => {
      await Promise.all([client.cancelQueries({ queryKey: messagesKeys.conversations }), client.cancelQueries({ queryKey: messagesKeys.unread })]);
      const rows = client.getQueryData<ConversationRow[]>(messagesKeys.conversations);
      const unread = client.getQueryData<number>(messagesKeys.unread);
      const thread = client.getQueryData<Thread>(messagesKeys.thread(conversationId));
      const dropped = rows?.find((row) => row.conversationId === conversationId)?.unread ?? thread?.unread ?? 0;
      client.setQueryData<ConversationRow[]>(messagesKeys.conversations, (list) =>
        list?.map((row) => (row.conversationId === conversationId ? { ...row, unread: 0 } : row)),
      );
      if (unread !== undefined) client.setQueryData<number>(messagesKeys.unread, Math.max(0, unread - dropped));
      return { rows, unread };
    },
    onError: (_error: unknown, _conversationId: string, context: { rows?: ConversationRow[]; unread?: number } | undefined) => {
      if (context?.rows) client.setQueryData(messagesKeys.conversations, context.rows);
      if (context?.unread !== undefined) client.setQueryData(messagesKeys.unread, context.unread);
    },
    onSettled: (_answer: unknown, _error: unknown, conversationId: string) =>
      Promise.all([
        client.invalidateQueries({ queryKey: messagesKeys.conversations }),
        client.invalidateQueries({ queryKey: messagesKeys.unread }),
        client.invalidateQueries({ queryKey: messagesKeys.thread(conversationId) }),
      ]),
  };
}

export function useMarkConversationRead() {
  return useMutation(markReadOptions(useQueryClient()));
}

/** A sent message answers its thread: that thread is shown as answered, the conversation list is read again. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recipientId, text }: { recipientId: string; text: string }) => messagesApi.send(recipientId, text),
    onSuccess: (thread: Thread) => {
      client.setQueryData(messagesKeys.thread(thread.conversationId), thread);
      return client.invalidateQueries({ queryKey: messagesKeys.conversations });
    },
  });
}
