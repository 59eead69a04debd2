import { Inject, Injectable } from '@nestjs/common';
import { type ChapterContent, type MediaFile, mediaJobStream } from '../../../events';
import { VIDEO_EDITS, type VideoEditDocument } from '../../../projections/video-edits.projection';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { SpeachQueries, readingOrder } from '../../speach';
import { mediaJobDecider } from './media-job.decider';
import type { FileContent } from './media-chapters.service';

/** The video editor's cuts as media jobs: which file a cut applies to, and the one job request that cuts it. */
@Injectable()
export class MediaCuts {
  constructor(
    private readonly commands: CommandRunner,
    private readonly queries: SpeachQueries,
    private readonly blobs: BlobStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /**
   * The policy's cut of a chapter's file (its job id derived from the editor's cut event): the draft's current
   * video or audio, the kept ranges. Nothing to cut (the chapter lost its file or was removed) asks for nothing.
   */
  async requestCut(
    jobId: string,
    speachId: string,
    chapterId: string,
    cut: { cutId: string; keep: { start: number; end: number }[] },
    requestedBy: string,
  ): Promise<void> {
    const doc = await this.queries.document(speachId);
    const node = readingOrder(doc.draft).find((n) => n.chapterId === chapterId);
    const content = node?.content as ChapterContent | undefined;
    const source = content ? await this.cutSource(chapterId, content) : null;
    if (!source) return;
    const { blobId, mimeType, size } = source;
    await this.commands.run(mediaJobDecider, mediaJobStream(jobId), {
      type: 'RequestMediaJob',
      jobId,
      kind: 'CUT',
      speachId,
      chapterId,
      requestedBy,
      inputs: [{ blobId, mimeType, size }],
      mode: null,
      speech: null,
      trackKey: null,
      key: null,
      keep: cut.keep,
      cutId: cut.cutId,
    });
  }

  /**
   * What a cut applies to: the chapter's uploaded file, or else the video the editor registered for it (spec weet:
   * a chapter still without a file whose video the editor made), which the cut then makes the chapter's file.
   */
  private async cutSource(chapterId: string, content: ChapterContent): Promise<MediaFile | null> {
    if ((content.type === 'VIDEO_UPLOAD' || content.type === 'AUDIO_UPLOAD') && (content as FileContent).file) return (content as FileContent).file;
    if (content.type !== 'NONE') return null;
    const weetId = (await this.store.collection<VideoEditDocument>(VIDEO_EDITS).findById(chapterId))?.weetId;
    const blob = weetId ? await this.blobs.get(weetId) : null;
    return weetId && blob ? { blobId: weetId, mimeType: 'video/mp4', size: blob.size } : null;
  }
}
