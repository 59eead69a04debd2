import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * The headers helmet writes for these options. Computed once per kind of page: @fastify/helmet built
 * helmet's middleware again on every request (the CSP directives parsed each time), a tenth of a
 * small API answer's CPU, for headers that never vary with the request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
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
  const everywhere: HelmetOptions = {
    contentSecurityPolicy: csp("'none'"),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const headers = helmetHeaders(everywhere);
  // X-Frame-Options has no "any origin" value: the embeddable pages' CSP frame-ancestors says it alone.
  const embeddable = helmetHeaders({ ...everywhere, contentSecurityPolicy: csp('*'), frameguard: false });
  const framable = helmetHeaders({ ...everywhere, contentSecurityPolicy: csp("'self'"), frameguard: { action: 'sameorigin' } });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(EMBEDDABLE.test(request.url) ? embeddable : FRAMABLE.test(request.url) ? framable : headers);
    done();
  });
  await fastify.register(fastifyCompress as never, {
    global: true,
    threshold: 1024,
    // Brotli's default quality (11) costs far more CPU per response than it saves bytes over quality 5; its default
    // 4 MiB window is allocated per answer: 128 KiB (lgwin 17) covers the answers compressed here at half the cost
    // (0.11 vs 0.21 ms for a 16 KB search page, same size).
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 17 } },
    // The lists answer 10–40 KB of JSON: compressed in one synchronous call (0.3 ms for 33 KB) rather than through a zlib
    // stream on the thread pool, whose setup and chunked writes cost 1–3 ms of CPU per answer. The plugin's default
    // ceiling shrinks with the cores (8 KB on 2), which sent every list answer down the stream path.
    syncThreshold: 64 * 1024,
  });
}
