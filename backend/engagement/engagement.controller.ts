import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { GridQuery, SpeachQueries, accessCodeOf } from '../speach';
import { CommentBody, CommentsQuery, RatingBody } from './engagement.dto';
import { EngagementCommands } from './engagement-commands.service';
import { COMMENTS_PAGE_SIZE, EngagementQueries } from './engagement-queries.service';

/** Rating, follow and comments of a published speach; the followed-speaches grid. */
@Controller()
export class EngagementController {
  constructor(
    private readonly commands: EngagementCommands,
    private readonly queries: EngagementQueries,
    private readonly speaches: SpeachQueries,
  ) {}

  @Get('api/v2/speach/:id/engagement')
  async summary(@CurrentUser() user: Actor, @Param('id') id: string, @Query('accessCode') accessCode?: unknown) {
    return this.queries.summary(id, await this.speaches.viewer(user), accessCodeOf(accessCode));
  }

  @Put('api/v2/speach/:id/rating')
  async rate(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: RatingBody) {
    const { doc, viewer } = await this.commands.rate(user.id, id, body.rating, await this.speaches.viewer(user));
    return this.queries.summaryOf(doc, viewer);
  }

  @Put('api/v2/speach/:id/follow')
  async follow(@CurrentUser() user: Actor, @Param('id') id: string) {
    await this.commands.follow(user.id, id);
    return this.queries.summary(id, await this.speaches.viewer(user));
  }

  @Delete('api/v2/speach/:id/follow')
  async unfollow(@CurrentUser() user: Actor, @Param('id') id: string) {
    await this.commands.unfollow(user.id, id);
    return this.queries.summary(id, await this.speaches.viewer(user));
  }

  @Get('api/v2/speach/:id/comments')
  async comments(@CurrentUser() user: Actor, @Param('id') id: string, @Query() query: CommentsQuery) {
    return this.queries.comments(id, await this.speaches.viewer(user), query.page ?? 0, query.size ?? COMMENTS_PAGE_SIZE, query.accessCode);
  }

  @Post('api/v2/speach/:id/comments')
  async postComment(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: CommentBody) {
    const commentId = await this.commands.comment(user.id, id, body.text);
    return this.queries.comment(commentId, await this.speaches.viewer(user));
  }

  @Delete('api/v2/speach/:id/comments/:commentId')
  @HttpCode(200)
  async deleteComment(@CurrentUser() user: Actor, @Param('id') id: string, @Param('commentId') commentId: string) {
    await this.commands.deleteComment(user.id, id, commentId);
    return { deleted: true };
  }

  @Get('api/v2/my/speachFollowed')
  async followed(@CurrentUser() user: Actor, @Query() query: GridQuery) {
    return this.queries.followed(await this.speaches.viewer(user), query);
  }
}
