import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { AppConfig } from '../../config/app-config';

/** Pages another page of ours may frame: the back office's preview (/play-embedded) and uploaded PDFs shown in the reader. */
const FRAMABLE = /^\/(play-embedded|blob)\//;
/**
 * The embed player and editor (spec §2): framed by any LMS or site a package or an embed code is loaded
 * into, whose origins are not known in advance. The access token in the address is the guard.
 */
const EMBEDDABLE = /^\/(embed\/[^/?#]+|editEmbed(\/[^/?#]+)?)\/?(\?|$)/;

type Directives = Record<string, string[]>;

function directives(frameAncestors: string): Directives {
  return {
    'default-src': ["'self'"],
    // The built index.html files load their bundles from /assets only: no inline script, no eval.
    'script-src': ["'self'"],
    // MUI (emotion) inserts <style> elements at run time; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // EMBED chapters show external players (YouTube, Vimeo…); PDFs come from /blob.
    'frame-src': ["'self'", 'https:'],
    'frame-ancestors': [frameAncestors],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * Security headers on every answer (issue 16 item 6): a CSP without inline script, never framed by
 * another site (the back office and the app not at all, the preview and PDFs only by our own pages),
 * nosniff, a referrer that names only our origin to other sites, HSTS when served over HTTPS
 * (COOKIE_SECURE), and compressed bodies.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const csp = (frameAncestors: string) => ({
    useDefaults: false,
    directives: config.cookieSecure ? { ...directives(frameAncestors), 'upgrade-insecure-requests': [] } : directives(frameAncestors),
  });
  await fastify.register(fastifyHelmet as never, {
    global: true,
    contentSecurityPolicy: csp("'none'"),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (EMBEDDABLE.test(request.url)) {
      (reply as FastifyReply & { helmet(options: object): void }).helmet({ contentSecurityPolicy: csp('*'), frameguard: false });
      // X-Frame-Options has no "any origin" value: the CSP's frame-ancestors says it.
      reply.removeHeader('x-frame-options');
      return;
    }
    if (!FRAMABLE.test(request.url)) return;
    (reply as FastifyReply & { helmet(options: object): void }).helmet({ contentSecurityPolicy: csp("'self'"), frameguard: { action: 'sameorigin' } });
  });
  await fastify.register(fastifyCompress as never, {
    global: true,
    threshold: 1024,
    // Brotli's default quality (11) costs far more CPU per response than it saves bytes over quality 5.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    // The lists answer 10–40 KB of JSON: compressed in one synchronous call (0.3 ms for 33 KB) rather than through a zlib
    // stream on the thread pool, whose setup and chunked writes cost 1–3 ms of CPU per answer. The plugin's default
    // ceiling shrinks with the cores (8 KB on 2), which sent every list answer down the stream path.
    syncThreshold: 64 * 1024,
  });
}
