import { Controller, Get, Param } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { BadgesService } from './badges.service';

/** The signed-in user's badges (account), a colleague's (profile), and the counts of the admin dashboard. */
@Controller()
export class BadgesController {
  constructor(private readonly badges: BadgesService) {}

  @Get('api/v2/my/badges')
  mine(@CurrentUser() user: Actor) {
    return this.badges.of(user.id);
  }

  @Get('api/v2/users/:id/badges')
  ofUser(@Param('id') id: string) {
    return this.badges.of(id);
  }

  @Get('api/v2/dashboard/badges')
  @Roles('ADMIN')
  counts() {
    return this.badges.counts();
  }
}
