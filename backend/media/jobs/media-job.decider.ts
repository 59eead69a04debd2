import type { MediaFile, MediaJobEvent, MediaJobKind, MediaJobRequested, MediaOutput, SpeechCue } from '../../../events';
import { type Decider, IllegalStateError, ValidationError } from '../../infrastructure/decider/decider';

/** Spec §5: the voice-over text is at most 3,000 characters. */
export const SPEECH_TEXT_MAX = 3000;

export type MediaJobState =
  { status: 'NONE' } | { status: 'RUNNING' | 'DONE' | 'FAILED'; kind: MediaJobKind; speachId: string; chapterId: string; percent: number };

export type MediaJobCommand =
  | ({ type: 'RequestMediaJob' } & MediaJobRequested['data'])
  | { type: 'RecordMediaProgress'; jobId: string; percent: number }
  | { type: 'CompleteMediaJob'; jobId: string; outputs: MediaOutput[]; durationSeconds: number | null; engine: string | null }
  | { type: 'FailMediaJob'; jobId: string; reason: string };

const INPUTS: Record<MediaJobKind, number> = { TRANSCODE: 1, VOICE_OVER: 2, SPEECH: 0, CUT: 1, CONCAT: 0 };
/** A subtitle voice speaks at most as many cues as a subtitle track holds (media-text's MAX_CUES, CUE_TEXT_MAX). */
export const SPEECH_CUES_MAX = 5000;
export const SPEECH_CUE_TEXT_MAX = 500;

function checkCues(cues: SpeechCue[], text: string): void {
  if (cues.length === 0 || cues.length > SPEECH_CUES_MAX) throw new ValidationError('cues', `A subtitle voice speaks 1 to ${SPEECH_CUES_MAX} cues`);
  cues.forEach((cue, i) => {
    if (!(Number.isFinite(cue.start) && cue.start >= 0 && Number.isFinite(cue.end) && cue.end > cue.start))
      throw new ValidationError(`cues[${i}].end`, 'A cue ends after it starts, at 0 s or later');
    if (!cue.text.trim() || cue.text.length > SPEECH_CUE_TEXT_MAX)
      throw new ValidationError(`cues[${i}].text`, `A cue speaks 1 to ${SPEECH_CUE_TEXT_MAX} characters`);
  });
  if (text.length > SPEECH_CUES_MAX * SPEECH_CUE_TEXT_MAX) throw new ValidationError('text', 'text is longer than its cues');
}

/** A version's download joins at most this many video chapters. */
export const CONCAT_INPUTS_MAX = 200;

function request(command: Extract<MediaJobCommand, { type: 'RequestMediaJob' }>, state: MediaJobState): MediaJobEvent[] {
  if (state.status !== 'NONE') throw new IllegalStateError('This media job was already requested.');
  const { type: _type, ...data } = command;
  if (data.kind === 'CONCAT') {
    if (data.inputs.length === 0 || data.inputs.length > CONCAT_INPUTS_MAX)
      throw new ValidationError('file', `A CONCAT job joins 1 to ${CONCAT_INPUTS_MAX} files`);
  } else if (data.inputs.length !== INPUTS[data.kind]) throw new ValidationError('file', `A ${data.kind} job takes ${INPUTS[data.kind]} file(s)`);
  if (data.kind === 'SPEECH') {
    const text = data.speech?.text.trim() ?? '';
    if (!text) throw new ValidationError('text', 'text must not be empty');
    const cues = data.speech?.cues;
    if (cues) checkCues(cues, text);
    else if (text.length > SPEECH_TEXT_MAX) throw new ValidationError('text', `text must be at most ${SPEECH_TEXT_MAX} characters`);
  } else if (data.speech) throw new ValidationError('text', `A ${data.kind} job takes no text`);
  if (data.kind === 'CUT') {
    const keep = data.keep ?? [];
    if (keep.length === 0 || keep.some((r) => !(r.start >= 0 && r.end > r.start)))
      throw new ValidationError('keep', 'A cut keeps at least one range, each ending after it starts');
  } else if (data.keep?.length) throw new ValidationError('keep', `A ${data.kind} job keeps no ranges`);
  if (data.kind === 'VOICE_OVER' && !data.mode) throw new ValidationError('mode', 'A voice-over says whether it replaces or ducks the original sound');
  return [{ type: 'MediaJobRequested', data }];
}

type Known = Exclude<MediaJobState, { status: 'NONE' }>;

function running(state: MediaJobState): Known {
  if (state.status === 'NONE') throw new IllegalStateError('Unknown media job.');
  if (state.status !== 'RUNNING') throw new IllegalStateError('This media job has already finished.');
  return state;
}

function progress(command: Extract<MediaJobCommand, { type: 'RecordMediaProgress' }>, state: MediaJobState): MediaJobEvent[] {
  const job = running(state);
  const percent = Math.max(0, Math.min(100, Math.floor(command.percent)));
  // Progress only moves forward: a late report from a slower run changes nothing.
  return percent > job.percent ? [{ type: 'MediaJobProgressed', data: { jobId: command.jobId, percent } }] : [];
}

function complete(command: Extract<MediaJobCommand, { type: 'CompleteMediaJob' }>, state: MediaJobState): MediaJobEvent[] {
  const job = running(state);
  if (command.outputs.length === 0) throw new ValidationError('outputs', 'A finished job has at least one output');
  return [
    {
      type: 'MediaJobCompleted',
      data: {
        jobId: command.jobId,
        kind: job.kind,
        speachId: job.speachId,
        chapterId: job.chapterId,
        outputs: command.outputs,
        durationSeconds: command.durationSeconds,
        engine: command.engine,
      },
    },
  ];
}

function fail(command: Extract<MediaJobCommand, { type: 'FailMediaJob' }>, state: MediaJobState): MediaJobEvent[] {
  const job = running(state);
  return [
    {
      type: 'MediaJobFailed',
      data: { jobId: command.jobId, kind: job.kind, speachId: job.speachId, chapterId: job.chapterId, reason: command.reason.slice(0, 500) },
    },
  ];
}

/** One media job: requested once, progresses, then completes or fails once. */
export const mediaJobDecider: Decider<MediaJobState, MediaJobCommand, MediaJobEvent> = {
  initialState: () => ({ status: 'NONE' }),
  decide(command, state) {
    switch (command.type) {
      case 'RequestMediaJob':
        return request(command, state);
      case 'RecordMediaProgress':
        return progress(command, state);
      case 'CompleteMediaJob':
        return complete(command, state);
      case 'FailMediaJob':
        return fail(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MediaJobRequested':
        return { status: 'RUNNING', kind: event.data.kind, speachId: event.data.speachId, chapterId: event.data.chapterId, percent: 0 };
      case 'MediaJobProgressed':
        return state.status === 'NONE' ? state : { ...state, percent: event.data.percent };
      case 'MediaJobCompleted':
        return state.status === 'NONE' ? state : { ...state, status: 'DONE', percent: 100 };
      case 'MediaJobFailed':
        return state.status === 'NONE' ? state : { ...state, status: 'FAILED' };
      default:
        return state;
    }
  },
};

export type { MediaFile };
