import { type Link, type Span, type SpanContext, TraceFlags, trace } from '@opentelemetry/api';
import type { AppConfig } from '../config/app-config';

/** Every span of the platform comes from this tracer: a no-op one unless tracing was started. */
export function tracer() {
  return trace.getTracer('speach-platform');
}

export interface Tracing {
  /** Exports what is buffered and stops: spans ended after it are dropped. */
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (spans go to its /v1/traces as
 * OTLP/HTTP JSON); null otherwise, and every span stays a no-op. The SDK is loaded only when used.
 */
export async function startTracing(config: AppConfig): Promise<Tracing | null> {
  const endpoint = config.observability.otlpEndpoint;
  if (!endpoint) return null;
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const sdk = new NodeSDK({
    serviceName: config.observability.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
    instrumentations: [],
    // Traces only: without this the SDK would also set up an OTLP log exporter from the environment.
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/**
 * The W3C `traceparent` of a span, stored in the metadata of the events it appends: whoever applies
 * those events later (a projection in another process) links its span back to the command's trace.
 */
export function traceparentOf(span: Span): string | null {
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!trace.isSpanContextValid(span.spanContext())) return null;
  return `00-${traceId}-${spanId}-0${(traceFlags & TraceFlags.SAMPLED).toString(16)}`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function spanContextOf(traceparent: unknown): SpanContext | null {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return null;
  const context: SpanContext = { traceId: match[1], spanId: match[2], traceFlags: Number.parseInt(match[3], 16), isRemote: true };
  return trace.isSpanContextValid(context) ? context : null;
}

/** Links from a batch's span to the appends of its events, one per append (bounded: a rebuild reads millions). */
export function linksTo(events: { metadata: Record<string, unknown> }[], max = 128): Link[] {
  const links = new Map<string, Link>();
  for (const event of events) {
    if (links.size >= max) break;
    const traceparent = event.metadata.traceparent;
    const context = spanContextOf(traceparent);
    if (!context || links.has(traceparent as string)) continue;
    links.set(traceparent as string, {
      context,
      attributes: { 'speach.correlation_id': String(event.metadata.correlationId ?? ''), 'speach.causation_id': String(event.metadata.causationId ?? '') },
    });
  }
  return [...links.values()];
}
