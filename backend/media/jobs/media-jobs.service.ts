import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { type ChapterContent, type MediaFile, type MediaJobRequested, type SpeechCue, mediaJobStream, uuidv7 } from '../../../events';
import { MEDIA_JOBS, MEDIA_RENDITIONS, type MediaJobDocument, type MediaRenditionsDocument } from '../../../projections/media.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Actor } from '../../infrastructure/http/actor';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError, IllegalStateError, NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import { JobResults } from '../../infrastructure/jobs/job-results';
import { ReadModels } from '../../infrastructure/read-models';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { FileUrls, SpeachCommands } from '../../speach';
import { SPEECH_SYNTHESIZER, type SpeechEngineInfo, type SpeechSynthesizer, espeakVoice } from '../speech/speech-synthesizer.port';
import type { VoiceOverMode } from '../tools/media-tools.port';
import { mediaJobDecider } from './media-job.decider';
import { type FileContent, type MediaChapter, MediaChapters } from './media-chapters.service';

/** A call's answer: 200 with the file's URL when it exists, 202 with the job making it. */
export type Ready = { status: 200; body: { url: string } & Partial<SpeechEngineInfo> } | { status: 202; body: { jobID: string } & Partial<SpeechEngineInfo> };

const BLOB_URL = /^(?:https?:\/\/[^/]+)?\/blob\/([0-9a-f]{64})(?:\?|$)/;
/** What a recording from the browser (MediaRecorder) or an audio file may be, read from its first bytes. */
const VOICE = /^audio\/|^video\/(webm|mp4|ogg)$|^application\/ogg$/;

/**
 * The chapter-media calls (spec §7 "Voice-over and chapters"). Each validates everything, then appends one job
 * request (or one chapter content change) or nothing. Who may touch a chapter is MediaChapters' answer; reading a
 * chapter's tracks is MediaTracks'.
 */
