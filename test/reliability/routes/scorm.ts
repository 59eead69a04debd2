import { ScormExports } from '../../../backend/scorm';
import type { Caller, Fixtures } from '../support/fixtures';
import { type RouteExpectation, admins, authors, everyone, unique } from '../route-answers';

/** Tokens and packages made once per suite (per fixtures), for the calls that only read them. */
const made = new WeakMap<Fixtures, Map<string, Promise<string>>>();
function once(fx: Fixtures, key: string, make: () => Promise<string>): Promise<string> {
  let cache = made.get(fx);
  if (!cache) made.set(fx, (cache = new Map()));
  let value = cache.get(key);
  if (!value) cache.set(key, (value = make()));
  return value;
}

/** An embed token of the demo author (the welcome speach's author, so its editor) for the welcome speach. */
async function issued(fx: Fixtures, purpose: 'read' | 'edit'): Promise<{ token: string; tokenId: string }> {
  const res = await fx.t.http.post('/api/v2/embed/tokens').set(fx.auth('author')).send({ speachId: fx.speaches.welcome._id, purpose }).expect(201);
  return res.body as { token: string; tokenId: string };
}
const tokenFor = (fx: Fixtures, purpose: 'read' | 'edit') => once(fx, `token-${purpose}`, async () => (await issued(fx, purpose)).token);

/** A finished SCORM package of the welcome speach, exported by the admin. */
const packageName = (fx: Fixtures) =>
  once(fx, 'package', async () => {
    const res = await fx.t.http.get('/administration/scorm/exportScorm').query({ id: fx.speaches.welcome._id }).set(fx.auth('admin')).expect(200);
    const name = res.body.dataValue as string;
    await settled(fx, name);
    return name;
  });

async function settled(fx: Fixtures, name: string): Promise<void> {
  await fx.t.app.get(ScormExports).settled(name);
  await fx.settle(`/administration/scorm/status/${name}`, (job) => job.status === 'DONE' || job.status === 'FAILED');
}

/** The embed calls carry no session: the token in the query is the credential, so every caller gets the same answer. */
const embedQuery = async (fx: Fixtures, purpose: 'read' | 'edit', caller: Caller) => ({
  access_token: await tokenFor(fx, purpose),
  tool: 'SPEACH',
  learner: `matrix-${caller}-${unique()}`,
});

/** Who may call the routes of SCORM export and embed (backend/scorm/): see route-expectations.ts for the vocabulary. */
export const SCORM_ROUTES: Record<string, RouteExpectation> = {
  // Spec §6: SCORM export is for administrators only. The export starts a job: each accepted call waits for it.
  'GET /administration/scorm/exportScorm': {
    call: (fx) => ({ path: '/administration/scorm/exportScorm', query: { id: fx.speaches.welcome._id, type: 'SCORM_LITE' } }),
    answers: admins(),
    writes: true,
    after: (fx, _caller, response) => (response.status === 200 ? settled(fx, response.body.dataValue as string) : Promise.resolve()),
  },
  'GET /administration/scorm/checkScormCreated': {
    call: async (fx) => ({ path: '/administration/scorm/checkScormCreated', query: { name: await packageName(fx) } }),
    answers: admins(),
  },
  'GET /administration/scorm/status/{name}': { call: async (fx) => ({ path: `/administration/scorm/status/${await packageName(fx)}` }), answers: admins() },
  'GET /administration/scorm/downloadAll': {
    call: async (fx) => ({ path: '/administration/scorm/downloadAll', query: { names: await packageName(fx) } }),
    answers: admins(),
  },
  'GET /administration/scorm/download/{name}': { call: async (fx) => ({ path: `/administration/scorm/download/${await packageName(fx)}` }), answers: admins() },

  // Tokens: authors and admins, and among them only the speach's editors (the welcome speach is the demo author's).
  'GET /api/v2/embed/tokens': { call: (fx) => ({ path: '/api/v2/embed/tokens', query: { speachId: fx.speaches.welcome._id } }), answers: authors() },
  'POST /api/v2/embed/tokens': {
    call: (fx) => ({ path: '/api/v2/embed/tokens', body: { speachId: fx.speaches.welcome._id, purpose: 'read' } }),
    answers: authors(),
    writes: true,
  },
  // A fresh token of the demo author per call: its issuer and the administrators may revoke it.
  'DELETE /api/v2/embed/tokens/{tokenId}': {
    call: async (fx) => ({ path: `/api/v2/embed/tokens/${(await issued(fx, 'read')).tokenId}` }),
    answers: authors(),
    writes: true,
  },

  // The embed player and editor: public routes whose only credential is the access token.
  'GET /api/v2/embed/speach/{id}': {
    call: async (fx, caller) => ({ path: `/api/v2/embed/speach/${fx.speaches.welcome._id}`, query: await embedQuery(fx, 'read', caller) }),
    answers: everyone(),
  },
  'POST /api/v2/embed/speach/{id}/chapters/{chapterId}/read': {
    call: async (fx, caller) => ({
      path: `/api/v2/embed/speach/${fx.speaches.welcome._id}/chapters/${fx.welcomeChapters[0].chapterId}/read`,
      query: await embedQuery(fx, 'read', caller),
      body: {},
    }),
    answers: everyone(),
    writes: true,
  },
  'POST /api/v2/embed/speach/{id}/chapters/{chapterId}/answers': {
    call: async (fx, caller) => ({
      path: `/api/v2/embed/speach/${fx.speaches.welcome._id}/chapters/${fx.welcomeQuiz.chapterId}/answers`,
      query: await embedQuery(fx, 'read', caller),
      body: { answers: fx.welcomeQuiz.answers },
    }),
    answers: everyone(),
    writes: true,
  },
  'GET /api/v2/embed/edit/{id}': {
    call: async (fx, caller) => ({ path: `/api/v2/embed/edit/${fx.speaches.welcome._id}`, query: await embedQuery(fx, 'edit', caller) }),
    answers: everyone(),
  },
  // Editing through an edit token: the token's issuer acts; the title is set to what it is (an edit that changes nothing
  // still goes through the decider), so later calls find the speach as the demo made it.
  'PUT /api/v2/embed/edit/{id}': {
    call: async (fx, caller) => {
      const query = await embedQuery(fx, 'edit', caller);
      const draft = (await fx.t.http.get(`/api/v2/embed/edit/${fx.speaches.welcome._id}`).query(query)).body as { speach: { title: string; revision: number } };
      return { path: `/api/v2/embed/edit/${fx.speaches.welcome._id}`, query, body: { version: draft.speach.revision, title: draft.speach.title } };
    },
    answers: everyone(),
    writes: true,
  },
};
