import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_RENDITIONS, MEDIA_TRACKS, type MediaRenditionsDocument, type MediaTrackDocument, trackId } from '../../../projections/media.projection';
import type { Actor } from '../../infrastructure/http/actor';
import { NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { FileUrls } from '../../speach';
import { type FileContent, MediaChapters } from './media-chapters.service';
import type { Ready } from './media-jobs.service';

/** What a reader plays: a chapter's audio tracks, made by the transcode and the subtitle voices. */
@Injectable()
export class MediaTracks {
  constructor(
    private readonly chapters: MediaChapters,
    private readonly urls: FileUrls,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /**
   * `GET /api/v2/chapter/audio-track/{chapterId}/{subtitleId?}`: without a subtitle, the sound of the chapter's
   * file (a transcode output); with one, the voice made from that subtitle language.
   */
  async audioTrack(user: Actor, chapterId: string, subtitleId: string | undefined, accessCode?: string): Promise<Ready> {
    const chapter = await this.chapters.readable(user, chapterId, accessCode);
    if (subtitleId !== undefined) {
      if (!/^[\w-]{1,64}$/.test(subtitleId)) throw new ValidationError('subtitleId', 'subtitleId must be an id');
      const track = await this.store.collection<MediaTrackDocument>(MEDIA_TRACKS).findById(trackId(chapterId, subtitleId));
      if (!track || track.status === 'failed') throw new NotFoundError('This chapter has no audio track for this subtitle');
      if (track.status === 'pending' || !track.output) return { status: 202, body: { jobID: track.jobId } };
      return { status: 200, body: { url: this.urls.url(chapter.doc._id, track.output) } };
    }
    if (chapter.content.type !== 'VIDEO_UPLOAD' && chapter.content.type !== 'AUDIO_UPLOAD') throw new NotFoundError('This chapter has no audio track');
    const renditions = await this.store.collection<MediaRenditionsDocument>(MEDIA_RENDITIONS).findById((chapter.content as FileContent).file.blobId);
    if (!renditions || renditions.status === 'FAILED') throw new NotFoundError('This chapter has no audio track');
    if (renditions.status === 'TRANSCODING') return { status: 202, body: { jobID: renditions.jobId } };
    const audio = renditions.outputs.find((o) => o.role === 'audio');
    if (!audio) throw new NotFoundError('This chapter has no sound');
    return { status: 200, body: { url: this.urls.url(chapter.doc._id, audio) } };
  }
}