@Injectable()
export class MediaJobs {
  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly chapters: MediaChapters,
    private readonly speaches: SpeachCommands,
    private readonly blobs: BlobStore,
    private readonly urls: FileUrls,
    @Inject(SPEECH_SYNTHESIZER) private readonly synthesizer: SpeechSynthesizer,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    results: JobResults,
  ) {
    results.register(async (user, jobId) => ((await this.job(jobId)) ? this.result(user, jobId) : null));
  }

  private get jobs() {
    return this.store.collection<MediaJobDocument>(MEDIA_JOBS);
  }

  private async request(data: Omit<MediaJobRequested['data'], 'jobId'> & { jobId?: string }): Promise<string> {
    const jobId = data.jobId ?? uuidv7();
    await this.commands.run(mediaJobDecider, mediaJobStream(jobId), { type: 'RequestMediaJob', ...data, jobId });
    await this.readModels.settled();
    return jobId;
  }

  /** The policy's transcode of an uploaded chapter file (its job id derived from the upload's event). */
  async requestTranscode(jobId: string, speachId: string, chapterId: string, file: MediaFile, requestedBy: string): Promise<void> {
    const renditions = await this.store.collection<MediaRenditionsDocument>(MEDIA_RENDITIONS).findById(file.blobId);
    // The same bytes uploaded again (a copy, a duplicate speach) reuse their renditions.
    if (renditions && renditions.status !== 'FAILED') return;
    await this.commands.run(mediaJobDecider, mediaJobStream(jobId), {
      type: 'RequestMediaJob',
      jobId,
      kind: 'TRANSCODE',
      speachId,
      chapterId,
      requestedBy,
      inputs: [file],
      mode: null,
      speech: null,
      trackKey: null,
      key: null,
    });
  }

  private chapterFile(chapter: MediaChapter): MediaFile {
    const { content } = chapter;
    if (content.type !== 'VIDEO_UPLOAD' && content.type !== 'AUDIO_UPLOAD')
      throw new IllegalStateError('This chapter has no video or audio to put a voice-over on.');
    const { blobId, mimeType, size } = (content as FileContent).file;
    return { blobId, mimeType, size };
  }

  /** `POST /recorder/voiceOver/upload/{chapterId}`: the recording streams into the store, then one mix job. */
  async uploadVoiceOver(
    user: Actor,
    chapterId: string,
    upload: (store: (stream: Readable) => Promise<MediaFile>) => Promise<MediaFile>,
  ): Promise<{ jobID: string }> {
    const chapter = await this.chapters.editable(user, chapterId);
    const media = this.chapterFile(chapter);
    const voice = await upload(async (stream) => {
      let mimeType = 'audio/webm';
      const { blobId, size } = await this.blobs.putStream(stream, {
        maxBytes: this.config.media.maxUploadBytes,
        check: async (head) => {
          const detected = await fileTypeFromBuffer(head);
          if (!detected || !VOICE.test(detected.mime))
            throw new ValidationError('file', `The recording's content (${detected?.mime ?? 'unknown'}) is not audio`);
          mimeType = detected.mime.replace(/^video\//, 'audio/');
        },
      });
      return { blobId, size, mimeType };
    });
    return { jobID: await this.voiceOver(user, chapter, media, voice, 'replace') };
  }

  private voiceOver(user: Actor, chapter: MediaChapter, media: MediaFile, voice: MediaFile, mode: VoiceOverMode): Promise<string> {
    return this.request({
      kind: 'VOICE_OVER',
      speachId: chapter.doc._id,
      chapterId: chapter.node.chapterId,
      requestedBy: user.id,
      inputs: [media, voice],
      mode,
      speech: null,
      trackKey: null,
      key: null,
    });
  }

  private speechKey(chapterId: string, lang: string, text: string): string {
    return createHash('sha256').update(`${chapterId}\n${this.synthesizer.info.engine}\n${lang}\n${text}`).digest('hex');
  }

  private url(speachId: string, file: MediaFile): string {
    return this.urls.url(speachId, file);
  }

  /**
   * `POST /api/v2/chapter/voice/text/{chapterId}`: the same text and language give the audio already made (200),
   * else a job (202); with `jobID` it polls that job.
   */
  async speak(user: Actor, chapterId: string, input: { text?: string; lang?: string; jobID?: string }): Promise<Ready> {
    const chapter = await this.chapters.editable(user, chapterId);
    const info = this.synthesizer.info;
    if (input.jobID !== undefined) {
      const job = await this.jobs.findById(input.jobID);
      if (!job || job.kind !== 'SPEECH' || job.chapterId !== chapterId) throw new NotFoundError('Unknown jobID');
      return this.answer(chapter.doc._id, job, info);
    }
    const text = (input.text ?? '').trim();
    if (!text) throw new ValidationError('text', 'text must not be empty');
    if (text.length > 3000) throw new ValidationError('text', 'text must be at most 3000 characters');
    const lang = input.lang ?? '';
    if (!espeakVoice(lang)) throw new ValidationError('lang', 'lang must be one of en-US, en-GB, fr-FR, es-ES, de-DE, pt-PT, it-IT, zh-CN');
    const key = this.speechKey(chapterId, lang, text);
    const [known] = await this.jobs.find({ key, status: { $in: ['done', 'pending'] } }, { sort: { requestedAt: -1 }, limit: 1 });
    if (known) return this.answer(chapter.doc._id, known, info);
    const jobId = await this.request({
      kind: 'SPEECH',
      speachId: chapter.doc._id,
      chapterId,
      requestedBy: user.id,
      inputs: [],
      mode: null,
      speech: { text, lang },
      trackKey: null,
      key,
    });
    return { status: 202, body: { jobID: jobId, ...info } };
  }

  private answer(speachId: string, job: MediaJobDocument, info: SpeechEngineInfo): Ready {
    if (job.status === 'failed') throw new DomainError(`The voice could not be generated: ${job.reason ?? 'unknown reason'}`, 409);
    if (job.status === 'pending') return { status: 202, body: { jobID: job._id, ...info } };
    return { status: 200, body: { url: this.url(speachId, job.outputs[0]), ...info } };
  }

  /** A generated audio named by its URL (or blob id): only one made by a finished SPEECH job of this chapter. */
  private async generated(chapterId: string, reference: string | undefined, field: string): Promise<MediaFile> {
    const value = (reference ?? '').trim();
    if (!value) throw new ValidationError(field, `${field} must name the generated audio`);
    const blobId = /^[0-9a-f]{64}$/.test(value) ? value : BLOB_URL.exec(value)?.[1];
    if (!blobId) throw new ValidationError(field, `${field} must be the URL of a generated audio`);
    const jobs = await this.jobs.find({ chapterId, status: 'done' });
    const output = jobs
      .filter((j) => j.kind === 'SPEECH')
      .flatMap((j) => j.outputs)
      .find((o) => o.blobId === blobId);
    if (!output) throw new NotFoundError('This audio was not generated for this chapter');
    return { blobId: output.blobId, mimeType: output.mimeType, size: output.size };
  }

  /** `POST /recorder/voiceOver/text/{chapterId}`: the generated audio becomes the chapter's voice-over (a mix job). */
  async voiceOverFromText(user: Actor, chapterId: string, filePath: string | undefined): Promise<{ jobID: string }> {
    const chapter = await this.chapters.editable(user, chapterId);
    const voice = await this.generated(chapterId, filePath, 'filePath');
    return { jobID: await this.voiceOver(user, chapter, this.chapterFile(chapter), voice, 'replace') };
  }

  /**
   * `POST /recorder/copyGeneratedAudio/{chapterId}`: an audio (or empty) chapter takes the generated audio as its
   * file at once; a video chapter gets it as its voice-over (a mix job).
   */
  async copyGeneratedAudio(user: Actor, chapterId: string, urlFileAudio: string | undefined): Promise<{ jobID: string | null; url: string | null }> {
    const chapter = await this.chapters.editable(user, chapterId);
    const audio = await this.generated(chapterId, urlFileAudio, 'urlFileAudio');
    if (chapter.content.type === 'VIDEO_UPLOAD') return { jobID: await this.voiceOver(user, chapter, this.chapterFile(chapter), audio, 'replace'), url: null };
    if (chapter.content.type !== 'AUDIO_UPLOAD' && chapter.content.type !== 'NONE')
      throw new IllegalStateError('Only an audio, video or empty chapter takes a generated audio.');
    const content = { type: 'AUDIO_UPLOAD', file: { ...audio, name: 'voice-over.m4a' } } as ChapterContent;
    await this.speaches.setContent(user, chapter.doc._id, chapterId, content);
    return { jobID: null, url: this.url(chapter.doc._id, audio) };
  }

  /**
   * For the subtitles feature (`POST /recorder/voiceOver/subtitle/{chapterId}`): a subtitle language spoken cue by
   * cue, each line heard from its start time (MediaTools.place), as the chapter's audio track `subtitleId`.
   */
  async requestSubtitleVoice(user: Actor, chapterId: string, subtitleId: string, cues: SpeechCue[], lang: string): Promise<{ jobID: string }> {
    const chapter = await this.chapters.editable(user, chapterId);
    if (!espeakVoice(lang)) throw new ValidationError('lang', `No voice speaks "${lang}"`);
    const spoken = cues
      .map((c) => ({
        ...c,
        text: c.text
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      }))
      .filter((c) => c.text);
    if (spoken.length === 0) throw new ValidationError('subtitleId', 'This subtitle has no line to speak');
    const text = spoken.map((c) => c.text).join(' ');
    const jobID = await this.request({
      kind: 'SPEECH',
      speachId: chapter.doc._id,
      chapterId,
      requestedBy: user.id,
      inputs: [],
      mode: null,
      speech: { text, lang, cues: spoken },
      trackKey: subtitleId,
      // The timing is part of what is heard: a timed voice is never reused as a text preview, nor the reverse.
      key: this.speechKey(chapterId, lang, JSON.stringify(spoken)),
    });
    return { jobID };
  }

  /** `GET /recorder/jobID/{jobId}` for a media job: the output's URL, `ERROR`, or nothing while it runs. */
  async result(user: Actor, jobId: string): Promise<{ status: 'pending' } | { status: 'failed'; reason: string } | { status: 'done'; result: string }> {
    const job = await this.job(jobId);
    if (!job) throw new NotFoundError('Unknown job');
    await this.chapters.editable(user, job.chapterId);
    if (job.status === 'pending') return { status: 'pending' };
    if (job.status === 'failed') return { status: 'failed', reason: job.reason ?? 'unknown reason' };
    const main = job.outputs.find((o) => o.role !== 'poster') ?? job.outputs[0];
    return { status: 'done', result: this.url(job.speachId, main) };
  }

  /** A media job by id, or null (the job-id poll is shared with the AI jobs). */
  job(jobId: string): Promise<MediaJobDocument | null> {
    return /^[\w-]{1,64}$/.test(jobId) ? this.jobs.findById(jobId) : Promise.resolve(null);
  }

  engine(): SpeechEngineInfo {
    return this.synthesizer.info;
  }
}
