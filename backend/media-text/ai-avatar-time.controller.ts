import { Body, Controller, Get, Put } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { AiAvatarTime } from './ai-avatar-time.service';
import { AddAvatarTimeBody, UpdateTimeAiAvatarBody } from './ai-avatar-time.dto';

/** Spec §7 AI avatar calls and the admin usage panel's read. */
@Controller('api/v2')
export class AiAvatarTimeController {
  constructor(private readonly avatarTime: AiAvatarTime) {}

  @Put('recorder/updateTimeAIAvatar')
  @Roles('FORMATEUR', 'ADMIN')
  update(@CurrentUser() user: Actor, @Body() body: UpdateTimeAiAvatarBody) {
    return this.avatarTime.record(user, body);
  }

  @Get('recorder/aiAvatar/options')
  @Roles('FORMATEUR', 'ADMIN')
  options() {
    return this.avatarTime.options();
  }

  @Put('administration/ai/addTime')
  @Roles('ADMIN')
  addTime(@Body() body: AddAvatarTimeBody) {
    return this.avatarTime.add(body.time);
  }

  @Get('administration/ai/avatarUsage')
  @Roles('ADMIN')
  usage() {
    return this.avatarTime.usage();
  }
}
