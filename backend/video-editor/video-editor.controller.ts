import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { AnnotationBody, CutBody, InteractionBody, SynchroniseBody, WeetBody } from './video-editor.dto';
import { VideoEdits } from './video-edits.service';

/** Spec §7 editor calls (weet, silenceWeet, editor URL) and the built-in editor's own: authors on chapters they may edit. */
@Controller('api/v2/recorder')
@Roles('FORMATEUR', 'ADMIN')
export class VideoEditorController {
  constructor(private readonly edits: VideoEdits) {}

  /** Answers the editor URL as text; the client appends `initID`. */
  @Get('getUrlEditingForChapter/:chapterId')
  getUrlEditingForChapter(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string) {
    return this.edits.editingUrl(user, chapterId);
  }

  @Post('weet')
  @HttpCode(200)
  weet(@CurrentUser() user: Actor, @Body() body: WeetBody) {
    return this.edits.register(user, body, false);
  }

  @Post('silenceWeet')
  @HttpCode(200)
  silenceWeet(@CurrentUser() user: Actor, @Body() body: WeetBody) {
    return this.edits.register(user, body, true);
  }

  @Get('video-editor/:chapterId')
  view(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string) {
    return this.edits.view(user, chapterId);
  }

  @Post('video-editor/:chapterId/cut')
  @HttpCode(200)
  cut(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: CutBody) {
    return this.edits.cut(user, chapterId, body.keep);
  }

  @Post('video-editor/:chapterId/annotations')
  @HttpCode(200)
  annotate(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: AnnotationBody) {
    return this.edits.annotate(user, chapterId, body);
  }

  @Delete('video-editor/:chapterId/annotations/:annotationId')
  removeAnnotation(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Param('annotationId') annotationId: string) {
    return this.edits.removeAnnotation(user, chapterId, annotationId);
  }

  @Post('video-editor/:chapterId/interactions')
  @HttpCode(200)
  addInteraction(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: InteractionBody) {
    return this.edits.addInteraction(user, chapterId, body);
  }

  @Delete('video-editor/:chapterId/interactions/:interactionId')
  removeInteraction(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Param('interactionId') interactionId: string) {
    return this.edits.removeInteraction(user, chapterId, interactionId);
  }

  /** Irreversible: the editor asks for confirmation first (spec §4). */
  @Post('video-editor/:chapterId/synchronise')
  @HttpCode(200)
  synchronise(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: SynchroniseBody) {
    return this.edits.synchronise(user, chapterId, body.target);
  }
}
