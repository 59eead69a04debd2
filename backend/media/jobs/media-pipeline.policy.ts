import { Injectable } from '@nestjs/common';
import type { ChapterContent, ChapterContentSet, ChapterVideoCutRequested, MediaJobCompleted, MediaJobRequested, RecordedEvent } from '../../../events';
import { DomainError } from '../../infrastructure/decider/decider';
import { type Policy, type PolicyContext, deterministicId } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { SYSTEM_ACTOR, SpeachCommands } from '../../speach';
import { MediaJobWorker } from './media-job-worker';
import { MediaCuts } from './media-cuts.service';
import { MediaJobs } from './media-jobs.service';

type Trigger = ChapterContentSet | MediaJobRequested | MediaJobCompleted | ChapterVideoCutRequested;

/**
 * What follows from the media facts: an uploaded video or audio is transcoded for the web; a requested job is
 * handed to the worker; a finished voice-over becomes the chapter's file (through the speach decider), which is
 * in turn transcoded like any upload. The video editor's cut is a job too, and its result becomes the chapter's
 * file the same way.
 */
@Injectable()
export class MediaPipelinePolicy implements Policy<Trigger> {
  readonly name = 'media-pipeline';
  readonly handles = {
    ChapterContentSet: (event: RecordedEvent<ChapterContentSet>, ctx: PolicyContext) => this.transcode(event, ctx),
    MediaJobRequested: async (event: RecordedEvent<MediaJobRequested>) => this.worker.enqueue(event.data.jobId),
    MediaJobCompleted: (event: RecordedEvent<MediaJobCompleted>, ctx: PolicyContext) => this.applyResult(event, ctx),
    ChapterVideoCutRequested: (event: RecordedEvent<ChapterVideoCutRequested>, ctx: PolicyContext) => this.cut(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly jobs: MediaJobs,
    private readonly cuts: MediaCuts,
    private readonly worker: MediaJobWorker,
    private readonly speaches: SpeachCommands,
  ) {
    void runner.register<Trigger>(this);
  }

  private async transcode(event: RecordedEvent<ChapterContentSet>, ctx: PolicyContext): Promise<void> {
    const { speachId, chapterId, content } = event.data;
    if (content.type !== 'VIDEO_UPLOAD' && content.type !== 'AUDIO_UPLOAD') return;
    const { blobId, mimeType, size } = content.file;
    const jobId = deterministicId(this.name, event.id, 'transcode');
    await ctx.issue('transcode', () =>
      this.jobs.requestTranscode(jobId, speachId, chapterId, { blobId, mimeType, size }, event.metadata.userId ?? SYSTEM_ACTOR.id),
    );
  }

  private async cut(event: RecordedEvent<ChapterVideoCutRequested>, ctx: PolicyContext): Promise<void> {
    const { speachId, chapterId, keep, cutId } = event.data;
    const jobId = deterministicId(this.name, event.id, 'cut');
    await ctx.issue('cut', () => this.cuts.requestCut(jobId, speachId, chapterId, { cutId, keep }, event.metadata.userId ?? SYSTEM_ACTOR.id));
  }

  /** A finished voice-over or cut: its file becomes the chapter's. */
  private async applyResult(event: RecordedEvent<MediaJobCompleted>, ctx: PolicyContext): Promise<void> {
    const { kind, speachId, chapterId, outputs } = event.data;
    const role = kind === 'VOICE_OVER' ? 'mixed' : kind === 'CUT' ? 'cut' : null;
    const made = outputs.find((o) => o.role === role);
    if (!role || !made) return;
    const video = made.mimeType.startsWith('video/');
    const base = kind === 'CUT' ? 'cut' : 'voice-over';
    const content = {
      type: video ? 'VIDEO_UPLOAD' : 'AUDIO_UPLOAD',
      file: { blobId: made.blobId, mimeType: made.mimeType, size: made.size, name: video ? `${base}.mp4` : `${base}.m4a` },
    } as ChapterContent;
    try {
      await ctx.issue(kind === 'CUT' ? 'apply-cut' : 'apply-voice-over', () =>
        this.speaches.run(SYSTEM_ACTOR, speachId, [{ type: 'SetChapterContent', chapterId, content }]),
      );
    } catch (error) {
      // The chapter was removed or the speach archived meanwhile: the result has nowhere to go.
      if (!(error instanceof DomainError) || (error.status !== 404 && error.status !== 409)) throw error;
    }
  }
}
