import { Controller, Delete, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { BlobStore, FileTooLargeError } from '../infrastructure/blobs/blob-store';
import { ForbiddenError, ValidationError } from '../infrastructure/decider/decider';
import { AcceptsUpload } from '../infrastructure/http/csrf';
import { ReadModels } from '../infrastructure/read-models';
import { COVER_MAX_BYTES, cropFrom, makeCover } from './covers';
import { SpeachCommands } from './speach-commands.service';
import { SpeachQueries } from './speach-queries.service';
import { isEditor } from './speach-views';

const IMAGE_TYPE = /^image\/(jpeg|png|webp|gif)$/;

/**
 * The cover of a speach (issue 17): the editor uploads a picture with the 16:9 frame the author chose;
 * it is kept as three WebP sizes and shown on cards and the speach header through signed URLs.
 */
@Controller('api/v2/recorder/speach/:id/cover')
@Roles('FORMATEUR', 'ADMIN')
export class CoverController {
  constructor(
    private readonly commands: SpeachCommands,
    private readonly queries: SpeachQueries,
    private readonly blobs: BlobStore,
    private readonly readModels: ReadModels,
  ) {}

  @Post()
  @AcceptsUpload()
  async upload(@CurrentUser() user: Actor, @Param('id') id: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest) {
    const mimeType = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!IMAGE_TYPE.test(mimeType)) throw new ValidationError('file', `A cover is a JPEG, PNG, WebP or GIF picture, not ${mimeType || 'an unknown type'}`);
    const crop = cropFrom(query);
    const version = query.version === undefined ? undefined : Number(query.version);
    if (version !== undefined && !Number.isInteger(version)) throw new ValidationError('version', 'version must be the speach version');
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > COVER_MAX_BYTES) throw new FileTooLargeError(COVER_MAX_BYTES);
    // Permission before the bytes are read; the decider decides again on the append.
    const doc = await this.queries.document(id);
    if (!isEditor(doc, await this.queries.viewer(user))) throw new ForbiddenError('You may not edit this speach.');
    if (!(request.body instanceof Readable)) throw new ValidationError('file', 'Send the picture as the request body');
    const images = await makeCover(await readAtMost(request.body, COVER_MAX_BYTES), crop);
    const cover = {
      small: await this.blobs.put(images.small),
      medium: await this.blobs.put(images.medium),
      large: await this.blobs.put(images.large),
    };
    await this.commands.run(user, id, [{ type: 'SetCover', cover }], version);
    await this.readModels.settled();
    return this.queries.card(id, await this.queries.viewer(user));
  }

  /** Back to the generated cover (or the image URL, when one was given). */
  @Delete()
  @HttpCode(200)
  async remove(@CurrentUser() user: Actor, @Param('id') id: string) {
    await this.commands.run(user, id, [{ type: 'SetCover', cover: null }]);
    await this.readModels.settled();
    return this.queries.card(id, await this.queries.viewer(user));
  }
}

async function readAtMost(source: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > max) {
      source.destroy();
      throw new FileTooLargeError(max);
    }
    chunks.push(chunk as Buffer);
  }
  if (size === 0) throw new ValidationError('file', 'The picture is empty');
  return Buffer.concat(chunks);
}
