import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { BatchObserver } from '../../projections/projection-runner';
import type { Metrics } from './metrics';
import { linksTo, tracer } from './tracing';

/**
 * Times each batch the projections apply and traces it as a span linked to the appends of its
 * events (their `traceparent`, with correlation and causation ids): a command's trace reaches the
 * projections that applied it, even in another process and much later.
 */
export function observeProjectionBatches(metrics: Metrics): BatchObserver {
  return (events, apply) => {
    const first = events[0]?.position ?? 0;
    const last = events[events.length - 1]?.position ?? 0;
    return tracer().startActiveSpan(
      'projections apply batch',
      {
        kind: SpanKind.CONSUMER,
        links: linksTo(events),
        attributes: { 'speach.batch.size': events.length, 'speach.batch.first_position': first, 'speach.batch.last_position': last },
      },
      async (span) => {
        const stop = metrics.projectionBatchDuration.startTimer();
        try {
          await apply();
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          stop();
          span.end();
        }
      },
    );
  };
}
