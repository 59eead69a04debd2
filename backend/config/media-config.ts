type Env = Record<string, string | undefined>;

/** The media pipeline's settings (README "Media" rows; docs/media.md). */
export interface MediaConfig {
  ffmpegPath: string;
  ffprobePath: string;
  espeakPath: string;
  /** Longest one tool run may take before it is stopped. */
  toolTimeoutMs: number;
  /** Media jobs run at once by this process (each ffmpeg run uses its own threads). */
  concurrency: number;
  /** Largest chapter media or voice recording accepted. */
  maxUploadBytes: number;
  /** The provider's speech model and voice (only with AI_BASE_URL). */
  speechModel: string;
  speechVoice: string;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadMediaConfig(env: Env): MediaConfig {
  return {
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    espeakPath: env.ESPEAK_PATH || 'espeak-ng',
    toolTimeoutMs: positiveInteger(env, 'MEDIA_TOOL_TIMEOUT_MS', 30 * 60_000),
    concurrency: positiveInteger(env, 'MEDIA_JOB_CONCURRENCY', 1),
    maxUploadBytes: positiveInteger(env, 'MEDIA_MAX_UPLOAD_BYTES', 2 * 1024 * 1024 * 1024),
    speechModel: env.AI_MODEL_SPEECH || 'tts-1',
    speechVoice: env.AI_SPEECH_VOICE || 'alloy',
  };
}
