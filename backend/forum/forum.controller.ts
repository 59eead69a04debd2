import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { SpeachQueries } from '../speach';
import { ForumPageQuery, ModerationBody, PathTopicBody, PostBody, TopicBody, TopicsQuery } from './forum.dto';
import { ForumService, POSTS_PAGE_SIZE, TOPICS_PAGE_SIZE } from './forum.service';

/**
 * The forums of speaches and learning paths: topics, replies, edits by their writers, moderation by
 * admins and the speach's authors (the path's owner). A topic's own routes serve both.
 */
@Controller()
export class ForumController {
  constructor(
    private readonly forum: ForumService,
    private readonly speaches: SpeachQueries,
  ) {}

  @Get('api/v2/speach/:id/topics')
  async list(@CurrentUser() user: Actor, @Param('id') id: string, @Query() query: TopicsQuery) {
    return this.forum.list(id, await this.speaches.viewer(user), query.page ?? 0, query.size ?? TOPICS_PAGE_SIZE, query.accessCode);
  }

  @Post('api/v2/speach/:id/topics')
  async open(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: TopicBody) {
    const viewer = await this.speaches.viewer(user);
    const topicId = await this.forum.open(viewer, id, body.title, body.text, body.accessCode);
    return this.forum.topic(topicId, viewer, 0, POSTS_PAGE_SIZE, body.accessCode);
  }

  @Get('api/v2/learningPath/:pathId/topics')
  async listOfPath(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: ForumPageQuery) {
    return this.forum.listForPath(pathId, await this.speaches.viewer(user), query.page ?? 0, query.size ?? TOPICS_PAGE_SIZE);
  }

  @Post('api/v2/learningPath/:pathId/topics')
  async openOnPath(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Body() body: PathTopicBody) {
    const viewer = await this.speaches.viewer(user);
    const topicId = await this.forum.openOnPath(viewer, pathId, body.title, body.text);
    return this.forum.topic(topicId, viewer, 0, POSTS_PAGE_SIZE);
  }

  @Get('api/v2/topics/:topicId')
  async topic(@CurrentUser() user: Actor, @Param('topicId') topicId: string, @Query() query: TopicsQuery) {
    return this.forum.topic(topicId, await this.speaches.viewer(user), query.page ?? 0, query.size ?? POSTS_PAGE_SIZE, query.accessCode);
  }

  @Post('api/v2/topics/:topicId/posts')
  async reply(@CurrentUser() user: Actor, @Param('topicId') topicId: string, @Body() body: PostBody) {
    const viewer = await this.speaches.viewer(user);
    const postId = await this.forum.reply(viewer, topicId, body.text);
    return this.forum.post(topicId, postId, viewer);
  }

  @Put('api/v2/topics/:topicId/posts/:postId')
  async edit(@CurrentUser() user: Actor, @Param('topicId') topicId: string, @Param('postId') postId: string, @Body() body: PostBody) {
    const viewer = await this.speaches.viewer(user);
    await this.forum.edit(viewer, topicId, postId, body.text);
    return this.forum.post(topicId, postId, viewer);
  }

  @Delete('api/v2/topics/:topicId/posts/:postId')
  @HttpCode(200)
  async delete(@CurrentUser() user: Actor, @Param('topicId') topicId: string, @Param('postId') postId: string) {
    await this.forum.delete(await this.speaches.viewer(user), topicId, postId);
    return { deleted: true };
  }

  /** HIDE and SHOW keep the post (its text shown to moderators and its writer only); DELETE removes it. */
  @Post('api/v2/topics/:topicId/posts/:postId/moderation')
  @HttpCode(200)
  async moderate(@CurrentUser() user: Actor, @Param('topicId') topicId: string, @Param('postId') postId: string, @Body() body: ModerationBody) {
    await this.forum.moderate(await this.speaches.viewer(user), topicId, postId, body.action);
    return { action: body.action };
  }
}
