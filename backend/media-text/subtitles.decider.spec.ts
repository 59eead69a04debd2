import type { SubtitleEvent } from '../../events';
import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { subtitlesDecider } from './subtitles.decider';

describe('subtitles decider', () => {
  const spec = deciderSpec(subtitlesDecider);
  const ids = { chapterId: 'c1', speachId: 's1' };
  const cues = [{ start: 0, end: 1000, text: 'Hello' }];
  const added: SubtitleEvent = { type: 'SubtitleAdded', data: { ...ids, subtitleId: 't1', lang: 'en_US', label: 'English', cues, source: 'UPLOAD' } };
  const requested: SubtitleEvent = { type: 'TranscriptRequested', data: { ...ids, blobId: 'b1', lang: 'en_US' } };

  it('adds one track per supported language', () => {
    spec
      .given([])
      .when({ ...ids, type: 'AddSubtitle', subtitleId: 't1', lang: 'en_US', label: ' English ', cues })
      .then([added]);
    spec
      .given([added])
      .when({ ...ids, type: 'AddSubtitle', subtitleId: 't2', lang: 'en_US', label: 'Again', cues })
      .thenThrows(IllegalStateError, /already has en_US subtitles/);
    spec
      .given([])
      .when({ ...ids, type: 'AddSubtitle', subtitleId: 't1', lang: 'xx_XX', label: 'Nope', cues })
      .thenThrows(ValidationError, /supported subtitle languages/);
    spec
      .given([])
      .when({ ...ids, type: 'AddSubtitle', subtitleId: 't1', lang: 'fr_FR', label: '  ', cues })
      .thenThrows(ValidationError, /label must not be empty/);
  });

  it('edits and removes a known track only; a removed language may be added again', () => {
    spec
      .given([added])
      .when({ ...ids, type: 'EditSubtitle', subtitleId: 't1', label: 'English (US)', cues })
      .then([{ type: 'SubtitleEdited', data: { ...ids, subtitleId: 't1', label: 'English (US)', cues } }]);
    spec
      .given([])
      .when({ ...ids, type: 'EditSubtitle', subtitleId: 't1', label: 'x', cues })
      .thenThrows(NotFoundError);
    const removed: SubtitleEvent = { type: 'SubtitleRemoved', data: { ...ids, subtitleId: 't1' } };
    spec
      .given([added])
      .when({ ...ids, type: 'RemoveSubtitle', subtitleId: 't1' })
      .then([removed]);
    spec
      .given([added, removed])
      .when({ ...ids, type: 'RemoveSubtitle', subtitleId: 't1' })
      .thenThrows(NotFoundError);
    spec
      .given([added, removed])
      .when({ ...ids, type: 'AddSubtitle', subtitleId: 't3', lang: 'en_US', label: 'English', cues })
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  it('makes no transcript without a provider or for a video over 10 minutes, and says why', () => {
    spec
      .given([])
      .when({ ...ids, type: 'RequestTranscript', blobId: 'b1', lang: 'en_US', durationSeconds: 30, provider: false })
      .thenEvents(([event]) => {
        expect(event).toMatchObject({
          type: 'TranscriptNotAvailable',
          data: { blobId: 'b1', reason: expect.stringMatching(/No transcription service is configured/) },
        });
      });
    spec
      .given([])
      .when({ ...ids, type: 'RequestTranscript', blobId: 'b1', lang: 'en_US', durationSeconds: 601, provider: true })
      .thenEvents(([event]) => {
        expect(event).toMatchObject({ type: 'TranscriptNotAvailable', data: { reason: expect.stringMatching(/up to 10 minutes; this one lasts 10 minutes/) } });
      });
    spec
      .given([])
      .when({ ...ids, type: 'RequestTranscript', blobId: 'b1', lang: 'en_US', durationSeconds: 600, provider: true })
      .then([requested]);
  });

  it('asks once per video, and again for a new video or after an error', () => {
    spec
      .given([requested])
      .when({ ...ids, type: 'RequestTranscript', blobId: 'b1', lang: 'en_US', durationSeconds: 60, provider: true })
      .then([]);
    spec
      .given([requested])
      .when({ ...ids, type: 'RequestTranscript', blobId: 'b2', lang: 'en_US', durationSeconds: 60, provider: true })
      .then([{ type: 'TranscriptRequested', data: { ...ids, blobId: 'b2', lang: 'en_US' } }]);
    const failed: SubtitleEvent = { type: 'TranscriptFailed', data: { ...ids, blobId: 'b1', reason: 'provider down' } };
    spec
      .given([requested, failed])
      .when({ ...ids, type: 'RequestTranscript', blobId: 'b1', lang: 'en_US', durationSeconds: 60, provider: true })
      .then([requested]);
  });

  it('completes a waiting transcript with a track in its language, unless an uploaded one holds that language', () => {
    const complete = { ...ids, type: 'CompleteTranscript' as const, blobId: 'b1', subtitleId: 'auto', cues, text: 'Hello' };
    spec
      .given([requested])
      .when(complete)
      .then([{ type: 'TranscriptCompleted', data: { ...ids, blobId: 'b1', lang: 'en_US', subtitleId: 'auto', cues, text: 'Hello' } }]);
    spec
      .given([added, requested])
      .when(complete)
      .then([{ type: 'TranscriptCompleted', data: { ...ids, blobId: 'b1', lang: 'en_US', subtitleId: null, cues, text: 'Hello' } }]);
    spec
      .given([])
      .when(complete)
      .thenThrows(IllegalStateError, /No transcript/);
    spec
      .given([requested])
      .when({ ...ids, type: 'FailTranscript', blobId: 'b2', reason: 'x' })
      .thenThrows(IllegalStateError);
  });
});
