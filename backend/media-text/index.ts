/** The media-text context's public face (issue 22): subtitles, transcripts, version videos, AI avatar time. */
export { type MediaTextConfig, loadMediaTextConfig } from '../config/media-text-config';
export { Subtitles } from './subtitles.service';
export { Transcripts } from './transcripts/transcripts.service';
export { MediaTextModule } from './media-text.module';
