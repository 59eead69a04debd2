import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { MediaConfig } from '../../config/media-config';
import {
  type AudioFormat,
  type MediaProbe,
  type MediaRunOptions,
  MediaToolError,
  type MediaTools,
  type PlacementReport,
  type TimeRange,
  type TimedClip,
  type VoiceOverMode,
  type WebFormat,
} from './media-tools.port';
import { planPlacement } from './clip-placement';
import { runTool } from './run-tool';

interface ProbeJson {
  format?: { duration?: string; size?: string; format_name?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    channels?: number;
    sample_rate?: string;
    duration?: string;
  }[];
}

function rate(fraction: string | undefined): number {
  const [n, d] = (fraction ?? '0/1').split('/').map(Number);
  return d ? Math.round((n / d) * 1000) / 1000 : 0;
}

/** Encoder settings per web format: quality-based, fast presets (the server encodes while the author waits). */
const VIDEO_CODEC: Record<WebFormat, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
  webm: ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '35', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-pix_fmt', 'yuv420p'],
};
const AUDIO_CODEC: Record<WebFormat, string[]> = {
  mp4: ['-c:a', 'aac', '-b:a', '128k'],
  webm: ['-c:a', 'libopus', '-b:a', '96k'],
};
const CONTAINER: Record<WebFormat, string[]> = {
  mp4: ['-movflags', '+faststart', '-f', 'mp4'],
  webm: ['-f', 'webm'],
};
const AUDIO_OUTPUT: Record<AudioFormat, string[]> = {
  m4a: ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod'],
  webm: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'webm'],
  mp3: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'],
};
/** H.264 needs even dimensions; odd-sized phone recordings are padded down by one pixel. */
const EVEN_SIZE = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';

/** The format a file path asks for: `.webm` → WebM, anything else MP4. */
export const formatOf = (path: string): WebFormat => (extname(path).toLowerCase() === '.webm' ? 'webm' : 'mp4');

/** MediaTools on Debian's ffmpeg and ffprobe, one child process per operation. */
export class FfmpegMediaTools implements MediaTools {
  /** A job probes its source before each step: the answer is kept while the file is unchanged (path, size, mtime). */
  private readonly probes = new Map<string, MediaProbe>();

  constructor(private readonly config: Pick<MediaConfig, 'ffmpegPath' | 'ffprobePath' | 'toolTimeoutMs'>) {}

  async probe(input: string): Promise<MediaProbe> {
    const file = await stat(input).catch(() => null);
    const key = file ? `${input}\n${file.size}\n${file.mtimeMs}` : null;
    const known = key ? this.probes.get(key) : undefined;
    if (known) return known;
    const probe = await this.runProbe(input);
    if (key) {
      if (this.probes.size >= 64) this.probes.delete(this.probes.keys().next().value as string);
      this.probes.set(key, probe);
    }
    return probe;
  }

