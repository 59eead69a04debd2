import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFields, readUpload } from '../../ai';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import { type Actor } from '../../infrastructure/http/actor';
import { ValidationError } from '../../infrastructure/decider/decider';
import { AcceptsForm, ChangesState } from '../../infrastructure/http/csrf';
import { type Ready, MediaJobs } from '../jobs/media-jobs.service';
import { MediaTracks } from '../jobs/media-tracks.service';
import { VersionVideos } from '../jobs/version-videos.service';

/** One value of a form field (multipart or JSON), or undefined; a repeated field is refused. */
function field(fields: Record<string, string[]>, name: string): string | undefined {
  const values = fields[name] ?? [];
  if (values.length > 1) throw new ValidationError(name, `${name} must be given once`);
  return values[0];
}

function accessCode(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 230) throw new ValidationError('accessCode', 'accessCode must be a text of at most 230 characters');
  return value;
}

/** Spec §7 "Voice-over and chapters": the recorder's media calls (issue 22). */
@Controller()
export class MediaController {
  constructor(
    private readonly media: MediaJobs,
    private readonly tracks: MediaTracks,
    private readonly versionVideos: VersionVideos,
  ) {}

  private send(reply: FastifyReply, ready: Ready) {
    void reply.status(ready.status);
    return ready.body;
  }

  /** A MediaRecorder take (WebM/Opus) in the form field `file`: mixed onto the chapter's video, or made its audio. */
  @Post('recorder/voiceOver/upload/:chapterId')
  @AcceptsForm()
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(202)
  upload(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Req() request: FastifyRequest) {
    return this.media.uploadVoiceOver(user, chapterId, (store) => readUpload(request, Number.MAX_SAFE_INTEGER - 1, (_name, stream) => store(stream)));
  }

  /** Text to speech for the studio's preview: 200 `{url}` when the audio exists, 202 `{jobID}` while it is made. */
  @Post('api/v2/chapter/voice/text/:chapterId')
  @AcceptsForm()
  @Roles('FORMATEUR', 'ADMIN')
  async speak(
    @CurrentUser() user: Actor,
    @Param('chapterId') chapterId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const fields = await readFields(request);
    const jobID = field(fields, 'jobID') || undefined;
    return this.send(reply, await this.media.speak(user, chapterId, { text: field(fields, 'text'), lang: field(fields, 'lang'), jobID }));
  }

  /** The generated audio (`filePath`, its URL) as the chapter's voice-over: a mix job. */
  @Post('recorder/voiceOver/text/:chapterId')
  @AcceptsForm()
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(202)
  async voiceOverText(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Req() request: FastifyRequest) {
    const fields = await readFields(request);
    return this.media.voiceOverFromText(user, chapterId, field(fields, 'filePath'));
  }

  /** The generated audio (`urlFileAudio`) copied as the chapter's audio: 200 at once, or 202 with the mix job of a video chapter. */
  @Post('recorder/copyGeneratedAudio/:chapterId')
  @AcceptsForm()
  @Roles('FORMATEUR', 'ADMIN')
  async copyGeneratedAudio(
    @CurrentUser() user: Actor,
    @Param('chapterId') chapterId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const fields = await readFields(request);
    const copied = await this.media.copyGeneratedAudio(user, chapterId, field(fields, 'urlFileAudio'));
    void reply.status(copied.jobID ? 202 : 200);
    return copied;
  }

  /** The chapter's own sound track: 200 `{url}`, 202 `{jobID}` while the upload is transcoded, 404 when there is none. */
  @Get('api/v2/chapter/audio-track/:chapterId')
  @ApiQuery({ name: 'accessCode', required: false, type: String })
  audioTrack(
    @CurrentUser() user: Actor,
    @Param('chapterId') chapterId: string,
    @Query('accessCode') code: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.track(user, chapterId, undefined, code, reply);
  }

  /** A subtitle language's voice track (made by the subtitle voice-over call). */
  @Get('api/v2/chapter/audio-track/:chapterId/:subtitleId')
  @ApiQuery({ name: 'accessCode', required: false, type: String })
  subtitleTrack(
    @CurrentUser() user: Actor,
    @Param('chapterId') chapterId: string,
    @Param('subtitleId') subtitleId: string,
    @Query('accessCode') code: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.track(user, chapterId, subtitleId, code, reply);
  }

  private async track(user: Actor, chapterId: string, subtitleId: string | undefined, code: unknown, reply: FastifyReply) {
    return this.send(reply, await this.tracks.audioTrack(user, chapterId, subtitleId, accessCode(code)));
  }

  /** Which voice the studio will hear, so it can say when it is the robotic local one. */
  @Get('api/v2/chapter/voice/engine')
  @Roles('FORMATEUR', 'ADMIN')
  engine() {
    return this.media.engine();
  }

  /** Spec §7: the video of a published version (its video chapters joined), PREPARING until the job is done. */
  @Get('versioning/logs/:logId/video')
  // Its first call asks for the join (a job): guarded like a POST against cross-site requests.
  @ChangesState()
  @ApiQuery({ name: 'before', required: false, description: 'the version before this one' })
  versionVideo(@CurrentUser() user: Actor, @Param('logId') logId: string, @Query('before') before?: string) {
    return this.versionVideos.video(user, logId, before);
  }
}
