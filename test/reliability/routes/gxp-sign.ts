import type { Caller, Fixtures } from '../support/fixtures';
import { type RouteExpectation, signedIn } from '../route-answers';

/** The caller reads every chapter of the welcome speach and passes its quiz: what a completion requires. */
async function readEverything(fx: Fixtures, caller: Caller): Promise<void> {
  const id = fx.speaches.welcome._id;
  for (const chapter of fx.welcomeChapters) {
    if (chapter.chapterId === fx.welcomeQuiz.chapterId) {
      await fx.t.http
        .post(`/api/v2/speach/${id}/chapters/${chapter.chapterId}/answers`)
        .set(fx.auth(caller))
        .send({ answers: fx.welcomeQuiz.answers })
        .expect(200);
    } else {
      await fx.t.http.post(`/api/v2/speach/${id}/chapters/${chapter.chapterId}/read`).set(fx.auth(caller)).expect(200);
    }
  }
}

/** Who may call the routes of electronic signatures (backend/signature/, issue 23). */
export const GXP_SIGN_ROUTES: Record<string, RouteExpectation> = {
  // Any reader of a published speach completes it once everything is read; the welcome speach is not regulated, so unsigned.
  'POST /api/v2/speach/{speachId}/complete': {
    call: async (fx, caller) => {
      if (caller !== 'anonymous' && caller !== 'deactivated') await readEverything(fx, caller);
      return { path: `/api/v2/speach/${fx.speaches.welcome._id}/complete`, body: {} };
    },
    answers: signedIn(),
    writes: true,
  },
  // Published versions follow the outline's rule: every signed-in reader of the live welcome speach compares them.
  'GET /api/v2/speach/{id}/diff': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/diff`, query: { from: '1', to: '1' } }),
    answers: signedIn(),
  },
};
