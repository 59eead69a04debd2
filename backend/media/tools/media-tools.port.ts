/** What ffprobe tells about a media file. */
export interface MediaProbe {
  durationSeconds: number;
  sizeBytes: number;
  /** ffprobe's container names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  video: { codec: string; width: number; height: number; fps: number } | null;
  audio: { codec: string; channels: number; sampleRate: number } | null;
}

/** The web renditions every browser plays: H.264/AAC MP4 (with `+faststart`) and WebM VP9/Opus. */
export const WEB_FORMATS = ['mp4', 'webm'] as const;
export type WebFormat = (typeof WEB_FORMATS)[number];

/** Audio files the pipeline writes: AAC in MP4 (m4a), Opus in WebM, or MP3. */
export const AUDIO_FORMATS = ['m4a', 'webm', 'mp3'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export interface MediaRunOptions {
  /** Called with the fraction done (0..1), parsed from ffmpeg's `-progress pipe:1`. */
  onProgress?: (fraction: number) => void;
  /** Stops the tool (the output is then removed). */
  signal?: AbortSignal;
  /** Overrides the configured per-run timeout. */
  timeoutMs?: number;
}

/** A time range in seconds, `end` excluded. */
export interface TimeRange {
  start: number;
  end: number;
}

/** A sound to be heard from `start` and, ideally, to be over by `end` (seconds): a spoken subtitle cue. */
export interface TimedClip extends TimeRange {
  input: string;
}

/** What placing clips did: the result's length, and the clips that did not fit their slot even sped up. */
export interface PlacementReport {
  durationSeconds: number;
  overruns: number;
  /** The most a clip was heard after its start, pushed back by a previous overrun. */
  maxDelaySeconds: number;
}

/**
 * How a voice-over joins a video: `replace` drops the original sound, `duck` keeps it lowered under the voice.
 * Either way the result lasts as long as the video.
 */
export const VOICE_OVER_MODES = ['replace', 'duck'] as const;
export type VoiceOverMode = (typeof VOICE_OVER_MODES)[number];

/**
 * The media pipeline (issue 22). Every method reads and writes files on disk (paths), so large media stream
 * through the tool and never sit whole in memory. An output is written to a temporary name and renamed when
 * complete, so a reader never sees half a file.
 */
export interface MediaTools {
  probe(input: string): Promise<MediaProbe>;
  transcode(input: string, output: string, format: WebFormat, options?: MediaRunOptions): Promise<void>;
  /** A JPEG frame at `atSeconds` (clamped into the media), scaled to `width` keeping the ratio. */
  frame(input: string, output: string, at: { atSeconds: number; width: number }, options?: MediaRunOptions): Promise<void>;
  /** Keeps only the given ranges, in order, joined (cut and trim are both this). */
  cut(input: string, output: string, keep: TimeRange[], options?: MediaRunOptions): Promise<void>;
  /** Mixes `voice` onto `video`'s picture; the result is an MP4 (or WebM when `output` ends in .webm) as long as the video. */
  mixVoiceOver(video: string, voice: string, output: string, mode: VoiceOverMode, options?: MediaRunOptions): Promise<void>;
  extractAudio(input: string, output: string, format: AudioFormat, options?: MediaRunOptions): Promise<void>;
  /**
   * One audio track with each clip heard from its start and silence between (clip-placement.ts: a clip longer
   * than its slot is sped up to at most 1.5×, then overruns and pushes the next clips back). The result lasts at
   * least until the last clip's `end`.
   */
  place(clips: TimedClip[], output: string, format: AudioFormat, options?: MediaRunOptions): Promise<PlacementReport>;
  /**
   * The inputs one after the other, as an MP4 (or WebM) of the first picture's size (each fitted, letterboxed);
   * an input without sound is silent for its length.
   */
  concat(inputs: string[], output: string, options?: MediaRunOptions): Promise<void>;
}

/** Injection token of the MediaTools port. */
export const MEDIA_TOOLS = Symbol('MediaTools');

/** A tool the pipeline needs is not installed, or ran and failed: the message says which and why. */
export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaToolError';
  }
}
