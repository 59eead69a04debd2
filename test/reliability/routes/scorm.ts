import type { RouteExpectation } from '../route-answers';

/** Who may call the routes of SCORM export and embed (backend/scorm/): see route-expectations.ts for the vocabulary. */
export const SCORM_ROUTES: Record<string, RouteExpectation> = {};
