import { type RouteExpectation, everyone } from '../route-answers';

/** Probes for orchestrators and load balancers (issue 25): open to everyone, like /api/health. */
export const OPS_ROUTES: Record<string, RouteExpectation> = {
  'GET /api/health/live': { call: () => ({ path: '/api/health/live' }), answers: everyone() },
  'GET /api/health/ready': { call: () => ({ path: '/api/health/ready' }), answers: everyone() },
};
