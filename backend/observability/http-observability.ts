import { timingSafeEqual } from 'node:crypto';
import { type Span, SpanKind, SpanStatusCode, ROOT_CONTEXT, context, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { type Metrics, commandOutcome } from './metrics';
import { tracer } from './tracing';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The route pattern (`/api/v2/speaches/:id`), never the raw URL: one series per route, not per id. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Times every request per route, counts state-changing ones per outcome, and wraps each in a
 * server span that is the active context while the handler runs (its appends become children).
 */
export function observeHttp(fastify: FastifyInstance, metrics: Metrics): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  // One labelled series per route, method and status, resolved once rather than its labels hashed on every answer.
  const durations = new Map<string, ReturnType<Metrics['requestDuration']['labels']>>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = routeOf(request);
    spans.set(
      request,
      tracer().startSpan(
        `${request.method} ${route}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } },
        ROOT_CONTEXT,
      ),
    );
    done();
  });
  // After the body is read: from here the handler's async work inherits the span as its context.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(ROOT_CONTEXT, span), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let series = durations.get(key);
    if (!series) durations.set(key, (series = metrics.requestDuration.labels({ method: request.method, route, status: String(status) })));
    series.observe(reply.elapsedTime / 1000);
    if (!READS.has(request.method)) metrics.commands.inc({ route, outcome: commandOutcome(status) });
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', status);
      const correlation = reply.getHeader('x-correlation-id');
      if (typeof correlation === 'string') span.setAttribute('speach.correlation_id', correlation);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/**
 * `/metrics` in the Prometheus text format. It tells how busy and how far behind the service is and
 * which routes exist, so it is not public: open from the machine itself (a direct connection, not one
 * relayed by a proxy), or to a scraper presenting METRICS_TOKEN as a bearer token.
 */
export function serveMetrics(fastify: FastifyInstance, metrics: Metrics, config: AppConfig): void {
  const token = config.observability.metricsToken;
  fastify.get('/metrics', async (request, reply) => {
    if (!presentsToken(request, token) && !isLocal(request)) {
      void reply.status(token ? 401 : 403);
      if (token) void reply.header('www-authenticate', 'Bearer');
      return { message: token ? 'A bearer token is required for /metrics' : '/metrics answers only local scrapers' };
    }
    void reply.header('content-type', metrics.contentType);
    void reply.header('cache-control', 'no-store');
    return metrics.exposition();
  });
}

function isLocal(request: FastifyRequest): boolean {
  // A local reverse proxy relays outside clients from the loopback address: those say so in a header.
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
}

function presentsToken(request: FastifyRequest, token: string | null): boolean {
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const presented = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
