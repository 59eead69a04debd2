import { Body, Controller, Get, Put } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { AvatarLayouts } from './avatar-layout.service';
import { ChooseAvatarLayoutBody } from './avatar-layout.dto';

/** The learner's AI avatar layout picker beside the player: any signed-in learner reads and sets their own. */
@Controller('api/v2/learner/avatar-layout')
export class AvatarLayoutController {
  constructor(private readonly layouts: AvatarLayouts) {}

  @Get()
  view(@CurrentUser() user: Actor) {
    return this.layouts.view(user);
  }

  @Put()
  choose(@CurrentUser() user: Actor, @Body() body: ChooseAvatarLayoutBody) {
    return this.layouts.choose(user, body.layout);
  }
}
