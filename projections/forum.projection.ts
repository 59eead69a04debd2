import type { TopicEvent, TopicSubject } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionHandler } from './projection';

export const FORUM_TOPICS = 'forum_topics';
export const FORUM_POSTS = 'forum_posts';

/** One topic of a speach's or a path's forum: the list's row. Exactly one of `speachId`, `pathId` is set. */
export interface ForumTopicDocument extends ProjectedDocument {
  speachId: string | null;
  pathId: string | null;
  userId: string;
  title: string;
  createdAt: string;
  lastPostAt: string;
  /** Position of the latest post: the list's order (most recently active first). */
  lastPosition: number;
  replyCount: number;
}

/** One post (the opening one has the topic's id). Plain text; the screens render links and line breaks only. */
export interface ForumPostDocument extends ProjectedDocument {
  topicId: string;
  speachId: string | null;
  pathId: string | null;
  userId: string;
  text: string;
  date: string;
  editedAt: string | null;
  hidden: boolean;
  position: number;
}

type Data<E extends TopicEvent['type']> = Extract<TopicEvent, { type: E }>['data'];
const on =
  <E extends TopicEvent['type']>(
    handler: (data: Data<E>, event: Parameters<ProjectionHandler>[0], writer: Parameters<ProjectionHandler>[1]) => Promise<void>,
  ): ProjectionHandler =>
  (event, writer) =>
    handler(event.data as Data<E>, event, writer);

const subjectOf = (d: { subject: TopicSubject }) => ({
  speachId: d.subject.kind === 'speach' ? d.subject.id : null,
  pathId: d.subject.kind === 'path' ? d.subject.id : null,
});

export const forumProjection: ProjectionDefinition = {
  name: 'forum',
  // 2: topics of learning paths (`pathId`).
  version: 2,
  collections: [
    {
      name: FORUM_TOPICS,
      indexes: [
        { field: 'speachId' },
        { fields: [{ field: 'speachId' }, { field: 'lastPosition', direction: -1 }] },
        { fields: [{ field: 'pathId' }, { field: 'lastPosition', direction: -1 }] },
      ],
    },
    { name: FORUM_POSTS, indexes: [{ field: 'topicId' }, { fields: [{ field: 'topicId' }, { field: 'position' }] }] },
  ],
  handlers: {
    TopicOpened: on<'TopicOpened'>(async (d, event, writer) => {
      await writer.upsert<ForumTopicDocument>(FORUM_TOPICS, d.topicId, () => ({
        _id: d.topicId,
        ...subjectOf(d),
        userId: d.userId,
        title: d.title,
        createdAt: event.time,
        lastPostAt: event.time,
        lastPosition: event.position,
        replyCount: 0,
      }));
      await writer.upsert<ForumPostDocument>(FORUM_POSTS, d.topicId, () => ({
        _id: d.topicId,
        topicId: d.topicId,
        ...subjectOf(d),
        userId: d.userId,
        text: d.text,
        date: event.time,
        editedAt: null,
        hidden: false,
        position: event.position,
      }));
    }),
    TopicReplied: on<'TopicReplied'>(async (d, event, writer) => {
      await writer.upsert<ForumTopicDocument>(FORUM_TOPICS, d.topicId, (doc) =>
        doc ? { ...doc, lastPostAt: event.time, lastPosition: event.position, replyCount: doc.replyCount + 1 } : null,
      );
      await writer.upsert<ForumPostDocument>(FORUM_POSTS, d.postId, () => ({
        _id: d.postId,
        topicId: d.topicId,
        ...subjectOf(d),
        userId: d.userId,
        text: d.text,
        date: event.time,
        editedAt: null,
        hidden: false,
        position: event.position,
      }));
    }),
    TopicPostEdited: on<'TopicPostEdited'>(async (d, event, writer) => {
      await writer.upsert<ForumPostDocument>(FORUM_POSTS, d.postId, (doc) => (doc ? { ...doc, text: d.text, editedAt: event.time } : null));
    }),
    TopicPostHidden: on<'TopicPostHidden'>(async (d, _event, writer) => {
      await writer.upsert<ForumPostDocument>(FORUM_POSTS, d.postId, (doc) => (doc ? { ...doc, hidden: true } : null));
    }),
    TopicPostShown: on<'TopicPostShown'>(async (d, _event, writer) => {
      await writer.upsert<ForumPostDocument>(FORUM_POSTS, d.postId, (doc) => (doc ? { ...doc, hidden: false } : null));
    }),
    TopicPostDeleted: on<'TopicPostDeleted'>(async (d, _event, writer) => {
      if (d.postId === d.topicId) {
        // The opening post carries the topic: the topic and every reply go with it.
        for (const post of await writer.find<ForumPostDocument>(FORUM_POSTS, { topicId: d.topicId }))
          await writer.upsert<ForumPostDocument>(FORUM_POSTS, post._id, () => null);
        await writer.upsert<ForumTopicDocument>(FORUM_TOPICS, d.topicId, () => null);
        return;
      }
      await writer.upsert<ForumPostDocument>(FORUM_POSTS, d.postId, () => null);
      await writer.upsert<ForumTopicDocument>(FORUM_TOPICS, d.topicId, (doc) => (doc ? { ...doc, replyCount: Math.max(0, doc.replyCount - 1) } : null));
    }),
  },
};
