import { mediaJobStream, uuidv7 } from '../../events';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { ReadModels } from '../../backend/infrastructure/read-models';
import type { ReadStore } from '../../backend/infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../backend/infrastructure/tokens';
import { MediaJobWorker } from '../../backend/media';
import { MEDIA_JOBS, type MediaJobDocument } from '../../projections/media.projection';
import { startTestApp } from '../support/test-app';

/** A media job whose process stopped before running it is run by the next process. */
describe('Media jobs after a restart (issue 22)', () => {
  it('runs at start the jobs the log holds as requested but never finished', async () => {
    const eventStore = new MemoryEventStore();
    const jobId = uuidv7();
    // What a process that stopped right after the request left behind: the request, no outcome.
    await eventStore.appendToStream(
      mediaJobStream(jobId),
      [
        {
          id: uuidv7(),
          type: 'MediaJobRequested',
          data: {
            jobId,
            kind: 'SPEECH',
            speachId: 's-gone',
            chapterId: 'c-gone',
            requestedBy: 'u1',
            inputs: [],
            mode: null,
            speech: { text: 'Still here after the restart.', lang: 'en-GB' },
            trackKey: null,
            key: null,
          },
          schemaVersion: 1,
          metadata: { userId: 'u1', correlationId: jobId, causationId: jobId },
          time: new Date().toISOString(),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const t = await startTestApp({ eventStore, seed: false });
    try {
      await t.app.get(MediaJobWorker).idle();
      await t.app.get(ReadModels).settle(await eventStore.headPosition());
      const job = await t.app.get<ReadStore>(READ_STORE).collection<MediaJobDocument>(MEDIA_JOBS).findById(jobId);
      expect(job?.status).toBe('done');
      expect(job?.engine).toBe('espeak-ng');
      expect(job?.outputs).toEqual([expect.objectContaining({ role: 'speech', mimeType: 'audio/mp4' })]);
      expect(job?.durationSeconds).toBeGreaterThan(1);
      const stream = await eventStore.readStream(mediaJobStream(jobId));
      expect(stream.map((e) => e.type).at(-1)).toBe('MediaJobCompleted');
    } finally {
      await t.close();
    }
  });
});
