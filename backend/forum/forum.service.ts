import { Inject, Injectable } from '@nestjs/common';
import { type TopicSubject, topicStream, uuidv7 } from '../../events';
import { FORUM_POSTS, FORUM_TOPICS, type ForumPostDocument, type ForumTopicDocument } from '../../projections/forum.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { type SpeachDocument, SpeachAccess, SpeachQueries, type Viewer, isEditor, person } from '../speach';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { PathQueries } from '../paths';
import { type ModerationAction, type TopicActor, topicDecider } from './topic.decider';
import type { ForumPostView, ForumTopicPage, ForumTopicView } from './forum.view';

export const TOPICS_PAGE_SIZE = 10;
export const POSTS_PAGE_SIZE = 20;

/**
 * The forum of a speach or of a learning path. Reading goes through SpeachAccess (the one rule for a speach's content);
 * the rules of writing, editing and moderating are the topic decider's, fed with what is resolved here.
 */
@Injectable()
export class ForumService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly access: SpeachAccess,
    private readonly speaches: SpeachQueries,
    private readonly paths: PathQueries,
  ) {}

  private get topics() {
    return this.store.collection<ForumTopicDocument>(FORUM_TOPICS);
  }

  private get posts() {
    return this.store.collection<ForumPostDocument>(FORUM_POSTS);
  }

  /** An administrator, or the speach's author or a co-editor. */
  private moderator(doc: SpeachDocument, viewer: Viewer): boolean {
    return viewer.isAdmin || doc.authorId === viewer.id || isEditor(doc, viewer);
  }

  /**
   * With an access code, a private speach's reader who has not started it yet reads its forum (as SpeachAccess says).
   * A path's forum is read by who may see the path (the paths context's rule) and moderated by its editors.
   */
  private async topicActor(
    topicId: string,
    viewer: Viewer,
    accessCode?: string,
  ): Promise<{ actor: TopicActor; topic: ForumTopicDocument; subjectOwnerId: string | null }> {
    const topic = typeof topicId === 'string' ? await this.topics.findById(topicId) : null;
    if (!topic) throw new NotFoundError('Unknown topic');
    if (topic.pathId) {
      const path = await this.pathActor(topic.pathId, viewer);
      if (!path) throw new NotFoundError('Unknown topic');
      return { topic, actor: path.actor, subjectOwnerId: path.ownerId };
    }
    const doc = await this.speaches.document(topic.speachId ?? '');
    if (accessCode) await this.access.assertCanRead(viewer, doc, accessCode);
    const canRead = accessCode ? true : await this.access.canRead(viewer, doc);
    return { topic, actor: { id: viewer.id, canRead, moderator: canRead && this.moderator(doc, viewer) }, subjectOwnerId: null };
  }

  /** Null when the viewer may not see the path (it is then unknown to them). */
  private async pathActor(pathId: string, viewer: Viewer): Promise<{ actor: TopicActor; ownerId: string } | null> {
    try {
      const { doc, editor } = await this.paths.visible(pathId, viewer);
      return { actor: { id: viewer.id, canRead: true, moderator: editor }, ownerId: doc.ownerId };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  async listForPath(pathId: string, viewer: Viewer, page: number, size: number): Promise<ForumTopicPage> {
    const { editor } = await this.paths.visible(pathId, viewer);
    return this.page({ pathId }, page, size, editor);
  }

  private async page(filter: { speachId: string } | { pathId: string }, page: number, size: number, canModerate: boolean): Promise<ForumTopicPage> {
    const { docs, total } = await this.topics.findPage(filter, { sort: { lastPosition: -1 }, skip: page * size, limit: size });
    const users = await this.people(docs.map((t) => t.userId));
    return {
      result: docs.map((t) => ({
        topicId: t._id,
        speachID: t.speachId,
        pathId: t.pathId ?? null,
        title: t.title,
        author: person(users.get(t.userId), t.userId),
        createdAt: t.createdAt,
        lastPostAt: t.lastPostAt,
        replyCount: t.replyCount,
      })),
      total,
      canModerate,
    };
  }

  async list(speachId: string, viewer: Viewer, page: number, size: number, accessCode?: string): Promise<ForumTopicPage> {
    const doc = await this.access.readable(speachId, viewer, accessCode);
    return this.page({ speachId }, page, size, this.moderator(doc, viewer));
  }

  /** A topic and a page of its posts in order; a hidden post's text is shown only to moderators and its writer. */
  async topic(topicId: string, viewer: Viewer, page: number, size: number, accessCode?: string): Promise<ForumTopicView> {
    const { topic, actor } = await this.topicActor(topicId, viewer, accessCode);
    if (!actor.canRead) throw new NotFoundError('Unknown topic');
    const { docs, total } = await this.posts.findPage({ topicId }, { sort: { position: 1 }, skip: page * size, limit: size });
    const users = await this.people([topic.userId, ...docs.map((p) => p.userId)]);
    return {
      topicId: topic._id,
      speachID: topic.speachId,
      pathId: topic.pathId ?? null,
      title: topic.title,
      author: person(users.get(topic.userId), topic.userId),
      createdAt: topic.createdAt,
      canModerate: actor.moderator,
      posts: { result: docs.map((p) => this.postView(p, users, viewer, actor)), total },
    };
  }

  private postView(p: ForumPostDocument, users: Map<string, UserDocument>, viewer: Viewer, actor: TopicActor): ForumPostView {
    const mine = p.userId === viewer.id;
    return {
      postId: p._id,
      opening: p._id === p.topicId,
      author: person(users.get(p.userId), p.userId),
      text: p.hidden && !actor.moderator && !mine ? '' : p.text,
      hidden: p.hidden,
      date: p.date,
      editedAt: p.editedAt,
      canEdit: mine,
      canDelete: mine || actor.moderator,
    };
  }

  private async people(ids: string[]): Promise<Map<string, UserDocument>> {
    const users = await this.store.collection<UserDocument>(USERS).findByIds([...new Set(ids)]);
    return new Map(users.map((u) => [u._id, u]));
  }

  async open(viewer: Viewer, speachId: string, title: string, text: string, accessCode?: string): Promise<string> {
    // Throws 404/403 (naming accessCode) before anything is decided when the speach is not readable.
    const doc = await this.access.readable(speachId, viewer, accessCode);
    const actor: TopicActor = { id: viewer.id, canRead: true, moderator: this.moderator(doc, viewer) };
    return this.openTopic({ kind: 'speach', id: speachId }, null, actor, title, text);
  }

  async openOnPath(viewer: Viewer, pathId: string, title: string, text: string): Promise<string> {
    // 404 for a path the viewer may not see, before anything is decided.
    const { doc, editor } = await this.paths.visible(pathId, viewer);
    return this.openTopic({ kind: 'path', id: pathId }, doc.ownerId, { id: viewer.id, canRead: true, moderator: editor }, title, text);
  }

  private async openTopic(subject: TopicSubject, subjectOwnerId: string | null, actor: TopicActor, title: string, text: string): Promise<string> {
    const topicId = uuidv7();
    await this.commands.run(
      topicDecider,
      topicStream(topicId),
      { type: 'OpenTopic', topicId, subject, subjectOwnerId, actor, title, text },
      { userId: actor.id },
    );
    await this.readModels.settled();
    return topicId;
  }

  async reply(viewer: Viewer, topicId: string, text: string): Promise<string> {
    const { actor, subjectOwnerId } = await this.topicActor(topicId, viewer);
    const postId = uuidv7();
    await this.commands.run(topicDecider, topicStream(topicId), { type: 'Reply', postId, subjectOwnerId, actor, text }, { userId: viewer.id });
    await this.readModels.settled();
    return postId;
  }

  async edit(viewer: Viewer, topicId: string, postId: string, text: string): Promise<void> {
    const { actor } = await this.topicActor(topicId, viewer);
    await this.commands.run(topicDecider, topicStream(topicId), { type: 'EditPost', postId, actor, text }, { userId: viewer.id });
    await this.readModels.settled();
  }

  async delete(viewer: Viewer, topicId: string, postId: string): Promise<void> {
    const { actor } = await this.topicActor(topicId, viewer);
    await this.commands.run(topicDecider, topicStream(topicId), { type: 'DeletePost', postId, actor }, { userId: viewer.id });
    await this.readModels.settled();
  }

  async moderate(viewer: Viewer, topicId: string, postId: string, action: ModerationAction): Promise<void> {
    const { actor } = await this.topicActor(topicId, viewer);
    await this.commands.run(topicDecider, topicStream(topicId), { type: 'ModeratePost', postId, actor, action }, { userId: viewer.id });
    await this.readModels.settled();
  }

  async post(topicId: string, postId: string, viewer: Viewer): Promise<ForumPostView> {
    const { actor } = await this.topicActor(topicId, viewer);
    const p = await this.posts.findById(postId);
    if (!p || p.topicId !== topicId || !actor.canRead) throw new NotFoundError('Unknown post');
    return this.postView(p, await this.people([p.userId]), viewer, actor);
  }
}
