import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { InteractionAnswerBody } from './video-editor.dto';
import { VideoEdits } from './video-edits.service';

/** The learner's player: a video's annotations and questions, and the reader's answers (SpeachAccess decides who reads). */
@Controller('api/v2/chapter/video-overlays')
export class VideoOverlaysController {
  constructor(private readonly edits: VideoEdits) {}

  @Get(':chapterId')
  overlays(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string) {
    return this.edits.overlays(user, chapterId);
  }

  @Post(':chapterId/answer')
  @HttpCode(200)
  answer(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: InteractionAnswerBody) {
    return this.edits.answer(user, chapterId, body);
  }
}
