import { Platform } from '../../infrastructure/infrastructure.module';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type MediaFile,
  type MediaJobEvent,
  type MediaJobRequested,
  type MediaOutput,
  type MediaOutputRole,
  SYSTEM_USER_ID,
  type SpeechCue,
  mediaJobStream,
  upcast,
} from '../../../events';
import { MEDIA_JOBS, type MediaJobDocument } from '../../../projections/media.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError, fold } from '../../infrastructure/decider/decider';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import { deterministicId } from '../../infrastructure/policies/policy';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { EVENT_STORE, READ_STORE } from '../../infrastructure/tokens';
import { SPEECH_SYNTHESIZER, type SpeechSynthesizer } from '../speech/speech-synthesizer.port';
import { MEDIA_TOOLS, type MediaTools, type TimedClip } from '../tools/media-tools.port';
import { type MediaJobCommand, mediaJobDecider } from './media-job.decider';

type Job = MediaJobRequested['data'];
type Outcome = { outputs: MediaOutput[]; durationSeconds: number | null; engine: string | null };

const MIME: Record<MediaOutputRole, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  audio: 'audio/mp4',
  poster: 'image/jpeg',
  mixed: 'video/mp4',
  speech: 'audio/mp4',
  cut: 'video/mp4',
  joined: 'video/mp4',
};

/**
 * Runs the media jobs outside the requests that asked for them, a few at a time (MEDIA_JOB_CONCURRENCY).
 * A job is its stream: requested, progress, then one outcome. The worker reads the stream (never behind), works
 * on temporary files (blobs stream in and out, never whole in memory), and a job still running when the
 * process stopped is still pending in `media_jobs`, so it runs again at the next start.
 */
