import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Adapters } from '../infrastructure/adapters';
import { forwarding } from '../infrastructure/forwarding-proxy';
import { type EventStore, WrongExpectedRevisionError } from '../infrastructure/event-store/event-store.port';
import type { Collection, ReadStore } from '../infrastructure/read-store/read-store.port';
import type { Metrics } from './metrics';
import { traceparentOf, tracer } from './tracing';

/**
 * The same adapters with their appends timed and traced. Read-store queries are timed where the
 * application reads (the READ_STORE provider), not under the projections, whose rebuilds make
 * millions of lookups a histogram would slow down.
 */
export function instrumentAdapters(adapters: Adapters, metrics: Metrics): Adapters {
  return { ...adapters, eventStore: instrumentEventStore(adapters.eventStore, metrics), close: () => adapters.close() };
}

export function instrumentEventStore(store: EventStore, metrics: Metrics): EventStore {
  const appendToStream: EventStore['appendToStream'] = (streamId, events, options) =>
    tracer().startActiveSpan(
      'event-store append',
      { kind: SpanKind.PRODUCER, attributes: { 'speach.stream_id': streamId, 'speach.event_count': events.length } },
      async (span) => {
        const first = events[0]?.metadata;
        if (first) span.setAttributes({ 'speach.correlation_id': first.correlationId, 'speach.causation_id': first.causationId });
        const traceparent = traceparentOf(span);
        // Only a recorded trace is worth naming in the log; without tracing the events stay as they were.
        const stamped = traceparent && span.isRecording() ? events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent } })) : events;
        const stop = metrics.appendDuration.startTimer();
        try {
          const result = await store.appendToStream(streamId, stamped, options);
          stop({ outcome: 'ok' });
          metrics.appendedEvents.inc(events.length);
          span.setAttribute('speach.position', result.position);
          return result;
        } catch (error) {
          stop({ outcome: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  return forwarding(store, { appendToStream });
}

const QUERIES = ['find', 'findOne', 'findById', 'peekById', 'findByIds', 'count', 'findPage', 'distinct', 'aggregate'] as const;

export function instrumentReadStore(store: ReadStore, metrics: Metrics): ReadStore {
  // Per name: a store's collection objects resolve their storage on each call, one per name serves.
  const timed = new Map<string, Collection>();
  const collection = (name: string) => {
    let wrapped = timed.get(name);
    if (!wrapped) {
      const raw = store.collection(name);
      const overrides: Partial<Record<keyof Collection, unknown>> = {};
      for (const operation of QUERIES) {
        const query = (raw[operation] as (...args: unknown[]) => Promise<unknown>).bind(raw);
        // The labelled series resolved once: a timer per call hashed the labels again on every query.
        const series = metrics.queryDuration.labels({ collection: name, operation });
        overrides[operation] = async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await query(...args);
          } finally {
            series.observe((performance.now() - started) / 1000);
          }
        };
      }
      wrapped = forwarding(raw, overrides);
      timed.set(name, wrapped);
    }
    return wrapped;
  };
  return forwarding(store, { collection });
}
