import { commentsStream, engagementStream } from '../../events';
import { Injectable } from '@nestjs/common';
import { uuidv7 } from '../../events';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ReadModels } from '../infrastructure/read-models';
import { SiteSettings } from '../site';
import { type SpeachDocument, SpeachQueries, type Viewer } from '../speach';
import { commentsDecider } from './comments.decider';
import { engagementDecider } from './engagement.decider';
import { EngagementQueries, ownsSpeach } from './engagement-queries.service';

export { engagementStream, commentsStream };

/**
 * Ratings, follows and comments. Rules live in the deciders; this layer resolves the facts they need
 * (may the user open the published speach, is it theirs, are comments on) from the read models.
 * Every method takes the acting user's id, so the demo seed can use it too.
 */
@Injectable()
export class EngagementCommands {
  constructor(
    private readonly commands: CommandRunner,
    private readonly queries: EngagementQueries,
    private readonly speaches: SpeachQueries,
    private readonly siteSettings: SiteSettings,
    private readonly readModels: ReadModels,
  ) {}

  /**
   * Answers the speach and the viewer it decided on: the rating changes neither, so the answer's engagement
   * bar is built from them rather than read and checked again. A request passes its session's viewer.
   */
  async rate(actorUserId: string, speachId: string, rating: number, actor?: Viewer): Promise<{ doc: SpeachDocument; viewer: Viewer }> {
    const viewer = actor ?? (await this.queries.viewerOf(actorUserId));
    const doc = await this.speaches.document(speachId);
    const viewable = await this.queries.engageable(doc, viewer);
    await this.commands.run(
      engagementDecider,
      engagementStream(actorUserId),
      { type: 'RateSpeach', userId: actorUserId, speachId, rating, viewable, ownSpeach: ownsSpeach(doc, viewer) },
      { userId: actorUserId },
    );
    await this.readModels.settled();
    return { doc, viewer };
  }

  async follow(actorUserId: string, speachId: string): Promise<void> {
    const viewer = await this.queries.viewerOf(actorUserId);
    const doc = await this.speaches.document(speachId);
    const viewable = await this.queries.engageable(doc, viewer);
    await this.commands.run(
      engagementDecider,
      engagementStream(actorUserId),
      { type: 'FollowSpeach', userId: actorUserId, speachId, viewable },
      { userId: actorUserId },
    );
    await this.readModels.settled();
  }

  async unfollow(actorUserId: string, speachId: string): Promise<void> {
    await this.commands.run(
      engagementDecider,
      engagementStream(actorUserId),
      { type: 'UnfollowSpeach', userId: actorUserId, speachId },
      { userId: actorUserId },
    );
    await this.readModels.settled();
  }

  /** The commentsEnabled feature flag, read per call. */
  async commentsEnabled(): Promise<boolean> {
    return (await this.siteSettings.flags()).commentsEnabled;
  }

  /** Posts a comment; answers its id. */
  async comment(actorUserId: string, speachId: string, text: string): Promise<string> {
    const viewer = await this.queries.viewerOf(actorUserId);
    const doc = await this.speaches.document(speachId);
    const [viewable, flags] = await Promise.all([this.queries.engageable(doc, viewer), this.siteSettings.flags()]);
    const commentId = uuidv7();
    await this.commands.run(
      commentsDecider,
      commentsStream(speachId),
      { type: 'PostComment', commentId, speachId, userId: actorUserId, text, commentsEnabled: flags.commentsEnabled, viewable },
      { userId: actorUserId },
    );
    await this.readModels.settled();
    return commentId;
  }

  async deleteComment(actorUserId: string, speachId: string, commentId: string): Promise<void> {
    const viewer = await this.queries.viewerOf(actorUserId);
    const doc = await this.speaches.document(speachId);
    await this.commands.run(
      commentsDecider,
      commentsStream(speachId),
      { type: 'DeleteComment', commentId, speachId, actorId: actorUserId, isAdmin: viewer.isAdmin, speachAuthorId: doc.authorId },
      { userId: actorUserId },
    );
    await this.readModels.settled();
  }
}
