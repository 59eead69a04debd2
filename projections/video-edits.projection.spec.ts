import type { RecordedEvent } from '../events';
import { MemoryReadStore } from '../backend/infrastructure/read-store/memory-read-store';
import { UnitOfWork } from './unit-of-work';
import { VIDEO_EDITS, type VideoEditDocument, videoEditsProjection } from './video-edits.projection';

/** Applies events one batch each, as the runner does, and reads the editor's document. */
function harness() {
  const store = new MemoryReadStore();
  let position = 0;
  return {
    async apply(type: string, data: Record<string, unknown>) {
      const unit = new UnitOfWork(store);
      position += 1;
      const event = { id: `e${position}`, type, data, schemaVersion: 1, metadata: {}, time: `2026-11-24T12:00:0${position}Z`, position } as RecordedEvent;
      unit.applying(event);
      await videoEditsProjection.handlers[type]?.(event, unit);
      await unit.commit();
    },
    doc: (chapterId: string) => store.collection<VideoEditDocument>(VIDEO_EDITS).findById(chapterId),
  };
}

const keep = [{ start: 0, end: 2 }];
const cutAsked = (cutId: string, ranges = keep) => ({ chapterId: 'c1', speachId: 's1', cutId, keep: ranges, sourceDuration: 10, requestedBy: 'u1' });
const job = (jobId: string, extra: Record<string, unknown> = {}) => ({
  jobId,
  kind: 'CUT',
  speachId: 's1',
  chapterId: 'c1',
  requestedBy: 'u1',
  inputs: [],
  mode: null,
  speech: null,
  trackKey: null,
  key: null,
  keep,
  ...extra,
});

describe('video-edits projection: the outcome of a cut', () => {
  it('a cut is PENDING, then DONE when the job that names it completes', async () => {
    const h = harness();
    await h.apply('ChapterVideoCutRequested', cutAsked('cut-1'));
    expect((await h.doc('c1'))?.cuts).toEqual([expect.objectContaining({ cutId: 'cut-1', status: 'PENDING', jobId: null })]);
    await h.apply('MediaJobRequested', job('j1', { cutId: 'cut-1' }));
    await h.apply('MediaJobCompleted', { jobId: 'j1', kind: 'CUT', speachId: 's1', chapterId: 'c1', outputs: [], durationSeconds: 2, engine: null });
    expect((await h.doc('c1'))?.cuts).toEqual([
      expect.objectContaining({ cutId: 'cut-1', status: 'DONE', jobId: 'j1', reason: null, finishedAt: '2026-11-24T12:00:03Z' }),
    ]);
  });

  it('a failed job marks its cut FAILED with the reason, and leaves the other cuts alone', async () => {
    const h = harness();
    await h.apply('ChapterVideoCutRequested', cutAsked('cut-1'));
    await h.apply('ChapterVideoCutRequested', cutAsked('cut-2', [{ start: 1, end: 2 }]));
    await h.apply('MediaJobRequested', job('j2', { cutId: 'cut-2', keep: [{ start: 1, end: 2 }] }));
    await h.apply('MediaJobFailed', { jobId: 'j2', kind: 'CUT', speachId: 's1', chapterId: 'c1', reason: 'Nothing would be kept' });
    const cuts = (await h.doc('c1'))!.cuts;
    expect(cuts.map((c) => [c.cutId, c.status, c.reason])).toEqual([
      ['cut-1', 'PENDING', null],
      ['cut-2', 'FAILED', 'Nothing would be kept'],
    ]);
  });

  it('a job recorded before jobs named their cut is matched to the oldest waiting cut with its ranges', async () => {
    const h = harness();
    await h.apply('ChapterVideoCutRequested', cutAsked('cut-1'));
    await h.apply('ChapterVideoCutRequested', cutAsked('cut-2'));
    await h.apply('MediaJobRequested', job('j1'));
    await h.apply('MediaJobRequested', job('j2'));
    await h.apply('MediaJobCompleted', { jobId: 'j2', kind: 'CUT', speachId: 's1', chapterId: 'c1', outputs: [], durationSeconds: 2, engine: null });
    const cuts = (await h.doc('c1'))!.cuts;
    expect(cuts.map((c) => [c.cutId, c.jobId, c.status])).toEqual([
      ['cut-1', 'j1', 'PENDING'],
      ['cut-2', 'j2', 'DONE'],
    ]);
  });

  it('other media jobs and chapters the editor never touched change nothing', async () => {
    const h = harness();
    await h.apply('MediaJobRequested', job('j9', { chapterId: 'other' }));
    await h.apply('MediaJobCompleted', { jobId: 'j8', kind: 'TRANSCODE', speachId: 's1', chapterId: 'other', outputs: [], durationSeconds: 2, engine: null });
    expect(await h.doc('other')).toBeNull();
  });
});
