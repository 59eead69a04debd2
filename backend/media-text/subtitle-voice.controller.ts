import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { one, readFields } from '../ai';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ValidationError } from '../infrastructure/decider/decider';
import { AcceptsForm } from '../infrastructure/http/csrf';
import { Subtitles } from './subtitles.service';

/** Spec §7 `POST /recorder/voiceOver/subtitle/{chapterId}` (form `subtitleId`): an AI voice from a subtitle language. */
@Controller()
export class SubtitleVoiceController {
  constructor(private readonly subtitles: Subtitles) {}

  @Post('recorder/voiceOver/subtitle/:chapterId')
  @AcceptsForm()
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(202)
  async voice(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Req() request: FastifyRequest) {
    const subtitleId = one(await readFields(request), 'subtitleId');
    if (!subtitleId || subtitleId.length > 64) throw new ValidationError('subtitleId', 'subtitleId must name a subtitle of the chapter');
    return this.subtitles.voiceOver(user, chapterId, subtitleId);
  }
}
