import type { MediaJobEvent, MediaJobRequested } from '../../../events';
import { IllegalStateError, ValidationError } from '../../infrastructure/decider/decider';
import { deciderSpec } from '../../infrastructure/decider/given-when-then';
import { mediaJobDecider } from './media-job.decider';

const video = { blobId: 'a'.repeat(64), mimeType: 'video/mp4', size: 1000 };
const voice = { blobId: 'b'.repeat(64), mimeType: 'audio/webm', size: 100 };
const requested: MediaJobRequested['data'] = {
  jobId: 'j1',
  kind: 'VOICE_OVER',
  speachId: 's1',
  chapterId: 'c1',
  requestedBy: 'u1',
  inputs: [video, voice],
  mode: 'replace',
  speech: null,
  trackKey: null,
  key: null,
};
const started: MediaJobEvent = { type: 'MediaJobRequested', data: requested };
const mixed = { role: 'mixed' as const, blobId: 'c'.repeat(64), mimeType: 'video/mp4', size: 900 };
const spec = deciderSpec(mediaJobDecider);

describe('media job decider', () => {
  it('requests a job once', () => {
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...requested })
      .then([started]);
    spec
      .given([started])
      .when({ type: 'RequestMediaJob', ...requested })
      .thenThrows(IllegalStateError, /already requested/);
  });

  it('refuses a voice-over without its two files or its mode', () => {
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...requested, inputs: [video] })
      .thenThrows(ValidationError, /2 file/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...requested, mode: null })
      .thenThrows(ValidationError, /replaces or ducks/);
  });

  it('requests a cut of one file with its kept ranges, and refuses a cut keeping nothing or ranges on another kind', () => {
    const cut = {
      ...requested,
      kind: 'CUT' as const,
      inputs: [video],
      mode: null,
      keep: [
        { start: 0, end: 1 },
        { start: 2, end: 3 },
      ],
    };
    const { type: _t, ...data } = { type: 'RequestMediaJob' as const, ...cut };
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...cut })
      .then([{ type: 'MediaJobRequested', data }]);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...cut, keep: [] })
      .thenThrows(ValidationError, /at least one range/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...cut, keep: [{ start: 2, end: 1 }] })
      .thenThrows(ValidationError, /ending after/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...requested, keep: [{ start: 0, end: 1 }] })
      .thenThrows(ValidationError, /keeps no ranges/);
  });

  it('refuses speech without text or over 3,000 characters', () => {
    const speech = { ...requested, kind: 'SPEECH' as const, inputs: [], mode: null };
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text: '  ', lang: 'fr-FR' } })
      .thenThrows(ValidationError, /empty/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text: 'x'.repeat(3001), lang: 'fr-FR' } })
      .thenThrows(ValidationError, /3000/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text: 'Bonjour', lang: 'fr-FR' } })
      .then([{ type: 'MediaJobRequested', data: { ...speech, speech: { text: 'Bonjour', lang: 'fr-FR' } } }]);
  });

  it('a subtitle voice carries its cues: each timed and spoken, the 3,000 characters of typed text not applying', () => {
    const speech = { ...requested, kind: 'SPEECH' as const, inputs: [], mode: null, trackKey: 'sub-fr' };
    const cues = [
      { start: 0, end: 2.5, text: 'Bienvenue à bord.' },
      { start: 3, end: 6, text: 'x'.repeat(500) },
      { start: 6, end: 9, text: 'y'.repeat(500) },
      { start: 9, end: 12, text: 'z'.repeat(500) },
      { start: 12, end: 15, text: 'w'.repeat(500) },
      { start: 15, end: 18, text: 'v'.repeat(500) },
      { start: 18, end: 21, text: 'u'.repeat(500) },
    ];
    const text = cues.map((c) => c.text).join(' ');
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text, lang: 'fr-FR', cues } })
      .then([{ type: 'MediaJobRequested', data: { ...speech, speech: { text, lang: 'fr-FR', cues } } }]);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text: 'a b', lang: 'fr-FR', cues: [cues[0], { start: 4, end: 3, text: 'b' }] } })
      .thenThrows(ValidationError, /ends after it starts/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text: 'a', lang: 'fr-FR', cues: [{ start: 0, end: 1, text: ' ' }] } })
      .thenThrows(ValidationError, /1 to 500 characters/);
    spec
      .given([])
      .when({ type: 'RequestMediaJob', ...speech, speech: { text: 'a', lang: 'fr-FR', cues: [] } })
      .thenThrows(ValidationError, /1 to 5000 cues/);
  });

  it('records progress forward only', () => {
    const at40: MediaJobEvent = { type: 'MediaJobProgressed', data: { jobId: 'j1', percent: 40 } };
    spec.given([started]).when({ type: 'RecordMediaProgress', jobId: 'j1', percent: 40.7 }).then([at40]);
    spec.given([started, at40]).when({ type: 'RecordMediaProgress', jobId: 'j1', percent: 30 }).then([]);
  });

  it('completes a running job with what it is about, once', () => {
    const completed: MediaJobEvent = {
      type: 'MediaJobCompleted',
      data: { jobId: 'j1', kind: 'VOICE_OVER', speachId: 's1', chapterId: 'c1', outputs: [mixed], durationSeconds: 10, engine: null },
    };
    spec
      .given([started])
      .when({ type: 'CompleteMediaJob', jobId: 'j1', outputs: [mixed], durationSeconds: 10, engine: null })
      .then([completed]);
    spec
      .given([started, completed])
      .when({ type: 'CompleteMediaJob', jobId: 'j1', outputs: [mixed], durationSeconds: 10, engine: null })
      .thenThrows(IllegalStateError, /already finished/);
    spec.given([started, completed]).when({ type: 'FailMediaJob', jobId: 'j1', reason: 'late' }).thenThrows(IllegalStateError);
  });

  it('fails a running job with its reason; an unknown job cannot finish', () => {
    spec
      .given([started])
      .when({ type: 'FailMediaJob', jobId: 'j1', reason: 'ffmpeg failed' })
      .then([{ type: 'MediaJobFailed', data: { jobId: 'j1', kind: 'VOICE_OVER', speachId: 's1', chapterId: 'c1', reason: 'ffmpeg failed' } }]);
    spec
      .given([])
      .when({ type: 'FailMediaJob', jobId: 'j1', reason: 'x' })
      .thenThrows(IllegalStateError, /Unknown/);
  });
});
