import { AI_JOBS } from '../../projections/ai.projection';
import { CSV_EXPORTS } from '../../projections/csv-exports.projection';
import { SCORM_EXPORTS } from '../../projections/scorm.projection';
import { MemoryReadStore } from '../infrastructure/read-store/memory-read-store';
import { metricSources } from './metric-sources';

describe('job queue gauges', () => {
  it('count the jobs still waiting or running in each queue, not the finished ones', async () => {
    const store = new MemoryReadStore();
    await store
      .collection(SCORM_EXPORTS)
      .bulkWrite(['RUNNING', 'DONE', 'FAILED', 'RUNNING'].map((status, i) => ({ kind: 'replace', doc: { _id: `s${i}`, status } })));
    await store
      .collection(AI_JOBS)
      .bulkWrite(['pending', 'done', 'failed', 'cancelled'].map((status, i) => ({ kind: 'replace', doc: { _id: `a${i}`, status } })));
    await store.collection(CSV_EXPORTS).bulkWrite(['DONE'].map((status, i) => ({ kind: 'replace', doc: { _id: `c${i}`, status } })));
    const sources = metricSources({} as never, store, {} as never, {} as never, {} as never);
    expect(await sources.jobQueues()).toEqual([
      { queue: 'scorm-export', pending: 2 },
      { queue: 'ai-generation', pending: 1 },
      { queue: 'csv-export', pending: 0 },
    ]);
  });
});
