import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Route config flags read by the HTTP shell's hooks (Fastify route `config`). */
export interface ShellRouteConfig {
  /** A GET of the spec that changes state (toggleFavori, acceptGcu…): guarded like a POST. */
  changesState?: boolean;
  /** The route takes the raw file as its body (chapter uploads), not JSON. */
  acceptsUpload?: boolean;
  /** The route also takes a form body: RFC 8058's one-click unsubscribe posts `List-Unsubscribe=One-Click` (from the mail provider's servers, so not cross-site). */
  acceptsForm?: boolean;
}

/**
 * Marks a GET that the spec makes change state, so the shell guards it like a POST: refused
 * cross-site, and open to Idempotency-Key. Keep the spec's method; mark the route instead.
 */
export const ChangesState = () => RouteConfig({ changesState: true } satisfies ShellRouteConfig);

/**
 * The route also takes a form body: a mail provider's one-click unsubscribe posts the urlencoded
 * `List-Unsubscribe=One-Click` from its own servers (RFC 8058), and the spec's form calls (AI generator)
 * send a browser FormData (multipart). Cross-site browser requests stay refused.
 */
export const AcceptsForm = () => RouteConfig({ acceptsForm: true } satisfies ShellRouteConfig);

/** The route's body is the uploaded file itself (`video/*`, `audio/*`, PDF, octet-stream). */
export const AcceptsUpload = () => RouteConfig({ acceptsUpload: true } satisfies ShellRouteConfig);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;
// Urlencoded (RFC 8058's one-click unsubscribe) or multipart (the spec's form calls: AI generator uploads and options).
const FORM_TYPE = /^(application\/x-www-form-urlencoded\s*(;|$)|multipart\/form-data\s*;)/i;
const UPLOAD_TYPE = /^((video|audio)\/[\w.+-]+|image\/(jpeg|png|webp|gif)|application\/(pdf|octet-stream))\s*(;|$)/i;

export function routeFlags(request: FastifyRequest): ShellRouteConfig {
  return (request.routeOptions?.config ?? {}) as ShellRouteConfig;
}

export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || routeFlags(request).changesState === true;
}

/**
 * Whether the browser says the request comes from another site. `Sec-Fetch-Site` is trusted when
 * present (`none` is the user's own navigation: typed, bookmarked); otherwise `Origin` must name
 * this host (as the client asked for it: X-Forwarded-Host when TRUST_PROXY says to believe it). A request with neither is not a browser's cross-site request (API clients, curl): the
 * SameSite=Strict cookie already keeps older browsers from carrying the session across sites.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" (sandboxed frames, privacy redirects) or garbage: not us
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function refuse(reply: FastifyReply, status: 403 | 415, message: string, reason: string): FastifyReply {
  return reply.status(status).send({ message, errors: [{ field: status === 403 ? 'origin' : 'content-type', reason }] });
}

/**
 * CSRF defence in depth (issue 16 item 5), before any parsing, guard or handler: a state change
 * (every non-safe method and the spec's state-changing GETs) is refused with 403 when it comes from
 * another site, and with 415 when its body is not JSON (or the raw file on an upload route): HTML
 * forms can only send urlencoded, multipart or text bodies, so no form can post to this API.
 */
export function refuseCrossSiteWrites(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!changesState(request)) return;
    if (isCrossSite(request)) return refuse(reply, 403, 'Cross-site requests may not change anything.', 'the request comes from another site');
    if (!hasBody(request)) return;
    const type = request.headers['content-type'] ?? '';
    if (JSON_TYPE.test(type) || (routeFlags(request).acceptsUpload && UPLOAD_TYPE.test(type)) || (routeFlags(request).acceptsForm && FORM_TYPE.test(type)))
      return;
    return refuse(reply, 415, 'Send the body as JSON (application/json).', `unsupported content type "${type.slice(0, 100)}"`);
  });
}
