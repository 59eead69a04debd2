import type { FastifyInstance } from 'fastify';

/** What a projector process answers over HTTP: its probes (and the operators' /metrics). */
const PROJECTOR_PATHS = /^\/(api\/health(\/|$|\?)|metrics(\/|$|\?))/;

/**
 * A projector (APP_ROLE=projector) runs the background work and serves no users: any other path is
 * a 404, so a misrouted proxy cannot reach the product through it.
 */
export function serveProbesOnly(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!PROJECTOR_PATHS.test(request.url))
      await reply.code(404).send({ message: 'A projector process serves only /api/health, /api/health/live and /api/health/ready' });
  });
}
