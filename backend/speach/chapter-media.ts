import { MEDIA_RENDITIONS, type MediaRenditionsDocument } from '../../projections/media.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import type { ChapterView, FileUrl } from './speach-views';

/** What the player gets beside an uploaded video or audio (issue 22): its web renditions, poster and duration. */
export interface ChapterMediaView {
  status: MediaRenditionsDocument['status'];
  percent: number;
  durationSeconds: number | null;
  poster: string | null;
  /** Best first: MP4 (H.264/AAC), WebM (VP9/Opus), then the sound alone (M4A). */
  renditions: { format: 'mp4' | 'webm' | 'audio'; mimeType: string; url: string }[];
}

function fileViews(views: ChapterView[], out: ChapterView[] = []): ChapterView[] {
  for (const view of views) {
    if (view.content.type === 'VIDEO_UPLOAD' || view.content.type === 'AUDIO_UPLOAD') out.push(view);
    fileViews(view.children, out);
  }
  return out;
}

/** Adds `content.media` to the video and audio chapters whose files the media pipeline has seen (keeps every other field). */
export async function withChapterMedia(store: ReadStore, views: ChapterView[], url: FileUrl): Promise<ChapterView[]> {
  const withFiles = fileViews(views);
  if (withFiles.length === 0) return views;
  const blobIds = withFiles.map((v) => (v.content as { file: { blobId: string } }).file.blobId);
  const found = new Map((await store.collection<MediaRenditionsDocument>(MEDIA_RENDITIONS).findByIds([...new Set(blobIds)])).map((d) => [d._id, d]));
  for (const view of withFiles) {
    const doc = found.get((view.content as { file: { blobId: string } }).file.blobId);
    if (!doc) continue;
    const poster = doc.outputs.find((o) => o.role === 'poster');
    const media: ChapterMediaView = {
      status: doc.status,
      percent: doc.percent,
      durationSeconds: doc.durationSeconds,
      poster: poster ? url(poster) : null,
      renditions: doc.outputs
        .filter((o) => o.role !== 'poster')
        .map((o) => ({ format: o.role as 'mp4' | 'webm' | 'audio', mimeType: o.mimeType, url: url(o) })),
    };
    (view.content as unknown as { media: ChapterMediaView }).media = media;
  }
  return views;
}
