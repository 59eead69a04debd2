import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SpeachDocument } from '../../projections/speaches.projection';
import { CurrentUser, Public } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { BlobStore } from '../infrastructure/blobs/blob-store';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { FileUrls } from './file-urls';
import { SpeachAccess } from './speach-access';
import { SpeachQueries } from './speach-queries.service';
import { type Viewer, fileIds, isEditor, liveVersion } from './speach-views';
import { readingOrder } from '../../projections/speaches.projection';

interface FileQuery {
  speach?: unknown;
  type?: unknown;
  expires?: unknown;
  sig?: unknown;
}

/**
 * A chapter's file, only to those who may read the speach holding it (issue #16 item 2): a URL signed
 * for them when the speach was read (media elements send no bearer token), or their session. A blob
 * is content-addressed and may sit in several speaches, so the URL names the speach it is read through.
 */
@Controller()
export class FilesController {
  constructor(
    private readonly blobs: BlobStore,
    private readonly urls: FileUrls,
    private readonly access: SpeachAccess,
    private readonly queries: SpeachQueries,
  ) {}

  @Get('blob/:blobId')
  @Public()
  async blob(
    @Param('blobId') blobId: string,
    @Query() query: FileQuery,
    @CurrentUser() user: Actor | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (typeof query.speach !== 'string' || !query.speach) throw new ValidationError('speach', 'speach must name the speach the file is read in');
    const doc = await this.queries.document(query.speach);
    if (!this.urls.verify(blobId, doc._id, query.expires, query.sig)) {
      if (!user) throw new DomainError('This link has expired: open the speach again.', 401);
      const viewer = await this.queries.viewer(user);
      await this.access.assertCanRead(viewer, doc);
      if (!(await this.holds(doc, viewer, blobId))) throw new NotFoundError('Unknown file');
    }
    const blob = await this.blobs.get(blobId);
    if (!blob) throw new NotFoundError('Unknown file');
    const type = String(query.type ?? '');
    // Only the types uploads accept are echoed back; anything else is served as opaque bytes.
    void reply
      .type(/^(video|audio)\/[\w.+-]+$|^image\/(webp|jpeg)$|^application\/pdf$/.test(type) ? type : 'application/octet-stream')
      .header('x-content-type-options', 'nosniff');
    // Private: a shared cache must never keep a file whose readers are chosen per user.
    void reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600');
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, blob.size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), blob.size - 1) : blob.size - 1;
      if (start > end || start >= blob.size) return reply.status(416).header('content-range', `bytes */${blob.size}`).send();
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${blob.size}`)
        .header('content-length', end - start + 1)
        .send(blob.open({ start, end }));
    }
    return reply.header('content-length', blob.size).send(blob.open());
  }

  /** Readers reach the live version's files; editors also the draft's and every version's. */
  private async holds(doc: SpeachDocument, viewer: Viewer, blobId: string): Promise<boolean> {
    const live = liveVersion(doc, viewer.now);
    // The cover is shown wherever the card is: anyone who may read the speach may see it.
    if (doc.cover && [doc.cover.small, doc.cover.medium, doc.cover.large].includes(blobId)) return true;
    const editor = isEditor(doc, viewer);
    if (editor && fileIds(readingOrder(doc.draft)).has(blobId)) return true;
    const versions = editor ? doc.versions.map((v) => v.version) : live ? [live.version] : [];
    for (const version of versions) {
      const chapters = (await this.queries.version(doc._id, version))?.chapters ?? [];
      if (fileIds(chapters).has(blobId)) return true;
    }
    return false;
  }
}
