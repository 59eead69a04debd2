import fastifyCookie from '@fastify/cookie';
import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { publishApiDocs } from './infrastructure/http/openapi';
import { refuseCrossSiteWrites } from './infrastructure/http/csrf';
import { registerSecurityHeaders } from './infrastructure/http/security-headers';
import { createValidationPipe } from './infrastructure/http/validation';
import { serveWebApps } from './infrastructure/http/web-apps';
import { serveProbesOnly } from './infrastructure/roles/projector-http';
import type { InfrastructureOptions } from './infrastructure/infrastructure.module';
import { Platform } from './infrastructure/infrastructure.module';
import { DemoSeeder } from './seed/demo-seeder';
import { PolicyRunner } from './infrastructure/policies/policy-runner';
import { Clock } from './infrastructure/clock/clock';
import { EVENT_STORE, PROJECTION_RUNNER, READ_STORE } from './infrastructure/tokens';
import { observeHttp, serveMetrics } from './observability/http-observability';
import { metricSources } from './observability/metric-sources';
import { Metrics } from './observability/metrics';
import { observeProjectionBatches } from './observability/projection-batches';
import { startTracing } from './observability/tracing';

export interface CreateAppOptions extends InfrastructureOptions {
  /** Structured JSON request logs (pino); off in tests. */
  requestLogs?: boolean;
  /** Seed the demo organisation when the store is empty (per config.seed). */
  seed?: boolean;
  /** Nest's own signal handlers (default on); main.ts installs the graceful shutdown instead. */
  shutdownHooks?: boolean;
}

const NEST_LOG_LEVELS: Record<string, LogLevel[]> = {
  silent: [],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
};

/** Builds the whole application (not yet listening): HTTP shell, read side caught up, demo seeded. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  // Before anything makes a span: the SDK must own the global tracer provider and context manager.
  const tracing = await startTracing(config);
  const adapter = new FastifyAdapter({
    logger: options.requestLogs ? { level: config.logLevel } : false,
    bodyLimit: 10 * 1024 * 1024, // CSV imports of a few thousand users
    trustProxy: config.trustProxy,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    logger: NEST_LOG_LEVELS[config.logLevel] ?? NEST_LOG_LEVELS.info,
    abortOnError: false,
  });
  app.useGlobalPipes(createValidationPipe());
  publishApiDocs(app);
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyCookie as never);
  if (config.appRole === 'projector') serveProbesOnly(fastify);
  await registerSecurityHeaders(fastify, config);
  refuseCrossSiteWrites(fastify);
  // Chapter uploads arrive as the raw file (XHR with progress) and reach the handler unread: it streams them
  // to disk and stops at the size limit (a 210 MB body is never held in memory).
  fastify.addContentTypeParser(/^(video|audio)\/[\w.+-]+$|^image\/(jpeg|png|webp|gif)$|^application\/(pdf|octet-stream)$/, (_request, payload, done) =>
    done(null, payload),
  );
  // The AI generator's form calls (spec §7): parsed by their handlers as they stream (csrf.ts lets only those routes take them).
  fastify.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  const metrics = app.get(Metrics);
  observeHttp(fastify, metrics);
  await serveWebApps(fastify, config);
  serveMetrics(fastify, metrics, config);
  const projectionRunner = app.get(PROJECTION_RUNNER);
  projectionRunner.observeBatches(observeProjectionBatches(metrics));
  metrics.observe(metricSources(app.get(EVENT_STORE), app.get(READ_STORE), projectionRunner, app.get(PolicyRunner), app.get(Clock)));
  // Last to close: the spans of the shutdown's final batches are exported too.
  if (tracing) fastify.addHook('onClose', () => tracing.shutdown());

  await app.get(Platform).start();
  await app.init();
  if (options.seed !== false) await app.get(DemoSeeder).seedIfEmpty();
  return app;
}
