import type { RouteExpectation } from '../route-answers';

/** Who may call the routes of AI authoring (backend/ai/): see route-expectations.ts for the vocabulary. */
export const AI_ROUTES: Record<string, RouteExpectation> = {};
