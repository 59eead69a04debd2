import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SpeachModule } from '../speach';
import { MediaController } from './http/media.controller';
import { MediaJobWorker } from './jobs/media-job-worker';
import { MediaChapters } from './jobs/media-chapters.service';
import { MediaCuts } from './jobs/media-cuts.service';
import { MediaJobs } from './jobs/media-jobs.service';
import { MediaTracks } from './jobs/media-tracks.service';
import { MediaPipelinePolicy } from './jobs/media-pipeline.policy';
import { VersionVideos } from './jobs/version-videos.service';
import { EspeakSynthesizer } from './speech/espeak.synthesizer';
import { ProviderSynthesizer } from './speech/provider.synthesizer';
import { SPEECH_SYNTHESIZER, type SpeechSynthesizer } from './speech/speech-synthesizer.port';
import { FfmpegMediaTools } from './tools/ffmpeg-media-tools';
import { MEDIA_TOOLS, type MediaTools } from './tools/media-tools.port';

export function createMediaTools(config: AppConfig): MediaTools {
  return new FfmpegMediaTools(config.media);
}

/** The AI provider's speech endpoint when AI_BASE_URL is set (same provider settings as issue 21), else espeak-ng. */
export function createSpeechSynthesizer(config: AppConfig): SpeechSynthesizer {
  const { ai, media } = config;
  if (!ai.baseUrl) return new EspeakSynthesizer(media);
  return new ProviderSynthesizer({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: media.speechModel, voice: media.speechVoice, timeoutMs: ai.timeoutMs });
}

/** The media pipeline (issue 22): ffmpeg tools, text to speech, media jobs and the voice-over calls. */
@Module({
  imports: [SpeachModule],
  controllers: [MediaController],
  providers: [
    { provide: MEDIA_TOOLS, useFactory: createMediaTools, inject: [APP_CONFIG] },
    { provide: SPEECH_SYNTHESIZER, useFactory: createSpeechSynthesizer, inject: [APP_CONFIG] },
    MediaJobWorker,
    MediaJobs,
    MediaCuts,
    MediaChapters,
    MediaTracks,
    MediaPipelinePolicy,
    VersionVideos,
  ],
  exports: [MEDIA_TOOLS, SPEECH_SYNTHESIZER, MediaJobs, MediaJobWorker],
})
export class MediaModule {}
