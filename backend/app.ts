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
  fastify.addContentTypeParser(/^(video|audio)\/[\w.+-]+$|^application\/(pdf|octet-stream)$/, (_request, payload, done) => done(null, payload));
  // The AI generator's form calls (spec §7): parsed by their handlers as they stream (csrf.ts lets only those routes take them).
  fastify.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  await serveWebApps(fastify, config);

  await app.get(Platform).start();
  await app.init();
  if (options.seed !== false) await app.get(DemoSeeder).seedIfEmpty();
  return app;
}
