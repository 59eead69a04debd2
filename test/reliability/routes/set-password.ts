import type { RouteExpectation } from '../route-answers';

/**
 * The set-password link (issue 19) is public: the token is the credential, whoever calls. A well-formed
 * token that no link was issued for answers 410 to every caller and writes nothing (the API test covers the success;
 * as a POST it is refused cross-site like every other).
 */
export const SET_PASSWORD_ROUTES: Record<string, RouteExpectation> = {
  'POST /api/auth/set-password': {
    call: () => ({
      path: '/api/auth/set-password',
      body: { token: `00000000-0000-7000-8000-000000000000.${'A'.repeat(43)}`, password: 'a-long-enough-password' },
    }),
    answers: { anonymous: 410, deactivated: 410, reader: 410, approver: 410, auditor: 410, author: 410, admin: 410 },
  },
};
