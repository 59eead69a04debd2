import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { createValidationPipe } from './infrastructure/http/validation';
import type { InfrastructureOptions } from './infrastructure/infrastructure.module';
import { Platform } from './infrastructure/infrastructure.module';
import { DemoSeeder } from './seed/demo-seeder';

export interface CreateAppOptions extends InfrastructureOptions {
  /** Structured JSON request logs (pino); off in tests. */
  requestLogs?: boolean;
  /** Seed the demo organisation when the store is empty (per config.seed). */
  seed?: boolean;
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
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    logger: NEST_LOG_LEVELS[config.logLevel] ?? NEST_LOG_LEVELS.info,
    abortOnError: false,
  });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyCookie as never);
  // Chapter uploads arrive as the raw file (XHR with progress) and reach the handler unread: it streams them
  // to disk and stops at the size limit (a 210 MB body is never held in memory).
  fastify.addContentTypeParser(/^(video|audio)\/[\w.+-]+$|^application\/(pdf|octet-stream)$/, (_request, payload, done) => done(null, payload));
  await serveWebApps(app, config);

  await app.get(Platform).start();
  await app.init();
  if (options.seed !== false) await app.get(DemoSeeder).seedIfEmpty();
  return app;
}

/** The learner SPA at `/` and the back office at `/admin/`, each with its index.html as fallback. */
async function serveWebApps(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const learner = join(config.webRoot, 'learner', 'dist');
  const admin = join(config.webRoot, 'admin', 'dist');
  const hasLearner = existsSync(join(learner, 'index.html'));
  const hasAdmin = existsSync(join(admin, 'index.html'));
  if (!hasLearner || !hasAdmin) {
    new Logger('Web').warn(`Web apps not built (run "npm run build:web"); serving the API only`);
  }
  if (hasLearner) await fastify.register(fastifyStatic as never, { root: learner, prefix: '/', wildcard: false, index: false });
  if (hasAdmin) await fastify.register(fastifyStatic as never, { root: admin, prefix: '/admin/', wildcard: false, decorateReply: false, index: false });
  fastify.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  // Spec §2 back-office routes answer with their screen in the react-admin app (hash routing).
  const backOffice: Record<string, string> = {
    '/administration/importUser': '/admin/#/administration/importUser',
    '/administration/listGroupe': '/admin/#/groups',
    '/administration/t/all': '/admin/#/users',
    '/admin.listspeach/listperiodicreviews': '/admin/#/admin.listspeach/listperiodicreviews',
  };
  for (const [path, target] of Object.entries(backOffice)) fastify.get(path, (_request, reply) => reply.redirect(target));
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/')) return reply.status(404).send({ message: `No API route ${path}` });
    const app = path.startsWith('/admin/') ? (hasAdmin ? admin : null) : hasLearner ? learner : null;
    if (!app) return reply.status(404).send({ message: 'Web app not built' });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html', app);
  });
}
