import { type RouteExpectation, signedIn } from '../route-answers';

/** Who may call the routes that close issues 18 and 19 (path search, shares, path topics, password links). */
export const PATHS_AND_COMMUNICATION_ROUTES: Record<string, RouteExpectation> = {
  // Every signed-in user searches; each sees only the paths they may open.
  // Whoever may read a published public speach records sharing its link.
  'POST /api/v2/speach/{id}/share': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/share`, body: {} }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/v2/learningPath/search': { call: () => ({ path: '/api/v2/learningPath/search', query: { term: 'path' } }), answers: signedIn() },
};
