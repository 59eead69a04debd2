import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ForumPageQuery, MessageBody } from './forum.dto';
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_PAGE_SIZE, MessagesService } from './messages.service';

/** Private messages of the signed-in user. The recipient is picked with the user search `GET /api/v2/users` (spec §7). */
@Controller('api/v2/messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('conversations')
  list(@CurrentUser() user: Actor, @Query() query: ForumPageQuery) {
    return this.messages.list(user.id, query.page ?? 0, query.size ?? CONVERSATIONS_PAGE_SIZE);
  }

  @Get('countUnread')
  async countUnread(@CurrentUser() user: Actor) {
    return { size: await this.messages.countUnread(user.id) };
  }

  @Get('conversations/:conversationId')
  thread(@CurrentUser() user: Actor, @Param('conversationId') conversationId: string, @Query() query: ForumPageQuery) {
    return this.messages.thread(user.id, conversationId, query.page ?? 0, query.size ?? MESSAGES_PAGE_SIZE);
  }

  @Post()
  async send(@CurrentUser() user: Actor, @Body() body: MessageBody) {
    const conversationId = await this.messages.send(user.id, body.recipientId, body.text);
    return this.messages.thread(user.id, conversationId, 0, MESSAGES_PAGE_SIZE);
  }

  @Post('conversations/:conversationId/read')
  @HttpCode(200)
  async markRead(@CurrentUser() user: Actor, @Param('conversationId') conversationId: string) {
    await this.messages.markRead(user.id, conversationId);
    return { unread: 0 };
  }
}
