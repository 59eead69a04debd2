import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { AppConfig } from '../../config/app-config';

/**
 * The learner app's own routes (web/learner/src/routes.tsx, spec §2). Only these answer with the
 * app's index.html; any other GET that is not a file is a 404, so a poller of a route that does not
 * exist never reads the app's HTML as a success. A test keeps this list and routes.tsx in step.
 */
export const LEARNER_ROUTES = [
  '/',
  '/login',
  '/logout',
  '/gcuContent',
  '/pdpContent',
  '/accessibility-statement',
  '/accessibility-statement/edit',
  '/account',
  '/catalogue',
  '/account/s/validate',
  '/account/s/validateInProgress',
  '/account/myNotifications',
  '/messages',
  '/unsubscribe-success',
  '/set-password',
  '/workflow/validator/:speachID',
  '/workflow/author/:speachID',
  '/profil/:userID/:slug',
  '/recorder/indexrecorderlayout',
  '/recorder/edit/:speachID',
  '/recorder/aiSpeachGenerator',
  '/recorder/editionparcour/:pathId',
  '/recorder/video-editor/:chapterId',
  '/list-versions/:speachID',
  '/analytics/s/:speachID',
  '/analytics/u/:id',
  '/s/:speachID',
  '/s/:speachID/:slug',
  '/play/:speachID/:slug',
  '/play-embedded/:speachID',
  '/p/:pathId/:slug',
  '/p/:pathId',
  '/embed/:speachID',
  '/editEmbed',
  '/editEmbed/:speachID',
];

const LEARNER_PATTERNS = LEARNER_ROUTES.map((route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** The back office routes by hash (`/admin/#/users`): its only page is /admin/. */
const ADMIN_HOME = '/admin/';

export function isLearnerRoute(path: string): boolean {
  return LEARNER_PATTERNS.some((pattern) => pattern.test(path));
}

/** Bundles under /assets carry a content hash in their names: cached for good. Anything else is checked each time. */
function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const hashed = filePath.includes(`${sep}assets${sep}`);
  void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The learner SPA at `/` and the back office at `/admin/`, each with its index.html on its own routes. */
export async function serveWebApps(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const learner = join(config.webRoot, 'learner', 'dist');
  const admin = join(config.webRoot, 'admin', 'dist');
  const hasLearner = existsSync(join(learner, 'index.html'));
  const hasAdmin = existsSync(join(admin, 'index.html'));
  if (!hasLearner || !hasAdmin) {
    new Logger('Web').warn(`Web apps not built (run "npm run build:web"); serving the API only`);
  }
  const files = { wildcard: false, index: false, cacheControl: false, setHeaders: cacheHeaders };
  if (hasLearner) await fastify.register(fastifyStatic as never, { root: learner, prefix: '/', ...files });
  if (hasAdmin) await fastify.register(fastifyStatic as never, { root: admin, prefix: '/admin/', decorateReply: false, ...files });
  fastify.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  // Spec §2 back-office routes answer with their screen in the react-admin app (hash routing).
  const backOffice: Record<string, string> = {
    '/administration/importUser': '/admin/#/administration/importUser',
    '/administration/listGroupe': '/admin/#/groups',
    '/administration/t/all': '/admin/#/users',
    '/admin.listspeach/listperiodicreviews': '/admin/#/admin.listspeach/listperiodicreviews',
    '/administration/scorm/massExport': '/admin/#/administration/scorm/massExport',
  };
  for (const [path, target] of Object.entries(backOffice)) fastify.get(path, (_request, reply) => reply.redirect(target));
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/')) return reply.status(404).send({ message: `No API route ${path}` });
    const app = path === ADMIN_HOME ? admin : isLearnerRoute(path) ? learner : null;
    if (!app) return reply.status(404).send({ message: `Nothing at ${path}` });
    if (!(app === admin ? hasAdmin : hasLearner)) return reply.status(404).send({ message: 'Web app not built' });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html', app);
  });
}
