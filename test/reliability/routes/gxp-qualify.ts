import type { Fixtures } from '../support/fixtures';
import { type RouteExpectation, authors, only, unique } from '../route-answers';

const inspectors = () => only(['auditor', 'admin']);

/** A speach published twice, the second time as a material change: an open impact assessment of its own for each call. */
async function openAssessment(fx: Fixtures): Promise<{ speachId: string; assessmentId: string }> {
  const author = fx.auth('author');
  const admin = fx.auth('admin');
  const speachId = (
    await fx.t.http
      .post('/api/v2/recorder/speach')
      .set(author)
      .send({ title: `Matrix SOP ${unique()}`, language: 'en-US' })
      .expect(201)
  ).body.id as string;
  for (const step of [false, true]) {
    await fx.t.http
      .post(`/api/v2/recorder/speach/${speachId}/chapters`)
      .set(author)
      .send({ title: `Step ${unique()}`, parentId: null })
      .expect(201);
    await fx.t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(admin).send({ materialChange: step }).expect(200);
  }
  return { speachId, assessmentId: `${speachId}-v2` };
}

const inAWeek = (fx: Fixtures) => new Date(fx.t.clock.now().getTime() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Who may call the regulated-training routes (backend/gxp/): inspectors read, administrators confirm retraining. */
export const GXP_QUALIFY_ROUTES: Record<string, RouteExpectation> = {
  'GET /api/v2/gxp/qualification': {
    call: (fx) => ({ path: '/api/v2/gxp/qualification', query: { speachId: fx.speaches.welcome._id } }),
    answers: inspectors(),
  },
  'GET /api/v2/gxp/qualification/user/{userId}': { call: (fx) => ({ path: `/api/v2/gxp/qualification/user/${fx.users.reader.id}` }), answers: inspectors() },
  'GET /api/v2/gxp/impact/{speachId}': { call: (fx) => ({ path: `/api/v2/gxp/impact/${fx.speaches.welcome._id}` }), answers: inspectors() },
  // Item 7: the audit trail on paper, beside the CSV and JSON exports of the audit context.
  'GET /api/v2/audit/speach/{speachID}/events.pdf': {
    call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}/events.pdf` }),
    answers: inspectors(),
  },
  // Item 3 in the audit trail: the chapter-level diff between versions (or the draft), for inspectors only.
  'GET /api/v2/audit/speach/{speachID}/diff': {
    call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}/diff`, query: { from: '1', to: 'current' } }),
    answers: inspectors(),
  },
  // Item 4 on the analytics page: the version each learner completed, for the speach's editors (as the page itself).
  'GET /api/v2/analytics/speach/{speachId}/trainings': {
    call: (fx) => ({ path: `/api/v2/analytics/speach/${fx.speaches.welcome._id}/trainings` }),
    answers: authors(),
  },
  'POST /api/v2/gxp/impact/{speachId}/{assessmentId}/confirm': {
    call: async (fx) => {
      const { speachId, assessmentId } = await openAssessment(fx);
      return { path: `/api/v2/gxp/impact/${speachId}/${assessmentId}/confirm`, body: { dueDate: inAWeek(fx) } };
    },
    answers: only(['admin']),
    writes: true,
  },
};
