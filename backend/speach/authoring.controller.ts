import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { Readable } from 'node:stream';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type ChapterContent, uuidv7 } from '../../events';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ForbiddenError, ValidationError } from '../infrastructure/decider/decider';
import { isEditor } from './speach-views';
import { ReadModels } from '../infrastructure/read-models';
import { BlobStore, FileTooLargeError } from '../infrastructure/blobs/blob-store';
import { DECLARED, checkMagicBytes, uploadName } from './upload-checks';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SiteSettings } from '../site';
import {
  AddChapterBody,
  BadgeBody,
  ContentBody,
  CreateSpeachBody,
  DetailsBody,
  MoveChapterBody,
  PinBody,
  PublishBody,
  RenameChapterBody,
  UploadQuery,
  VisibilityBody,
} from './speach.dto';
import { SpeachCommands } from './speach-commands.service';
import { SpeachQueries } from './speach-queries.service';
import { SpeachAccess, accessCodeOf } from './speach-access';
import { AcceptsUpload } from '../infrastructure/http/csrf';

/** `version` in the body, else an `If-Match: <revision>` header (quotes allowed). */
export function expectedVersion(version: number | undefined, ifMatch: string | undefined): number | undefined {
  if (version !== undefined) return version;
  if (!ifMatch) return undefined;
  const value = Number(ifMatch.replace(/^W\//, '').replace(/"/g, ''));
  if (!Number.isInteger(value)) throw new ValidationError('If-Match', 'If-Match must be the speach version');
  return value;
}

/** Authoring (spec §2 recorder routes): authors on their own and co-edited speaches, admins on all. */
@Controller()
export class AuthoringController {
  constructor(
    private readonly commands: SpeachCommands,
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly readModels: ReadModels,
    private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettings,
  ) {}

  private async draft(user: Actor, speachId: string) {
    await this.readModels.settled();
    return this.queries.draft(speachId, await this.queries.viewer(user));
  }

  private async card(user: Actor, speachId: string) {
    await this.readModels.settled();
    return this.queries.card(speachId, await this.queries.viewer(user));
  }

  @Post('api/v2/recorder/speach')
  @Roles('FORMATEUR', 'ADMIN')
  async create(@CurrentUser() user: Actor, @Body() body: CreateSpeachBody) {
    const speachId = await this.commands.create(user, body);
    return this.card(user, speachId);
  }

  @Get('api/v2/speach/draftSpeach')
  async draftSpeach(@CurrentUser() user: Actor, @Query('speachID') speachId: string) {
    if (!speachId) throw new ValidationError('speachID', 'speachID is required');
    return this.queries.draft(speachId, await this.queries.viewer(user));
  }

  @Get('api/v2/speach/speachWithMetadata')
  async withMetadata(@CurrentUser() user: Actor, @Query('speachID') speachId: string, @Query('accessCode') accessCode?: unknown) {
    if (!speachId || typeof speachId !== 'string') throw new ValidationError('speachID', 'speachID is required');
    const viewer = await this.queries.viewer(user);
    const doc = await this.access.readable(speachId, viewer, accessCodeOf(accessCode));
    return (await this.queries.cards([doc], viewer))[0];
  }

  @Put('api/v2/recorder/speach/:id/details')
  @Roles('FORMATEUR', 'ADMIN')
  async details(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: DetailsBody, @Headers('if-match') ifMatch?: string) {
    const { version, ...details } = body;
    if (details.categoryId !== undefined) await this.commands.checkCategory(details.categoryId);
    await this.commands.run(user, id, [{ type: 'ChangeDetails', ...details }], expectedVersion(version, ifMatch));
    return this.card(user, id);
  }

  @Post('api/v2/recorder/speach/:id/chapters')
  @Roles('FORMATEUR', 'ADMIN')
  async addChapter(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: AddChapterBody, @Headers('if-match') ifMatch?: string) {
    const chapterId = uuidv7();
    await this.commands.run(
      user,
      id,
      [{ type: 'AddChapter', chapterId, parentId: body.parentId ?? null, title: body.title, position: body.position, nonMaterial: body.nonMaterial }],
      expectedVersion(body.version, ifMatch),
    );
    return { chapterId, speach: await this.draft(user, id) };
  }

  @Put('api/v2/recorder/speach/:id/chapters/:chapterId')
  @Roles('FORMATEUR', 'ADMIN')
  async renameChapter(
    @CurrentUser() user: Actor,
    @Param('id') id: string,
    @Param('chapterId') chapterId: string,
    @Body() body: RenameChapterBody,
    @Headers('if-match') ifMatch?: string,
  ) {
    await this.commands.run(
      user,
      id,
      [{ type: 'RenameChapter', chapterId, title: body.title, nonMaterial: body.nonMaterial }],
      expectedVersion(body.version, ifMatch),
    );
    return this.draft(user, id);
  }

  @Put('api/v2/recorder/speach/:id/chapters/:chapterId/move')
  @Roles('FORMATEUR', 'ADMIN')
  async moveChapter(
    @CurrentUser() user: Actor,
    @Param('id') id: string,
    @Param('chapterId') chapterId: string,
    @Body() body: MoveChapterBody,
    @Headers('if-match') ifMatch?: string,
  ) {
    await this.commands.run(
      user,
      id,
      [{ type: 'MoveChapter', chapterId, parentId: body.parentId, position: body.position, nonMaterial: body.nonMaterial }],
      expectedVersion(body.version, ifMatch),
    );
    return this.draft(user, id);
  }

  @Delete('api/v2/recorder/speach/:id/chapters/:chapterId')
  @ApiQuery({ name: 'version', required: false, type: Number, description: 'The stale-edit guard (or If-Match)' })
  @ApiQuery({ name: 'nonMaterial', required: false, type: Boolean, description: "The author's typo flag: keeps the approvals already given (issue 23)" })
  @Roles('FORMATEUR', 'ADMIN')
  async removeChapter(
    @CurrentUser() user: Actor,
    @Param('id') id: string,
    @Param('chapterId') chapterId: string,
    @Query('version') version?: string,
    @Headers('if-match') ifMatch?: string,
    @Query('nonMaterial') nonMaterial?: string,
  ) {
    if (nonMaterial !== undefined && nonMaterial !== 'true' && nonMaterial !== 'false')
      throw new ValidationError('nonMaterial', 'nonMaterial must be true or false');
    const parsed = version === undefined ? undefined : Number(version);
    if (parsed !== undefined && !Number.isInteger(parsed)) throw new ValidationError('version', 'version must be an integer');
    await this.commands.run(user, id, [{ type: 'RemoveChapter', chapterId, nonMaterial: nonMaterial === 'true' }], expectedVersion(parsed, ifMatch));
    return this.draft(user, id);
  }

  @Put('api/v2/recorder/speach/:id/chapters/:chapterId/content')
  @Roles('FORMATEUR', 'ADMIN')
  async content(
    @CurrentUser() user: Actor,
    @Param('id') id: string,
    @Param('chapterId') chapterId: string,
    @Body() body: ContentBody,
    @Headers('if-match') ifMatch?: string,
  ) {
    const { version, nonMaterial, ...content } = body;
    if (['VIDEO_UPLOAD', 'AUDIO_UPLOAD', 'PDF_UPLOAD'].includes(content.type)) {
      // A file reaches a chapter only through the upload call, which stores it first.
      throw new ValidationError('type', 'Upload the file with the file call');
    }
    await this.commands.setContent(user, id, chapterId, content as unknown as ChapterContent, expectedVersion(version, ifMatch), nonMaterial);
    return this.draft(user, id);
  }

  @Post('api/v2/recorder/speach/:id/chapters/:chapterId/file')
  @AcceptsUpload()
  @Roles('FORMATEUR', 'ADMIN')
  async upload(
    @CurrentUser() user: Actor,
    @Param('id') id: string,
    @Param('chapterId') chapterId: string,
    @Query() query: UploadQuery,
    @Req() request: FastifyRequest,
  ) {
    const mimeType = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!DECLARED[query.type].test(mimeType)) throw new ValidationError('file', `This file type (${mimeType || 'unknown'}) is refused for ${query.type}`);
    const name = uploadName(query.name);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.config.maxUploadBytes) throw new FileTooLargeError(this.config.maxUploadBytes);
    // Permission and state are checked before the bytes are read.
    const doc = await this.queries.document(id);
    const viewer = await this.queries.viewer(user);
    if (!isEditor(doc, viewer)) throw new ForbiddenError('You may not edit this speach.');
    const source = request.body;
    if (!(source instanceof Readable)) throw new ValidationError('file', 'Send the file as the request body');
    // Streamed to disk, stopped at the limit, and kept only when its magic bytes match the declared kind.
    const { blobId, size } = await this.blobs.putStream(source, { maxBytes: this.config.maxUploadBytes, check: (head) => checkMagicBytes(query.type, head) });
    const content = { type: query.type, file: { blobId, name, size, mimeType } } as ChapterContent;
    await this.commands.setContent(user, id, chapterId, content, query.version);
    return this.draft(user, id);
  }

  @Put('api/v2/recorder/speach/:id/visibility')
  @Roles('FORMATEUR', 'ADMIN')
  async visibility(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: VisibilityBody, @Headers('if-match') ifMatch?: string) {
    const accessCodeHash = await this.commands.hashAccessCode(body.accessCode);
    await this.commands.run(user, id, [{ type: 'ChangeVisibility', visibility: body.visibility, accessCodeHash }], expectedVersion(body.version, ifMatch));
    return this.card(user, id);
  }

  @Post('api/v2/recorder/speach/:id/publish')
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(200)
  async publish(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: PublishBody, @Headers('if-match') ifMatch?: string) {
    // Spec §4: while the validation workflow is on, an author publishes only through submission (the decider
    // refuses a direct publish by a non-administrator; spec §6 lets administrators publish directly).
    const workflowRequired = (await this.site.flags()).workflowEnabled;
    await this.commands.run(
      user,
      id,
      [{ type: 'Publish', at: body.at ?? null, now: this.commands.now(), workflowRequired, materialChange: body.materialChange === true }],
      expectedVersion(body.version, ifMatch),
    );
    return this.card(user, id);
  }

  @Post('api/v2/recorder/speach/:id/unpublish')
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(200)
  async unpublish(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: PublishBody, @Headers('if-match') ifMatch?: string) {
    await this.commands.run(user, id, [{ type: 'Unpublish' }], expectedVersion(body.version, ifMatch));
    return this.card(user, id);
  }

  @Put('api/v2/recorder/speach/:id/badge')
  @Roles('FORMATEUR', 'ADMIN')
  async badge(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: BadgeBody, @Headers('if-match') ifMatch?: string) {
    await this.commands.run(user, id, [{ type: 'ConfigureBadge', badge: body.badge }], expectedVersion(body.version, ifMatch));
    return this.card(user, id);
  }

  @Put('api/v2/recorder/speach/:id/pin')
  @Roles('ADMIN')
  async pin(@CurrentUser() user: Actor, @Param('id') id: string, @Body() body: PinBody) {
    await this.commands.pin(user, id, body.pinned);
    return this.card(user, id);
  }

  @Get('api/v2/speach/:id/versions')
  async versions(@CurrentUser() user: Actor, @Param('id') id: string) {
    return this.queries.versions(id, await this.queries.viewer(user));
  }

  @Get('api/v2/cours/:id/publishDetails')
  async publishDetails(@CurrentUser() user: Actor, @Param('id') id: string, @Query('accessCode') accessCode?: unknown) {
    const viewer = await this.queries.viewer(user);
    return this.queries.publishDetails(await this.access.readable(id, viewer, accessCodeOf(accessCode)), viewer);
  }
}
