import { Platform } from '../../infrastructure/infrastructure.module';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SYSTEM_USER_ID, type TranscriptRequested, subtitlesStream } from '../../../events';
import { CHAPTER_SUBTITLES, type ChapterSubtitlesDocument } from '../../../projections/subtitles.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { deterministicId } from '../../infrastructure/policies/policy';
import { READ_STORE } from '../../infrastructure/tokens';
import { MEDIA_TOOLS, type MediaTools } from '../../media';
import { subtitlesDecider } from '../subtitles.decider';
import { plainText } from '../webvtt';
import { transcribe } from './transcription-client';

export type TranscriptJob = TranscriptRequested['data'];

/** A blob copied to a temporary file (the media tools read files), streamed, never whole in memory. */
export async function withBlobFile<T>(blobs: BlobStore, blobId: string, name: string, work: (path: string, dir: string) => Promise<T>): Promise<T> {
  const blob = await blobs.get(blobId);
  if (!blob) throw new Error('The video file is missing from the store.');
  const dir = await mkdtemp(join(tmpdir(), 'media-text-'));
  try {
    const path = join(dir, name);
    await pipeline(blob.open(), createWriteStream(path));
    return await work(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Automatic transcripts (issue 22): a chapter's video waiting for its transcript has its audio extracted
 * (MediaTools), sent to the provider's `/audio/transcriptions`, and the timed segments recorded as the
 * transcript and a subtitle track in the video's language. Runs off the request path; a job the process left
 * waiting is run again at start (the completion's command id is derived from the video, so it lands once).
 */
@Injectable()
export class Transcripts implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Transcripts.name);
  private readonly running = new Map<string, Promise<void>>();
  private abort = new AbortController();

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_TOOLS) private readonly tools: MediaTools,
    private readonly blobs: BlobStore,
    private readonly commands: CommandRunner,
    private readonly platform: Platform,
  ) {}

  /** No job in an API process; a projector runs them while it holds the lease (APP_ROLE). */
  async onApplicationBootstrap(): Promise<void> {
    await this.platform.runJobWorker({
      open: (allowed) => {
        if (!allowed) this.abort.abort();
        else if (this.abort.signal.aborted) this.abort = new AbortController();
      },
      resume: () => this.resumeWaiting(),
      stop: () => this.onApplicationShutdown(),
    });
  }

  private async resumeWaiting(): Promise<void> {
    const waiting = await this.store.collection<ChapterSubtitlesDocument>(CHAPTER_SUBTITLES).find({ autoTranscriptStatus: 'WAITING' });
    for (const doc of waiting)
      if (doc.blobId && doc.transcriptLang) this.start({ chapterId: doc._id, speachId: doc.speachId, blobId: doc.blobId, lang: doc.transcriptLang });
  }

  async onApplicationShutdown(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  /** Resolves when no transcript is being made (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Makes the transcript asked for by `TranscriptRequested` (its data: the job needs no read model, which may lag). */
  start(request: TranscriptJob): void {
    const { chapterId } = request;
    if (this.running.has(chapterId) || this.abort.signal.aborted) return;
    const job = this.run(request)
      .catch((error: unknown) => this.logger.error(`Transcript of chapter ${chapterId}: ${(error as Error).message}`))
      .finally(() => this.running.delete(chapterId));
    this.running.set(chapterId, job);
  }

  private async run({ chapterId, speachId, blobId, lang }: TranscriptJob): Promise<void> {
    const ai = this.config.ai;
    const outcome = await withBlobFile(this.blobs, blobId, 'video', async (video, dir) => {
      if (!ai.baseUrl) throw new Error('No transcription service is configured (AI_BASE_URL).');
      const audio = join(dir, 'audio.mp3');
      await this.tools.extractAudio(video, audio, 'mp3', { signal: this.abort.signal });
      return transcribe(
        { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: this.config.mediaText.transcriptionModel, timeoutMs: ai.timeoutMs },
        audio,
        lang.slice(0, 2),
        this.abort.signal,
      );
    }).catch((error: unknown) => ({ error: (error as Error).message }));
    if (this.abort.signal.aborted) return;
    const stream = subtitlesStream(chapterId);
    const commandId = deterministicId('transcript', chapterId, blobId);
    try {
      if ('error' in outcome || outcome.cues.length === 0) {
        const reason = 'error' in outcome ? outcome.error : 'The transcription found no speech in this video.';
        await this.commands.run(
          subtitlesDecider,
          stream,
          { type: 'FailTranscript', chapterId, speachId, blobId, reason },
          { userId: SYSTEM_USER_ID, commandId },
        );
        return;
      }
      const text = outcome.text || plainText(outcome.cues);
      await this.commands.run(
        subtitlesDecider,
        stream,
        {
          type: 'CompleteTranscript',
          chapterId,
          speachId,
          blobId,
          subtitleId: deterministicId('transcript-track', chapterId, blobId),
          cues: outcome.cues,
          text,
        },
        { userId: SYSTEM_USER_ID, commandId },
      );
    } catch (error) {
      // A newer video replaced this one meanwhile: its own request will be transcribed.
      if (!(error instanceof DomainError)) throw error;
    }
  }
}
