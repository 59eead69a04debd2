import type { RecordedEvent } from '../events';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { CHAPTER_SUBTITLES, type ChapterSubtitlesDocument, subtitlesProjection } from './subtitles.projection';
import { UnitOfWork } from './unit-of-work';

describe('subtitles projection', () => {
  const store = new MemoryReadStore({ freezeAdopted: true });
  let position = 0;
  async function apply(type: string, data: Record<string, unknown>, replay?: RecordedEvent): Promise<RecordedEvent> {
    const event: RecordedEvent = replay ?? {
      id: `e${++position}`,
      type,
      data: { chapterId: 'c1', speachId: 's1', ...data },
      schemaVersion: 1,
      metadata: { userId: 'u', correlationId: 'c', causationId: 'c' },
      time: '2026-11-24T08:00:00.000Z',
      streamId: 'subtitles-c1',
      revision: position - 1,
      position,
    };
    const work = new UnitOfWork(store);
    work.applying(event);
    await subtitlesProjection.handlers[event.type](event, work);
    await work.commit();
    return event;
  }
  const doc = () => store.collection<ChapterSubtitlesDocument>(CHAPTER_SUBTITLES).findById('c1');
  const cues = [{ start: 0, end: 1000, text: 'Hello' }];

  it('keeps the tracks, their edits and removals, and the transcript status with its reason', async () => {
    const added = await apply('SubtitleAdded', { subtitleId: 't1', lang: 'en_US', label: 'English', cues, source: 'UPLOAD' });
    await apply('SubtitleAdded', { subtitleId: 't2', lang: 'de_DE', label: 'Deutsch', cues, source: 'UPLOAD' });
    await apply('SubtitleEdited', { subtitleId: 't1', label: 'English (US)', cues: [{ start: 0, end: 500, text: 'Hi' }] });
    await apply('SubtitleRemoved', { subtitleId: 't2' });
    // A redelivered event changes nothing.
    await apply('SubtitleAdded', {}, added);
    expect((await doc())?.tracks).toEqual([{ id: 't1', lang: 'en_US', label: 'English (US)', source: 'UPLOAD', cues: [{ start: 0, end: 500, text: 'Hi' }] }]);

    await apply('TranscriptRequested', { blobId: 'b1', lang: 'fr_FR' });
    expect(await doc()).toMatchObject({ autoTranscriptStatus: 'WAITING', transcriptLang: 'fr_FR', blobId: 'b1', transcriptReason: null });
    await apply('TranscriptFailed', { blobId: 'b1', reason: 'provider down' });
    expect(await doc()).toMatchObject({ autoTranscriptStatus: 'ERROR', transcriptReason: 'provider down' });
    await apply('TranscriptRequested', { blobId: 'b1', lang: 'fr_FR' });
    await apply('TranscriptCompleted', { blobId: 'b1', lang: 'fr_FR', subtitleId: 'auto', cues, text: 'Hello' });
    expect(await doc()).toMatchObject({ autoTranscriptStatus: 'DONE', transcriptText: 'Hello', transcriptReason: null });
    expect((await doc())?.tracks.map((t) => [t.id, t.label, t.source])).toEqual([
      ['t1', 'English (US)', 'UPLOAD'],
      ['auto', 'français (France) (auto)', 'TRANSCRIPT'],
    ]);
    await apply('TranscriptNotAvailable', { blobId: 'b2', reason: 'No transcription service is configured' });
    expect(await doc()).toMatchObject({ autoTranscriptStatus: 'NA', transcriptText: null, blobId: 'b2' });
  });
});