  private async runProbe(input: string): Promise<MediaProbe> {
    const json = await runTool(this.config.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input], {
      captureStdout: true,
      timeoutMs: Math.min(this.config.toolTimeoutMs, 60_000),
    });
    const parsed = JSON.parse(json) as ProbeJson;
    const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg' && s.codec_name !== 'png');
    const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
    if (!video && !audio) throw new MediaToolError('This file has neither picture nor sound that ffmpeg can read');
    // A MediaRecorder WebM carries no duration in its header: 0 then means "unknown", and the file still plays.
    const duration = Number(parsed.format?.duration ?? video?.duration ?? audio?.duration ?? NaN);
    const durationSeconds = Number.isFinite(duration) ? duration : 0;
    return {
      durationSeconds,
      sizeBytes: Number(parsed.format?.size ?? 0),
      formatName: parsed.format?.format_name ?? '',
      video: video ? { codec: video.codec_name ?? '', width: video.width ?? 0, height: video.height ?? 0, fps: rate(video.avg_frame_rate) } : null,
      audio: audio ? { codec: audio.codec_name ?? '', channels: audio.channels ?? 0, sampleRate: Number(audio.sample_rate ?? 0) } : null,
    };
  }

  async transcode(input: string, output: string, format: WebFormat, options: MediaRunOptions = {}): Promise<void> {
    const probe = await this.probe(input);
    const args = ['-i', input, '-map', '0:v:0?', '-map', '0:a:0?'];
    if (probe.video) args.push('-vf', EVEN_SIZE, ...VIDEO_CODEC[format]);
    if (probe.audio) args.push(...AUDIO_CODEC[format]);
    await this.ffmpeg(args, CONTAINER[format], output, probe.durationSeconds, options);
  }

  async frame(input: string, output: string, at: { atSeconds: number; width: number }, options: MediaRunOptions = {}): Promise<void> {
    const probe = await this.probe(input);
    if (!probe.video) throw new MediaToolError('This file has no picture to take a frame from');
    const seconds = Math.max(0, Math.min(at.atSeconds, probe.durationSeconds - 0.1));
    await this.ffmpeg(
      ['-ss', seconds.toFixed(3), '-i', input, '-frames:v', '1', '-vf', `scale=${Math.round(at.width)}:-2`, '-q:v', '3'],
      ['-f', 'mjpeg'],
      output,
      0,
      options,
    );
  }

  async cut(input: string, output: string, keep: TimeRange[], options: MediaRunOptions = {}): Promise<void> {
    const probe = await this.probe(input);
    const ranges = keep
      .map((r) => ({ start: Math.max(0, r.start), end: probe.durationSeconds > 0 ? Math.min(probe.durationSeconds, r.end) : r.end }))
      .filter((r) => r.end > r.start);
    if (ranges.length === 0) throw new MediaToolError('Nothing would be kept: every range is empty or outside the media');
    const format = formatOf(output);
    const parts: string[] = [];
    const joined: string[] = [];
    ranges.forEach((r, i) => {
      if (probe.video) {
        parts.push(`[0:v:0]trim=start=${r.start}:end=${r.end},setpts=PTS-STARTPTS[v${i}]`);
        joined.push(`[v${i}]`);
      }
      if (probe.audio) {
        parts.push(`[0:a:0]atrim=start=${r.start}:end=${r.end},asetpts=PTS-STARTPTS[a${i}]`);
        joined.push(`[a${i}]`);
      }
    });
    const v = probe.video ? 1 : 0;
    const a = probe.audio ? 1 : 0;
    const outs = `${v ? '[v]' : ''}${a ? '[a]' : ''}`;
    const graph = `${parts.join(';')};${joined.join('')}concat=n=${ranges.length}:v=${v}:a=${a}${outs}`;
    const args = ['-i', input, '-filter_complex', graph];
    if (v) args.push('-map', '[v]', ...VIDEO_CODEC[format]);
    if (a) args.push('-map', '[a]', ...AUDIO_CODEC[format]);
    const total = ranges.reduce((sum, r) => sum + r.end - r.start, 0);
    await this.ffmpeg(args, CONTAINER[format], output, total, options);
  }

  async mixVoiceOver(video: string, voice: string, output: string, mode: VoiceOverMode, options: MediaRunOptions = {}): Promise<void> {
    const [picture, spoken] = await Promise.all([this.probe(video), this.probe(voice)]);
    if (!picture.video) throw new MediaToolError('The chapter file has no picture to put a voice-over on');
    if (!spoken.audio) throw new MediaToolError('The voice-over recording has no sound');
    const format = formatOf(output);
    // The voice is padded with silence (a short take) and the result cut at the video's end (a long one).
    const graph =
      mode === 'duck' && picture.audio
        ? '[1:a:0]apad,asplit=2[sc][vo];[0:a:0][sc]sidechaincompress=threshold=0.02:ratio=10:attack=20:release=400[bg];[bg][vo]amix=inputs=2:duration=first:normalize=0[a]'
        : '[1:a:0]apad[a]';
    const keepsCodec = (format === 'mp4' && picture.video.codec === 'h264') || (format === 'webm' && ['vp8', 'vp9'].includes(picture.video.codec));
    const args = ['-i', video, '-i', voice, '-filter_complex', graph, '-map', '0:v:0', '-map', '[a]'];
    args.push(...(keepsCodec ? ['-c:v', 'copy'] : ['-vf', EVEN_SIZE, ...VIDEO_CODEC[format]]), ...AUDIO_CODEC[format]);
    // The padded voice never ends, so the picture's end is the result's: its known length, or else the shortest stream.
    args.push(...(picture.durationSeconds > 0 ? ['-t', picture.durationSeconds.toFixed(3)] : ['-shortest']));
    await this.ffmpeg(args, CONTAINER[format], output, picture.durationSeconds, options);
  }

  async extractAudio(input: string, output: string, format: AudioFormat, options: MediaRunOptions = {}): Promise<void> {
    const probe = await this.probe(input);
    if (!probe.audio) throw new MediaToolError('This file has no sound to extract');
    await this.ffmpeg(['-i', input, '-vn', '-map', '0:a:0'], AUDIO_OUTPUT[format], output, probe.durationSeconds, options);
  }

  async place(clips: TimedClip[], output: string, format: AudioFormat, options: MediaRunOptions = {}): Promise<PlacementReport> {
    if (clips.length === 0) throw new MediaToolError('Nothing to place');
    const probes = await Promise.all(clips.map((clip) => this.probe(clip.input)));
    probes.forEach((probe, i) => {
      if (!probe.audio) throw new MediaToolError(`Clip ${i + 1} has no sound`);
    });
    const plan = planPlacement(clips.map((clip, i) => ({ start: clip.start, end: clip.end, durationSeconds: probes[i].durationSeconds })));
    // Each clip becomes one PCM piece (leading silence for the first, the clip at its tempo, silence up to the next
    // clip), so one concat of same-format files lays them end to end: no filter graph with thousands of inputs.
    const work = await mkdtemp(join(dirname(output), '.place-'));
    try {
      const pieces: string[] = [];
      for (const [n, placement] of plan.placements.entries()) {
        const lead = n === 0 ? placement.at : 0;
        const length = lead + placement.length;
        if (length < 0.001) continue;
        const filters = ['aresample=48000', 'aformat=sample_fmts=s16:channel_layouts=mono'];
        if (placement.tempo !== 1) filters.push(`atempo=${placement.tempo}`);
        if (lead > 0) filters.push(`adelay=${Math.round(lead * 1000)}:all=1`);
        filters.push('apad');
        const piece = join(work, `piece-${n}.wav`);
        await this.ffmpeg(
          ['-i', clips[placement.index].input, '-vn', '-af', filters.join(','), '-t', length.toFixed(3)],
          ['-c:a', 'pcm_s16le', '-f', 'wav'],
          piece,
          0,
          {
            signal: options.signal,
            timeoutMs: options.timeoutMs,
          },
        );
        pieces.push(piece);
        options.onProgress?.(((n + 1) / plan.placements.length) * 0.5);
      }
      const list = join(work, 'pieces.txt');
      await writeFile(list, pieces.map((piece) => `file '${piece.replace(/'/g, "'\\''")}'`).join('\n'), 'utf8');
      await this.ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-vn'], AUDIO_OUTPUT[format], output, plan.durationSeconds, {
        ...options,
        onProgress: options.onProgress && ((f) => options.onProgress!(0.5 + f * 0.5)),
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return { durationSeconds: plan.durationSeconds, overruns: plan.overruns, maxDelaySeconds: plan.maxDelaySeconds };
  }

  async concat(inputs: string[], output: string, options: MediaRunOptions = {}): Promise<void> {
    if (inputs.length === 0) throw new MediaToolError('Nothing to join');
    const probes = await Promise.all(inputs.map((input) => this.probe(input)));
    const first = probes.find((p) => p.video)?.video;
    if (!first) throw new MediaToolError('None of the files has a picture');
    // Even sizes (H.264); every part fitted into the first picture's frame at one frame rate, so concat accepts them.
    const width = Math.max(2, first.width - (first.width % 2));
    const height = Math.max(2, first.height - (first.height % 2));
    const fps = Math.min(60, Math.max(1, Math.round(first.fps) || 25));
    const parts: string[] = [];
    const joined: string[] = [];
    probes.forEach((probe, i) => {
      if (!probe.video) throw new MediaToolError(`File ${i + 1} has no picture`);
      parts.push(
        `[${i}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p[v${i}]`,
      );
      parts.push(
        probe.audio
          ? `[${i}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`
          : `anullsrc=r=48000:cl=stereo,atrim=duration=${Math.max(0.04, probe.durationSeconds).toFixed(3)},aformat=sample_fmts=fltp[a${i}]`,
      );
      joined.push(`[v${i}][a${i}]`);
    });
    const format = formatOf(output);
    const graph = `${parts.join(';')};${joined.join('')}concat=n=${inputs.length}:v=1:a=1[v][a]`;
    const args = [
      ...inputs.flatMap((input) => ['-i', input]),
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-map',
      '[a]',
      ...VIDEO_CODEC[format],
      ...AUDIO_CODEC[format],
    ];
    const total = probes.reduce((sum, p) => sum + p.durationSeconds, 0);
    await this.ffmpeg(args, CONTAINER[format], output, total, options);
  }

  /** One ffmpeg run into `output.partial`, renamed on success and removed on failure. */
  private async ffmpeg(args: string[], container: string[], output: string, totalSeconds: number, options: MediaRunOptions): Promise<void> {
    const partial = `${output}.partial`;
    try {
      await runTool(
        this.config.ffmpegPath,
        ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-progress', 'pipe:1', '-nostats', ...args, ...container, partial],
        {
          totalSeconds,
          onProgress: options.onProgress,
          signal: options.signal,
          timeoutMs: options.timeoutMs ?? this.config.toolTimeoutMs,
        },
      );
      await rename(partial, output);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
}
