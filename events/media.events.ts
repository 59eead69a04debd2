import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/**
 * What a media job does (issue 22):
 * TRANSCODE: a chapter's uploaded video or audio → web renditions (MP4 + WebM, or M4A), poster and sound track;
 * VOICE_OVER: a voice recording mixed onto the chapter's video (or made the chapter's audio);
 * SPEECH: text to speech for a chapter (a preview, or a subtitle language's voice-over track);
 * CUT: the video editor's kept ranges applied to the chapter's file (which then becomes the cut file);
 * CONCAT: a published version's video chapters joined into one file to download (`chapterId`: its first).
 */
export const MEDIA_JOB_KINDS = ['TRANSCODE', 'VOICE_OVER', 'SPEECH', 'CUT', 'CONCAT'] as const;
export type MediaJobKind = (typeof MEDIA_JOB_KINDS)[number];

/** A blob the job reads or wrote. */
export interface MediaFile {
  blobId: string;
  mimeType: string;
  size: number;
}

/** What each output of a job is. */
export const MEDIA_OUTPUT_ROLES = ['mp4', 'webm', 'audio', 'poster', 'mixed', 'speech', 'cut', 'joined'] as const;
export type MediaOutputRole = (typeof MEDIA_OUTPUT_ROLES)[number];
export interface MediaOutput extends MediaFile {
  role: MediaOutputRole;
}

/** A subtitle line to speak from `start`, ideally over by `end` (seconds). */
export interface SpeechCue {
  start: number;
  end: number;
  text: string;
}

/** Stream `media-job-{jobId}`. `trackKey` names the audio track a SPEECH job makes (a subtitle id), null for a preview. */
export type MediaJobRequested = DomainEvent<
  'MediaJobRequested',
  {
    jobId: string;
    kind: MediaJobKind;
    speachId: string;
    chapterId: string;
    requestedBy: string;
    /** TRANSCODE: the upload; VOICE_OVER: the chapter's media then the voice. */
    inputs: MediaFile[];
    /** VOICE_OVER: `replace` drops the original sound, `duck` keeps it under the voice. */
    mode: 'replace' | 'duck' | null;
    /**
     * SPEECH: the chapter's narration text (authored content, like a chapter's HTML) and its language; from a
     * subtitle language, its cues too (seconds), each spoken at its start time (absent from earlier jobs).
     */
    speech: { text: string; lang: string; cues?: SpeechCue[] | null } | null;
    trackKey: string | null;
    /** SPEECH: the same text and language as an earlier job give the same key, so its audio is reused. */
    key: string | null;
    /** CUT: the ranges kept, in seconds, in order (absent from jobs recorded before cuts existed). */
    keep?: { start: number; end: number }[] | null;
    /** CUT: the video editor's cut decision it applies (absent from jobs recorded before the editor showed their outcome). */
    cutId?: string | null;
  }
>;
/** The worker's progress, in whole percents (one event per tenth at most). */
export type MediaJobProgressed = DomainEvent<'MediaJobProgressed', { jobId: string; percent: number }>;
export type MediaJobCompleted = DomainEvent<
  'MediaJobCompleted',
  {
    jobId: string;
    kind: MediaJobKind;
    speachId: string;
    chapterId: string;
    outputs: MediaOutput[];
    durationSeconds: number | null;
    /** SPEECH: which engine spoke (`provider` or `espeak-ng`). */
    engine: string | null;
  }
>;
export type MediaJobFailed = DomainEvent<'MediaJobFailed', { jobId: string; kind: MediaJobKind; speachId: string; chapterId: string; reason: string }>;

export type MediaJobEvent = MediaJobRequested | MediaJobProgressed | MediaJobCompleted | MediaJobFailed;

export const mediaJobStream = (jobId: string) => `media-job-${jobId}`;

registerEventType('MediaJobRequested', 1);
registerEventType('MediaJobProgressed', 1);
registerEventType('MediaJobCompleted', 1);
registerEventType('MediaJobFailed', 1);
