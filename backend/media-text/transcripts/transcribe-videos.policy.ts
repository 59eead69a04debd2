import { Inject, Injectable } from '@nestjs/common';
import { type ChapterContentSet, type RecordedEvent, type TranscriptRequested, subtitlesStream } from '../../../events';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { MEDIA_TOOLS, type MediaTools } from '../../media';
import { SpeachQueries } from '../../speach';
import { subtitlesDecider } from '../subtitles.decider';
import { speachLocale } from '../subtitles.service';
import { Transcripts, withBlobFile } from './transcripts.service';

type Trigger = ChapterContentSet | TranscriptRequested;

/**
 * A video set on a chapter asks for its transcript: NA with the reason when no provider is configured or the
 * video lasts over 10 minutes, WAITING otherwise; a waiting transcript is then made by the Transcripts job.
 */
@Injectable()
export class TranscribeVideosPolicy implements Policy<Trigger> {
  readonly name = 'transcribe-videos';
  readonly handles = {
    ChapterContentSet: (event: RecordedEvent<ChapterContentSet>, ctx: PolicyContext) => this.request(event, ctx),
    TranscriptRequested: async (event: RecordedEvent<TranscriptRequested>) => this.transcripts.start(event.data),
  };

  constructor(
    runner: PolicyRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_TOOLS) private readonly tools: MediaTools,
    private readonly blobs: BlobStore,
    private readonly commands: CommandRunner,
    private readonly speaches: SpeachQueries,
    private readonly transcripts: Transcripts,
  ) {
    void runner.register<Trigger>(this);
  }

  private async request(event: RecordedEvent<ChapterContentSet>, ctx: PolicyContext): Promise<void> {
    const { speachId, chapterId, content } = event.data;
    if (content.type !== 'VIDEO_UPLOAD') return;
    const blobId = content.file.blobId;
    const provider = this.config.ai.baseUrl !== null;
    // Without a provider nothing needs the duration; a video the tools cannot read is left to the job, which says why.
    const durationSeconds = provider
      ? await withBlobFile(this.blobs, blobId, 'video', (path) => this.tools.probe(path)).then(
          (p) => p.durationSeconds,
          () => null,
        )
      : null;
    const lang = speachLocale((await this.speaches.document(speachId)).language);
    await ctx.issue('request', () =>
      this.commands.run(subtitlesDecider, subtitlesStream(chapterId), {
        type: 'RequestTranscript',
        chapterId,
        speachId,
        blobId,
        lang,
        durationSeconds,
        provider,
      }),
    );
  }
}
