/** The media context's public face (issue 22): the MediaTools and SpeechSynthesizer ports, their tokens, the module. */
export { loadMediaConfig, type MediaConfig } from '../config/media-config';
export {
  MEDIA_TOOLS,
  MediaToolError,
  WEB_FORMATS,
  AUDIO_FORMATS,
  VOICE_OVER_MODES,
  type MediaTools,
  type MediaProbe,
  type MediaRunOptions,
  type TimeRange,
  type TimedClip,
  type PlacementReport,
  type WebFormat,
  type AudioFormat,
  type VoiceOverMode,
} from './tools/media-tools.port';
export {
  SPEECH_SYNTHESIZER,
  espeakVoice,
  type SpeechSynthesizer,
  type SpeechRequest,
  type SynthesizedSpeech,
  type SpeechEngine,
  type SpeechEngineInfo,
} from './speech/speech-synthesizer.port';
export { mediaJobDecider, SPEECH_TEXT_MAX } from './jobs/media-job.decider';
export { ProviderSynthesizer } from './speech/provider.synthesizer';
export { MediaJobWorker } from './jobs/media-job-worker';
export { FfmpegMediaTools } from './tools/ffmpeg-media-tools';
export { EspeakSynthesizer } from './speech/espeak.synthesizer';
/** The media jobs: other features (subtitles' voice-over) request speech tracks through MediaJobs; tests wait on the worker. */
export { MediaJobs, type Ready } from './jobs/media-jobs.service';
export { MediaModule, createMediaTools, createSpeechSynthesizer } from './media.module';
