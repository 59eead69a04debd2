import type { RecordedEvent } from '../../events';
import { AI_JOBS } from '../../projections/ai.projection';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { CSV_EXPORTS } from '../../projections/csv-exports.projection';
import { SCORM_EXPORTS } from '../../projections/scorm.projection';
import type { Clock } from '../infrastructure/clock/clock';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import type { PolicyRunner } from '../infrastructure/policies/policy-runner';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import type { MetricSources } from './metrics';

/** The job queues and what counts as waiting in each: their read models' own status values. */
const QUEUES = [
  { queue: 'scorm-export', collection: SCORM_EXPORTS, filter: { status: 'RUNNING' } },
  { queue: 'ai-generation', collection: AI_JOBS, filter: { status: 'pending' } },
  { queue: 'csv-export', collection: CSV_EXPORTS, filter: { status: 'RUNNING' } },
];

export function metricSources(events: EventStore, readStore: ReadStore, projections: ProjectionRunner, policies: PolicyRunner, clock: Clock): MetricSources {
  return {
    async lag() {
      const head = await events.headPosition();
      const oldest = new Map<number, Promise<RecordedEvent | undefined>>();
      // How long the first event after a position has waited: one read per distinct position.
      const secondsBehind = async (position: number) => {
        if (position >= head) return 0;
        if (!oldest.has(position))
          oldest.set(
            position,
            events.readAll({ after: position, maxCount: 1 }).then((e) => e[0]),
          );
        const event = await oldest.get(position);
        return event ? Math.max(0, (clock.now().getTime() - Date.parse(event.time)) / 1000) : 0;
      };
      const processors = [
        ...projections.status().map((s) => ({ kind: 'projection' as const, name: s.rebuilding ? `${s.name}@v${s.version}` : s.name, position: s.position })),
        ...policies.status().flatMap((s) => (s.position === null ? [] : [{ kind: 'policy' as const, name: s.name, position: s.position }])),
      ];
      return Promise.all(processors.map(async (p) => ({ ...p, behind: Math.max(0, head - p.position), seconds: await secondsBehind(p.position) })));
    },
    async jobQueues() {
      return Promise.all(QUEUES.map(async ({ queue, collection, filter }) => ({ queue, pending: await readStore.collection(collection).count(filter) })));
    },
  };
}
