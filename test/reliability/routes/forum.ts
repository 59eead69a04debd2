import type { RouteExpectation } from '../route-answers';

/** Who may call the routes of forum topics, messages, badges, abuse reports (backend/forum/): see route-expectations.ts for the vocabulary. */
export const FORUM_ROUTES: Record<string, RouteExpectation> = {};