@Injectable()
export class MediaJobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MediaJobs');
  private readonly queue: string[] = [];
  private readonly running = new Map<string, AbortController>();
  private idleWaiters: (() => void)[] = [];
  private stopping = false;

  constructor(
    private readonly commands: CommandRunner,
    private readonly blobs: BlobStore,
    @Inject(MEDIA_TOOLS) private readonly tools: MediaTools,
    @Inject(SPEECH_SYNTHESIZER) private readonly speech: SpeechSynthesizer,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly platform: Platform,
  ) {}

  /** No job in an API process; a projector runs them while it holds the lease (APP_ROLE). */
  async onApplicationBootstrap(): Promise<void> {
    await this.platform.runJobWorker({
      open: (allowed) => (this.stopping = !allowed),
      resume: () => this.resumePending(),
      stop: () => this.onApplicationShutdown(),
    });
  }

  private async resumePending(): Promise<void> {
    const pending = await this.store.collection<MediaJobDocument>(MEDIA_JOBS).find({ status: 'pending' }, { sort: { requestedAt: 1, _id: 1 } });
    for (const job of pending) this.enqueue(job._id);
  }

  /** Stops the running tools; their jobs stay pending and run again after the restart. */
  onApplicationShutdown(): void {
    this.stopping = true;
    for (const controller of this.running.values()) controller.abort();
  }

  enqueue(jobId: string): void {
    if (this.stopping || this.running.has(jobId) || this.queue.includes(jobId)) return;
    this.queue.push(jobId);
    this.pump();
  }

  /** Resolves once no job is queued or running (tests, an orderly stop). */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running.size < this.config.media.concurrency && this.queue.length > 0) {
      const jobId = this.queue.shift()!;
      const controller = new AbortController();
      this.running.set(jobId, controller);
      void this.execute(jobId, controller.signal)
        .catch((error: unknown) => this.logger.error(`Media job ${jobId}: ${String(error)}`))
        .finally(() => {
          this.running.delete(jobId);
          this.pump();
          if (this.queue.length === 0 && this.running.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }

  private async execute(jobId: string, signal: AbortSignal): Promise<void> {
    const stored = (await this.events.readStream(mediaJobStream(jobId))).map((e) => upcast(e) as unknown as MediaJobEvent);
    const state = fold(mediaJobDecider, stored);
    const requested = stored.find((e) => e.type === 'MediaJobRequested');
    if (state.status !== 'RUNNING' || !requested) return;
    const job = requested.data as Job;
    const dir = mkdtempSync(join(tmpdir(), 'media-job-'));
    let reported = state.percent;
    // Progress is appended in order, one tenth at a time, and always before the outcome.
    let appended: Promise<unknown> = Promise.resolve();
    const progress = (fraction: number) => {
      const percent = Math.floor(fraction * 10) * 10;
      if (percent <= reported || percent >= 100 || signal.aborted) return;
      reported = percent;
      appended = appended.then(() => this.record(jobId, { type: 'RecordMediaProgress', jobId, percent }, `progress-${percent}`)).catch(() => undefined);
    };
    let command: MediaJobCommand;
    try {
      const outcome = await this.perform(job, dir, progress, signal);
      command = { type: 'CompleteMediaJob', jobId, ...outcome };
    } catch (error) {
      if (signal.aborted) return;
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Media job ${jobId} (${job.kind}) failed: ${reason}`);
      command = { type: 'FailMediaJob', jobId, reason };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await appended;
    try {
      await this.record(jobId, command, 'finish');
    } catch (error) {
      // Finished meanwhile by another worker: its outcome stands.
      if (!(error instanceof DomainError && error.status === 409)) throw error;
    }
  }

  private record(jobId: string, command: MediaJobCommand, step: string) {
    return this.commands.run(mediaJobDecider, mediaJobStream(jobId), command, {
      userId: SYSTEM_USER_ID,
      correlationId: jobId,
      causationId: jobId,
      commandId: deterministicId('media-job-worker', jobId, step),
    });
  }

  private perform(job: Job, dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    switch (job.kind) {
      case 'TRANSCODE':
        return this.transcode(job, dir, progress, signal);
      case 'VOICE_OVER':
        return this.voiceOver(job, dir, progress, signal);
      case 'SPEECH':
        return this.speak(job, dir, progress, signal);
      case 'CUT':
        return this.cut(job, dir, progress, signal);
      case 'CONCAT':
        return this.concat(job, dir, progress, signal);
    }
  }

  /** A blob copied to a temporary file the tools can seek in. */
  private async local(file: MediaFile, path: string, signal: AbortSignal): Promise<string> {
    const blob = await this.blobs.get(file.blobId);
    if (!blob) throw new Error('The file is missing from the store');
    await pipeline(blob.open(), createWriteStream(path), { signal });
    return path;
  }

  private async keep(path: string, role: MediaOutputRole): Promise<MediaOutput> {
    const { blobId, size } = await this.blobs.putStream(createReadStream(path), { maxBytes: Number.MAX_SAFE_INTEGER, check: async () => undefined });
    return { role, blobId, size, mimeType: MIME[role] };
  }

  /** Video: MP4 and WebM renditions, a poster and the sound track; audio: an M4A the players all read. */
  private async transcode(job: Job, dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    const source = await this.local(job.inputs[0], join(dir, 'source'), signal);
    const probe = await this.tools.probe(source);
    const outputs: MediaOutput[] = [];
    if (probe.video) {
      // MP4 is the bigger half of the work; the progress bar follows the encodes in turn.
      await this.tools.transcode(source, join(dir, 'web.mp4'), 'mp4', { signal, onProgress: (f) => progress(f * 0.5) });
      outputs.push(await this.keep(join(dir, 'web.mp4'), 'mp4'));
      await this.tools.transcode(source, join(dir, 'web.webm'), 'webm', { signal, onProgress: (f) => progress(0.5 + f * 0.4) });
      outputs.push(await this.keep(join(dir, 'web.webm'), 'webm'));
      await this.tools.frame(
        source,
        join(dir, 'poster.jpg'),
        { atSeconds: Math.min(1, probe.durationSeconds / 10), width: Math.min(1280, probe.video.width || 1280) },
        { signal },
      );
      outputs.push(await this.keep(join(dir, 'poster.jpg'), 'poster'));
    }
    if (probe.audio) {
      await this.tools.extractAudio(source, join(dir, 'sound.m4a'), 'm4a', { signal, onProgress: (f) => progress(probe.video ? 0.9 + f * 0.1 : f) });
      outputs.push(await this.keep(join(dir, 'sound.m4a'), 'audio'));
    }
    if (outputs.length === 0) throw new Error('This file has neither picture nor sound');
    return { outputs, durationSeconds: probe.durationSeconds, engine: null };
  }

  /** The voice mixed onto the chapter's video (its length), or, for an audio chapter, the voice itself as the chapter's audio. */
  private async voiceOver(job: Job, dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    const media = await this.local(job.inputs[0], join(dir, 'chapter'), signal);
    const voice = await this.local(job.inputs[1], join(dir, 'voice'), signal);
    const probe = await this.tools.probe(media);
    if (probe.video) {
      await this.tools.mixVoiceOver(media, voice, join(dir, 'mixed.mp4'), job.mode ?? 'replace', { signal, onProgress: progress });
      const mixed = await this.tools.probe(join(dir, 'mixed.mp4'));
      return { outputs: [await this.keep(join(dir, 'mixed.mp4'), 'mixed')], durationSeconds: mixed.durationSeconds, engine: null };
    }
    await this.tools.extractAudio(voice, join(dir, 'voice.m4a'), 'm4a', { signal, onProgress: progress });
    const spoken = await this.tools.probe(join(dir, 'voice.m4a'));
    return {
      outputs: [{ ...(await this.keep(join(dir, 'voice.m4a'), 'mixed')), mimeType: 'audio/mp4' }],
      durationSeconds: spoken.durationSeconds,
      engine: null,
    };
  }

  /** The kept ranges joined, as an MP4 (H.264/AAC for a video, AAC alone for an audio chapter). */
  private async cut(job: Job, dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    const source = await this.local(job.inputs[0], join(dir, 'source'), signal);
    const picture = (await this.tools.probe(source)).video;
    await this.tools.cut(source, join(dir, 'cut.mp4'), job.keep ?? [], { signal, onProgress: progress });
    const probe = await this.tools.probe(join(dir, 'cut.mp4'));
    const output = await this.keep(join(dir, 'cut.mp4'), 'cut');
    return { outputs: [{ ...output, mimeType: picture ? 'video/mp4' : 'audio/mp4' }], durationSeconds: probe.durationSeconds, engine: null };
  }

  /** A version's video chapters, in reading order, joined into one MP4 to download. */
  private async concat(job: Job, dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    const parts: string[] = [];
    for (const [i, file] of job.inputs.entries()) parts.push(await this.local(file, join(dir, `part-${i}`), signal));
    await this.tools.concat(parts, join(dir, 'joined.mp4'), { signal, onProgress: progress });
    const probe = await this.tools.probe(join(dir, 'joined.mp4'));
    return { outputs: [await this.keep(join(dir, 'joined.mp4'), 'joined')], durationSeconds: probe.durationSeconds, engine: null };
  }

  private async speak(job: Job, dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    if (job.speech!.cues?.length) return this.speakCues(job, job.speech!.cues, dir, progress, signal);
    const spoken = await this.speech.synthesize({ text: job.speech!.text, lang: job.speech!.lang }, join(dir, 'speech'), signal);
    progress(0.5);
    // Stored as AAC: a tenth of espeak's WAV, and the same format whichever engine spoke.
    await this.tools.extractAudio(spoken.file, join(dir, 'speech.m4a'), 'm4a', { signal });
    const probe = await this.tools.probe(join(dir, 'speech.m4a'));
    return { outputs: [await this.keep(join(dir, 'speech.m4a'), 'speech')], durationSeconds: probe.durationSeconds, engine: this.speech.info.engine };
  }

  /** A subtitle language: each cue spoken on its own, then placed at its start time in one track. */
  private async speakCues(job: Job, cues: SpeechCue[], dir: string, progress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
    const clips: TimedClip[] = [];
    for (const [i, cue] of cues.entries()) {
      const spoken = await this.speech.synthesize({ text: cue.text, lang: job.speech!.lang }, join(dir, `cue-${i}`), signal);
      clips.push({ input: spoken.file, start: cue.start, end: cue.end });
      progress(((i + 1) / cues.length) * 0.6);
    }
    const placed = join(dir, 'speech.m4a');
    const report = await this.tools.place(clips, placed, 'm4a', { signal, onProgress: (f) => progress(0.6 + f * 0.4) });
    if (report.overruns > 0)
      this.logger.warn(
        `Media job ${job.jobId}: ${report.overruns} cue(s) too long for their slot even at 1.5×; the voice runs up to ${report.maxDelaySeconds} s late`,
      );
    return { outputs: [await this.keep(placed, 'speech')], durationSeconds: report.durationSeconds, engine: this.speech.info.engine };
  }
}
