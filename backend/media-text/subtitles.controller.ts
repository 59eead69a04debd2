import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Public, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ValidationError } from '../infrastructure/decider/decider';
import { Subtitles } from './subtitles.service';
import { EditSubtitleBody, UploadSubtitleBody } from './subtitles.dto';
import type { SubtitleDeleted } from './subtitles.view';

function chapterIdOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 100) throw new ValidationError('chapterId', 'chapterId must name a chapter');
  return value;
}

/** Spec §7 subtitles and transcript calls; the editor's upload, edit and delete (issue 22). */
@Controller()
export class SubtitlesController {
  constructor(private readonly subtitles: Subtitles) {}

  @Get('api/v2/chapter/subtitle-languages')
  languages() {
    return this.subtitles.languages();
  }

  @Get('api/v2/chapter/subtitles/:chapterId')
  list(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string) {
    return this.subtitles.list(user, chapterId);
  }

  @Post('api/v2/chapter/subtitles/:chapterId')
  @Roles('FORMATEUR', 'ADMIN')
  upload(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: UploadSubtitleBody) {
    return this.subtitles.upload(user, chapterId, body);
  }

  @Get('api/v2/chapter/subtitles/:chapterId/:subtitleId')
  @Roles('FORMATEUR', 'ADMIN')
  detail(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Param('subtitleId') subtitleId: string) {
    return this.subtitles.detail(user, chapterId, subtitleId);
  }

  @Put('api/v2/chapter/subtitles/:chapterId/:subtitleId')
  @Roles('FORMATEUR', 'ADMIN')
  edit(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Param('subtitleId') subtitleId: string, @Body() body: EditSubtitleBody) {
    return this.subtitles.edit(user, chapterId, subtitleId, body);
  }

  @Delete('api/v2/chapter/subtitles/:chapterId/:subtitleId')
  @Roles('FORMATEUR', 'ADMIN')
  async remove(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Param('subtitleId') subtitleId: string): Promise<SubtitleDeleted> {
    await this.subtitles.remove(user, chapterId, subtitleId);
    return { deleted: true };
  }

  /** The `<track>` file: public, the chapter token (or a session) is the credential. */
  @Get('api/v2/chapter/subtitles/:chapterId/:subtitleId/vtt')
  @Public()
  async vtt(
    @Param('chapterId') chapterId: string,
    @Param('subtitleId') subtitleId: string,
    @Query('token') token: unknown,
    @CurrentUser() user: Actor | undefined,
    @Res() reply: FastifyReply,
  ) {
    const body = await this.subtitles.vtt(chapterId, subtitleId, token, user);
    return reply.type('text/vtt; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
  }

  @Get('api/transcript/token')
  token(@CurrentUser() user: Actor, @Query('chapterId') chapterId: unknown) {
    return this.subtitles.transcriptToken(user, chapterIdOf(chapterId));
  }

  /** Where the token leads (spec §7): the chapter's transcript, for the panel beside the player. */
  @Get('api/transcript/:chapterId')
  @Public()
  transcript(@Param('chapterId') chapterId: string, @Query('token') token: unknown, @CurrentUser() user: Actor | undefined) {
    return this.subtitles.transcript(chapterId, token, user);
  }
}
