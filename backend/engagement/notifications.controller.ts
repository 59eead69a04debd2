import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { FrequencyQuery, LanguageQuery, NotificationCountQuery, NotificationListQuery, NotificationTypeQuery } from './engagement.dto';
import { NOTIFICATION_PAGE_SIZE, NotificationsService, typesFor } from './notifications.service';
import { ChangesState } from '../infrastructure/http/csrf';

/** Spec §7 "Cards, search, grid, notifications": the notification calls, for the signed-in user. */
@Controller('api/v2/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(@CurrentUser() user: Actor, @Query() query: NotificationListQuery) {
    return this.notifications.list(user.id, query.page ?? 0, query.size ?? NOTIFICATION_PAGE_SIZE, query.type || undefined);
  }

  @Get('count')
  async count(@CurrentUser() user: Actor, @Query() query: NotificationCountQuery) {
    return { size: await this.notifications.count(user.id, query.type || undefined) };
  }

  @Get('countUnread')
  async countUnread(@CurrentUser() user: Actor) {
    return { size: await this.notifications.countUnread(user.id) };
  }

  @Post('acquit')
  @HttpCode(200)
  async acquit(@CurrentUser() user: Actor) {
    await this.notifications.acknowledge(user.id);
    return { size: await this.notifications.countUnread(user.id) };
  }

  @Get('parameters/types')
  types(@CurrentUser() user: Actor) {
    return typesFor(user);
  }

  @Get('parameters')
  parameters(@CurrentUser() user: Actor) {
    return this.notifications.parameters(user);
  }

  @Get('parameters/activate')
  @ChangesState()
  activate(@CurrentUser() user: Actor, @Query() query: NotificationTypeQuery) {
    return this.notifications.setActive(user, query.type, true);
  }

  @Get('parameters/desactivate')
  @ChangesState()
  deactivate(@CurrentUser() user: Actor, @Query() query: NotificationTypeQuery) {
    return this.notifications.setActive(user, query.type, false);
  }

  /** The language of the user's mails: the learner app reports the one it shows (issue 19 item 2). */
  @Get('parameters/language')
  @ChangesState()
  language(@CurrentUser() user: Actor, @Query() query: LanguageQuery) {
    return this.notifications.setLanguage(user, query.language);
  }

  @Get('parameters/frequency')
  @ChangesState()
  frequency(@CurrentUser() user: Actor, @Query() query: FrequencyQuery) {
    return this.notifications.setFrequency(user, query.frequency);
  }
}
