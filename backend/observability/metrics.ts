import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a state-changing request ended as: the statuses an operator alerts on, the rest grouped. */
export type CommandOutcome = 'ok' | '400' | '401' | '403' | '404' | '409' | '413' | '429' | '4xx' | '5xx';

export function commandOutcome(status: number): CommandOutcome {
  if (status < 400) return 'ok';
  if (status >= 500) return '5xx';
  const known = ['400', '401', '403', '404', '409', '413', '429'];
  return (known.includes(String(status)) ? String(status) : '4xx') as CommandOutcome;
}

export interface ProcessorLag {
  kind: 'projection' | 'policy';
  name: string;
  position: number;
  /** Events between the head and the position. */
  behind: number;
  /** Age of the oldest event not applied yet. */
  seconds: number;
}

/** Sources the gauges read at scrape time (nothing is polled between scrapes). */
export interface MetricSources {
  lag(): Promise<ProcessorLag[]>;
  /** Jobs waiting or running, per queue, counted in their read models. */
  jobQueues(): Promise<{ queue: string; pending: number }[]>;
}

/**
 * One registry per application instance (several apps may live in one test process); the default
 * Node metrics (heap, event-loop lag, GC, handles) come with it.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources | null = null;
  private lagInFlight: Promise<ProcessorLag[]> | null = null;

  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: rate() of its _count is the request rate.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly commands = new Counter({
    name: 'commands_total',
    help: 'State-changing requests by route pattern and outcome (ok, 400, 401, 403, 404, 409, 429, 5xx…).',
    labelNames: ['route', 'outcome'],
    registers: [this.registry],
  });

  readonly appendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Durable appends to the event store, by outcome (ok, conflict, error).',
    labelNames: ['outcome'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  readonly appendedEvents = new Counter({
    name: 'event_store_appended_events_total',
    help: 'Events appended by this process.',
    registers: [this.registry],
  });

  readonly queryDuration = new Histogram({
    name: 'read_store_query_duration_seconds',
    help: 'Read-store queries by collection and operation.',
    labelNames: ['collection', 'operation'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  readonly projectionBatchDuration = new Histogram({
    name: 'projection_batch_duration_seconds',
    help: 'Batches of the log applied by the projections (all projections of one batch together).',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const metrics = this;
    const lagGauge = (name: string, help: string, value: (lag: ProcessorLag) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind', 'name'],
        registers: [this.registry],
        async collect() {
          const lags = await metrics.lag();
          this.reset();
          for (const lag of lags) this.set({ kind: lag.kind, name: lag.name }, value(lag));
        },
      });
    lagGauge('processor_position', 'Last log position applied by each projection and policy.', (lag) => lag.position);
    lagGauge('processor_lag_events', 'Events between the head of the log and each projection or policy.', (lag) => lag.behind);
    lagGauge('processor_lag_seconds', 'Age of the oldest event a projection or policy has not applied yet (0 when caught up).', (lag) => lag.seconds);
    new Gauge({
      name: 'job_queue_pending',
      help: 'Jobs waiting or running per queue (SCORM exports, AI generations, CSV exports), from their read models.',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { queue, pending } of (await metrics.sources?.jobQueues()) ?? []) this.set({ queue }, pending);
      },
    });
  }

  /** The registry collects every metric at once: the three lag gauges share one read of the sources. */
  private lag(): Promise<ProcessorLag[]> {
    if (!this.lagInFlight) this.lagInFlight = (this.sources?.lag() ?? Promise.resolve([])).finally(() => (this.lagInFlight = null));
    return this.lagInFlight;
  }

  /** Connects the gauges to the running read side (once the application is built). */
  observe(sources: MetricSources): void {
    this.sources = sources;
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
