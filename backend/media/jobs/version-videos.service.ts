import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type ChapterContent, type MediaFile, mediaJobStream, uuidv7 } from '../../../events';
import { MEDIA_JOBS, type MediaJobDocument } from '../../../projections/media.projection';
import type { Actor } from '../../infrastructure/http/actor';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import { ReadModels } from '../../infrastructure/read-models';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { FileUrls, SpeachAccess, SpeachQueries, isEditor } from '../../speach';
import { mediaJobDecider } from './media-job.decider';
import type { VersionVideo } from '../media.view';

export type { VersionVideo } from '../media.view';

/** A version's log id as the versions page lists it: `{speachId}:{version}`. */
const LOG_ID = /^([\w-]{1,64}):(\d{1,6})$/;

/**
 * `GET /versioning/logs/{logId}/video?before` (spec §7): the video of a published version, its video chapters
 * joined in reading order by a CONCAT media job. The job is keyed by the version's files, so asking again (the
 * page polls every 15 s) answers the same job, and two versions holding the same files share one download.
 */
@Injectable()
export class VersionVideos {
  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly urls: FileUrls,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async video(user: Actor, logId: string, before: unknown): Promise<VersionVideo> {
    const previous = this.flag(before);
    const match = LOG_ID.exec(logId);
    if (!match) throw new NotFoundError('Unknown version');
    const [, speachId, number] = match;
    const doc = await this.queries.document(speachId).catch((error: unknown) => {
      throw error instanceof DomainError && error.status === 404 ? new NotFoundError('Unknown version') : error;
    });
    const viewer = await this.queries.viewer(user);
    if (!isEditor(doc, viewer)) {
      if (!(await this.access.canRead(viewer, doc))) throw new NotFoundError('Unknown version');
      throw new ForbiddenError('Only the editors of this speach download its versions.');
    }
    // `before`: the version this one replaced, i.e. the speach as it was before that publication.
    const wanted = Number(number) - (previous ? 1 : 0);
    const version = wanted >= 1 && doc.versions.some((v) => v.version === Number(number)) ? await this.queries.version(speachId, wanted) : null;
    if (!version) throw new NotFoundError(previous ? 'No version before this one' : 'Unknown version');
    const files = version.chapters
      .map((n) => n.content as ChapterContent)
      .filter((c): c is Extract<ChapterContent, { file: unknown }> => c?.type === 'VIDEO_UPLOAD' && !!(c as { file?: unknown }).file)
      .map(({ file }): MediaFile => ({ blobId: file.blobId, mimeType: file.mimeType, size: file.size }));
    if (files.length === 0) throw new NotFoundError('This version has no video');
    const key = `version-video:${createHash('sha256')
      .update(files.map((f) => f.blobId).join(','))
      .digest('hex')}`;
    const [known] = await this.store
      .collection<MediaJobDocument>(MEDIA_JOBS)
      .find({ key, status: { $in: ['done', 'pending'] } }, { sort: { requestedAt: -1 }, limit: 1 });
    if (known?.status === 'done') return { status: 'READY', url: this.urls.url(speachId, known.outputs[0]) };
    if (known) return { status: 'PREPARING' };
    const chapterId = version.chapters.find((n) => (n.content as ChapterContent)?.type === 'VIDEO_UPLOAD')!.chapterId;
    const jobId = uuidv7();
    await this.commands.run(mediaJobDecider, mediaJobStream(jobId), {
      type: 'RequestMediaJob',
      jobId,
      kind: 'CONCAT',
      speachId,
      chapterId,
      requestedBy: user.id,
      inputs: files,
      mode: null,
      speech: null,
      trackKey: null,
      key,
    });
    await this.readModels.settled();
    return { status: 'PREPARING' };
  }

  private flag(value: unknown): boolean {
    if (value === undefined || value === 'false' || value === '0') return false;
    if (value === '' || value === 'true' || value === '1') return true;
    throw new ValidationError('before', 'before must be true or false');
  }
}
