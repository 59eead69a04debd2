import { UnsubscribeLinks } from '../../backend/engagement/mail/unsubscribe-links';
import { PolicyRunner } from '../../backend/infrastructure/policies/policy-runner';
import { DEMO_PASSWORD } from '../support/test-app';
import type { Caller, Fixtures } from './support/fixtures';
import { type Answer, type Call, HIDDEN, type RouteExpectation, admins, authors, everyone, json, only, signedIn, unique } from './route-answers';
import { AI_ROUTES } from './routes/ai';
import { COVER_ROUTES } from './routes/covers';
import { FORUM_ROUTES } from './routes/forum';
import { MEDIA_TEXT_ROUTES } from './routes/media-text';
import { OPS_ROUTES } from './routes/ops';
import { SCORM_ROUTES } from './routes/scorm';
import { PATHS_AND_COMMUNICATION_ROUTES } from './routes/paths-and-communication';
import { MEDIA_ROUTES } from './routes/media';
import { VIDEO_EDITOR_ROUTES } from './routes/video-editor';
import { GXP_QUALIFY_ROUTES } from './routes/gxp-qualify';
import { GXP_SIGN_ROUTES } from './routes/gxp-sign';
import { SET_PASSWORD_ROUTES } from './routes/set-password';

export { type Answer, type Call, HIDDEN, type RouteExpectation };

/** A fresh submission awaiting step 1, whose group the demo approver belongs to. */
async function submitted(fx: Fixtures): Promise<string> {
  const draft = await fx.draftFor('author');
  await fx.t.http.post('/api/v2/workflow/submit').set(fx.auth('author')).send({ speachId: draft.id }).expect(200);
  return draft.id;
}

async function rejected(fx: Fixtures): Promise<string> {
  const id = await submitted(fx);
  await fx.t.http.post(`/api/v2/workflow/speach/${id}/reject`).set(fx.auth('approver')).send({ comment: 'Matrix: please change' }).expect(200);
  return id;
}

/** A speach the caller may edit when they are an author or admin, published by an admin. */
async function publishedFor(fx: Fixtures, caller: Caller): Promise<string> {
  const draft = await fx.draftFor(caller);
  await fx.t.http.post(`/api/v2/recorder/speach/${draft.id}/publish`).set(fx.auth('admin')).send({}).expect(200);
  return draft.id;
}

function ownerOf(caller: Caller): 'admin' | 'author' {
  return caller === 'admin' ? 'admin' : 'author';
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Spec §5: a due date needs a badge. */
async function withBadge(fx: Fixtures, caller: Caller): Promise<string> {
  const draft = await fx.draftFor(caller);
  await fx.t.http
    .put(`/api/v2/recorder/speach/${draft.id}/badge`)
    .set(fx.auth(ownerOf(caller)))
    .send({ badge: 'AVANCEMENT' })
    .expect(200);
  return draft.id;
}

/** Spec §4: users and groups are assigned to a RESTREINT speach only. */
async function restricted(fx: Fixtures): Promise<string> {
  const draft = await fx.draftFor('admin');
  await fx.t.http.put(`/api/v2/recorder/speach/${draft.id}/visibility`).set(fx.auth('admin')).send({ visibility: 'RESTREINT' }).expect(200);
  return draft.id;
}

/** A session of its own for a call that ends it or changes the password; a deactivated user gets none. */
async function freshSession(fx: Fixtures, caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'deactivated') return fx.auth('deactivated');
  return { authorization: `Bearer ${await fx.t.login(fx.users[caller].email)}` };
}

/**
 * THE declaration of who may call what (spec §6, the routes' @Roles/@Public, issue 16): one entry per
 * route of the OpenAPI document, keyed `METHOD /path/{param}`. A route without an entry fails the
 * authorisation matrix, and so does an entry whose route is gone.
 *
 * An answer is a status, `'ok'` (any 2xx) or a list of statuses that all mean the same thing
 * (`HIDDEN`: refused, whether the server says "forbidden" or pretends the record does not exist).
 */
export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // Each context added since session 7 declares its routes in its own file (routes/*.ts).
  ...SCORM_ROUTES,
  ...MEDIA_ROUTES,
  ...FORUM_ROUTES,
  ...AI_ROUTES,
  ...COVER_ROUTES,
  ...PATHS_AND_COMMUNICATION_ROUTES,
  ...VIDEO_EDITOR_ROUTES,
  ...MEDIA_TEXT_ROUTES,
  ...GXP_QUALIFY_ROUTES,
  ...GXP_SIGN_ROUTES,
  ...SET_PASSWORD_ROUTES,
  ...OPS_ROUTES,
  // Health and site settings
  'GET /api/health': { call: () => ({ path: '/api/health' }), answers: everyone() },
  'POST /api/admin/projections/rebuild': {
    call: async (fx) => ({ path: '/api/admin/projections/rebuild', query: { name: (await fx.t.http.get('/api/health')).body.projections[0].name } }),
    answers: admins(),
  },
  // Runs a failed reaction again: one dead letter per call, so the administrator's retry finds it.
  'POST /api/admin/policies/retry': {
    call: async (fx) => ({ path: '/api/admin/policies/retry', query: await fx.newDeadLetter() }),
    answers: admins(),
    writes: true,
    // A refused retry leaves its letter, and a dead letter turns /api/health degraded for the routes after it.
    async after(fx, _caller, { status, body }) {
      // The cause is gone by then: the administrator's retry runs the reaction and it succeeds.
      if (status < 300) return expect(body.succeeded).toBe(true);
      for (const letter of fx.t.app
        .get(PolicyRunner)
        .status()
        .flatMap((p) => p.deadLetters)) {
        await fx.t.http.post('/api/admin/policies/retry').query({ name: letter.policy, key: letter.key }).set(fx.auth('admin')).expect(200);
      }
    },
  },
  'GET /api/v2/comments/enabled': { call: () => ({ path: '/api/v2/comments/enabled' }), answers: signedIn() },
  'GET /api/v2/workflow/enable': { call: () => ({ path: '/api/v2/workflow/enable' }), answers: signedIn() },
  'GET /api/v2/admin/site/flags': { call: () => ({ path: '/api/v2/admin/site/flags' }), answers: admins() },
  'PUT /api/v2/admin/site/flags': { call: () => ({ path: '/api/v2/admin/site/flags', body: { commentsEnabled: true } }), answers: admins(), writes: true },
  'GET /api/v2/footer': { call: () => ({ path: '/api/v2/footer' }), answers: everyone() },
  'PUT /api/v2/admin/site/footer': {
    call: async (fx) => {
      const { items } = (await fx.t.http.get('/api/v2/footer')).body as { items: { code: string; label: string; url: string }[] };
      return {
        path: '/api/v2/admin/site/footer',
        body: { isEnabled: true, items: items.map(({ code, label, url }) => (code === 'PRODUCT' ? { code, label, url } : { code, label })) },
      };
    },
    answers: admins(),
    writes: true,
  },
  // The demo has no statement: the admin publishes it (once; then it is changed with PUT), after which everyone reads it (404 before, spec §7).
  'POST /api/v2/accessibility-data': {
    call: () => ({ path: '/api/v2/accessibility-data', body: { statement: '<p>Accessible.</p>' } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/v2/accessibility-data': { call: () => ({ path: '/api/v2/accessibility-data' }), answers: everyone() },
  'PUT /api/v2/accessibility-data/{id}': {
    call: async (fx) => ({
      path: `/api/v2/accessibility-data/${(await fx.t.http.get('/api/v2/accessibility-data')).body.id}`,
      body: { statement: '<p>Accessible again.</p>' },
    }),
    answers: admins(),
    writes: true,
  },

  // Sessions
  'POST /api/auth/login': {
    // A login ends the session the client presented (session fixation): it presents a session of its own, not the one the suite reuses.
    call: async (fx, caller) => ({
      path: '/api/auth/login',
      headers: await freshSession(fx, caller),
      body: { email: caller === 'anonymous' ? fx.users.staff.email : fx.users[caller].email, password: DEMO_PASSWORD },
    }),
    answers: { ...everyone(), deactivated: 403 },
    // It starts a session: a login forced from another site is a state change like any other.
    writes: true,
  },
  'POST /api/auth/logout': {
    call: async (fx, caller) => ({ path: '/api/auth/logout', headers: await freshSession(fx, caller) }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/auth/me': { call: () => ({ path: '/api/auth/me' }), answers: signedIn() },
  'POST /api/auth/change-password': {
    call: async (fx, caller) => ({
      path: '/api/auth/change-password',
      headers: await freshSession(fx, caller),
      body: { currentPassword: DEMO_PASSWORD, newPassword: `${DEMO_PASSWORD}-changed` },
    }),
    answers: signedIn(),
    writes: true,
    // The suite signs in again later: put the demo password back (and a session, should the change have revoked the others).
    async after(fx, caller, { status }) {
      if (status >= 300 || caller === 'anonymous' || caller === 'deactivated') return;
      const { email } = fx.users[caller];
      const changed = await fx.t.login(email, `${DEMO_PASSWORD}-changed`);
      await fx.t.http
        .post('/api/auth/change-password')
        .set({ authorization: `Bearer ${changed}` })
        .send({ currentPassword: `${DEMO_PASSWORD}-changed`, newPassword: DEMO_PASSWORD })
        .expect(204);
      fx.tokens[caller] = await fx.t.login(email);
    },
  },

  // Users (react-admin resource and spec §7 admin calls)
  'GET /api/rest/users': { call: () => ({ path: '/api/rest/users' }), answers: admins() },
  'POST /api/rest/users': {
    call: () => ({ path: '/api/rest/users', body: { firstName: 'New', lastName: 'Person', email: `new.person.${unique()}@example.com` } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/rest/users/{id}': { call: (fx) => ({ path: `/api/rest/users/${fx.users.staff.id}` }), answers: admins() },
  'PUT /api/rest/users/{id}': {
    call: async (fx) => {
      const user = await fx.newUser();
      return { path: `/api/rest/users/${user.id}`, body: { firstName: 'Renamed', lastName: 'Person', email: user.email } };
    },
    answers: admins(),
    writes: true,
  },
  'DELETE /api/rest/users/{id}': { call: async (fx) => ({ path: `/api/rest/users/${(await fx.newUser()).id}` }), answers: admins(), writes: true },
  'GET /api/v2/admin/users': { call: () => ({ path: '/api/v2/admin/users' }), answers: admins() },
  'GET /api/v2/admin/users/groups': { call: () => ({ path: '/api/v2/admin/users/groups' }), answers: admins() },
  'GET /api/v2/admin/users/getAvailableCustomFields': { call: () => ({ path: '/api/v2/admin/users/getAvailableCustomFields' }), answers: admins() },
  'PUT /api/v2/admin/users/update': {
    call: async (fx) => {
      const user = await fx.newUser();
      return { path: '/api/v2/admin/users/update', body: { user: json({ id: user.id, firstName: 'Updated' }) } };
    },
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/users/updatePassword': {
    call: async (fx) => ({ path: '/api/v2/admin/users/updatePassword', query: { userID: (await fx.newUser()).id, value: 'true' } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/users/generatePassword': {
    call: async (fx) => ({ path: '/api/v2/admin/users/generatePassword', query: { email: (await fx.newUser()).email } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/users/deactivate': {
    call: async (fx) => ({ path: '/api/v2/admin/users/deactivate', body: { uuids: [(await fx.newUser()).id] } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/users/reactivate': {
    call: async (fx) => {
      const user = await fx.newUser();
      await fx.t.http
        .put('/api/v2/admin/users/deactivate')
        .set(fx.auth('admin'))
        .send({ uuids: [user.id] })
        .expect(200);
      return { path: '/api/v2/admin/users/reactivate', body: { uuids: [user.id] } };
    },
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/users/batch-update': {
    call: async (fx) => ({ path: '/api/v2/admin/users/batch-update', query: { groupsIds: fx.groupId }, body: { usersIds: [(await fx.newUser()).id] } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/users/{id}/password': {
    call: async (fx) => ({ path: `/api/v2/admin/users/${(await fx.newUser()).id}/password`, query: { password: 'Another-password-42' } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/v2/users': { call: () => ({ path: '/api/v2/users', query: { term: 'a' } }), answers: signedIn() },
  'GET /api/v2/speach/getUsersByRole': { call: () => ({ path: '/api/v2/speach/getUsersByRole', query: { role: 'FORMATEUR' } }), answers: authors() },
  'GET /api/v2/users/{id}/profile': { call: (fx) => ({ path: `/api/v2/users/${fx.users.staff.id}/profile` }), answers: signedIn() },
  'GET /user.usercontroller/removegetstarted': {
    call: () => ({ path: '/user.usercontroller/removegetstarted', query: { type: 'SPEACH' } }),
    answers: signedIn(),
    writes: true,
  },

  // Groups, categories, custom fields (react-admin resources)
  'GET /api/rest/groups': { call: () => ({ path: '/api/rest/groups' }), answers: admins() },
  'POST /api/rest/groups': { call: () => ({ path: '/api/rest/groups', body: { name: `Group ${unique()}` } }), answers: admins(), writes: true },
  'GET /api/rest/groups/{id}': { call: (fx) => ({ path: `/api/rest/groups/${fx.groupId}` }), answers: admins() },
  'PUT /api/rest/groups/{id}': {
    call: async (fx) => ({ path: `/api/rest/groups/${await fx.newGroup()}`, body: { name: `Group ${unique()}` } }),
    answers: admins(),
    writes: true,
  },
  'DELETE /api/rest/groups/{id}': { call: async (fx) => ({ path: `/api/rest/groups/${await fx.newGroup()}` }), answers: admins(), writes: true },
  'GET /api/rest/categories': { call: () => ({ path: '/api/rest/categories' }), answers: admins() },
  'POST /api/rest/categories': { call: () => ({ path: '/api/rest/categories', body: { name: `Category ${unique()}` } }), answers: admins(), writes: true },
  'GET /api/rest/categories/{id}': { call: (fx) => ({ path: `/api/rest/categories/${fx.categoryId}` }), answers: admins() },
  'PUT /api/rest/categories/{id}': {
    call: async (fx) => ({ path: `/api/rest/categories/${await fx.newCategory()}`, body: { name: `Category ${unique()}` } }),
    answers: admins(),
    writes: true,
  },
  'DELETE /api/rest/categories/{id}': { call: async (fx) => ({ path: `/api/rest/categories/${await fx.newCategory()}` }), answers: admins(), writes: true },
  'GET /api/rest/custom-fields': { call: () => ({ path: '/api/rest/custom-fields' }), answers: admins() },
  'POST /api/rest/custom-fields': { call: () => ({ path: '/api/rest/custom-fields', body: { name: `field${unique()}` } }), answers: admins(), writes: true },
  'GET /api/rest/custom-fields/{id}': { call: (fx) => ({ path: `/api/rest/custom-fields/${fx.customFieldId}` }), answers: admins() },
  'PUT /api/rest/custom-fields/{id}': {
    call: async (fx) => ({ path: `/api/rest/custom-fields/${await fx.newCustomField()}`, body: { name: `field${unique()}` } }),
    answers: admins(),
    writes: true,
  },
  'DELETE /api/rest/custom-fields/{id}': {
    call: async (fx) => ({ path: `/api/rest/custom-fields/${await fx.newCustomField()}` }),
    answers: admins(),
    writes: true,
  },

  // Terms of use and personal data
  'GET /gcu/getGcu': { call: () => ({ path: '/gcu/getGcu' }), answers: everyone() },
  'GET /pdp/getPdp': { call: () => ({ path: '/pdp/getPdp' }), answers: everyone() },
  'GET /gcu/acceptGcu': { call: () => ({ path: '/gcu/acceptGcu' }), answers: signedIn({}, 303), writes: true },
  'GET /pdp/acceptPdp': { call: () => ({ path: '/pdp/acceptPdp' }), answers: signedIn({}, 303), writes: true },
  'PUT /api/v2/admin/terms/{document}': {
    call: () => ({ path: '/api/v2/admin/terms/PDP', body: { content: '<p>Personal data policy, matrix edition.</p>' } }),
    answers: admins(),
    writes: true,
  },

  // User import
  'POST /api/v2/admin/users/import/preview': {
    call: () => ({ path: '/api/v2/admin/users/import/preview', body: { csv: `email,firstName,lastName\npreview.${unique()}@example.com,Pre,View\n` } }),
    answers: admins(),
  },
  'POST /api/v2/admin/users/import': {
    call: () => ({ path: '/api/v2/admin/users/import', body: { csv: `email,firstName,lastName\nimport.${unique()}@example.com,Im,Port\n` } }),
    answers: admins(),
    writes: true,
    after: (fx, _caller, response) =>
      response.status === 202 ? fx.settle(`/api/v2/admin/users/import/${response.body.jobId}`, (job) => job.state === 'done') : Promise.resolve(),
  },
  'GET /api/v2/admin/users/import/{jobId}': { call: (fx) => ({ path: `/api/v2/admin/users/import/${fx.importJobId}` }), answers: admins() },

  // Authoring (the caller's own draft when they may author, the demo author's otherwise)
  'POST /api/v2/recorder/speach': {
    call: () => ({ path: '/api/v2/recorder/speach', body: { title: `Matrix speach ${unique()}`, language: 'en-US' } }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/speach/draftSpeach': {
    call: (fx) => ({ path: '/api/v2/speach/draftSpeach', query: { speachID: fx.speaches.demoDraft._id } }),
    answers: only(['author', 'admin'], 'ok', HIDDEN),
  },
  // Issue 16 item 1: a PRIVE speach's card (title, description) only with its code, or to its editors.
  'GET /api/v2/speach/speachWithMetadata': {
    call: (fx) => ({ path: '/api/v2/speach/speachWithMetadata', query: { speachID: fx.speaches.privateOne._id } }),
    answers: only(['admin'], 'ok', HIDDEN),
  },
  'PUT /api/v2/recorder/speach/{id}/details': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/details`, body: { title: 'Renamed by the matrix' } }),
    answers: authors(),
    writes: true,
  },
  'POST /api/v2/recorder/speach/{id}/chapters': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/chapters`, body: { title: 'Added' } }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/speach/{id}/chapters/{chapterId}': {
    call: async (fx, caller) => {
      const draft = await fx.draftFor(caller);
      return { path: `/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[0]}`, body: { title: 'Renamed' } };
    },
    answers: authors(),
    writes: true,
  },
  'DELETE /api/v2/recorder/speach/{id}/chapters/{chapterId}': {
    call: async (fx, caller) => {
      const draft = await fx.draftFor(caller);
      return { path: `/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[1]}` };
    },
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/speach/{id}/chapters/{chapterId}/move': {
    call: async (fx, caller) => {
      const draft = await fx.draftFor(caller);
      return { path: `/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[0]}/move`, body: { parentId: null, position: 1 } };
    },
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/speach/{id}/chapters/{chapterId}/content': {
    call: async (fx, caller) => {
      const draft = await fx.draftFor(caller);
      return { path: `/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[0]}/content`, body: { type: 'HTML', html: '<p>Changed</p>' } };
    },
    answers: authors(),
    writes: true,
  },
  'POST /api/v2/recorder/speach/{id}/chapters/{chapterId}/file': {
    call: async (fx, caller) => {
      const draft = await fx.draftFor(caller);
      return {
        path: `/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[0]}/file`,
        query: { type: 'PDF_UPLOAD', name: 'matrix.pdf' },
        raw: { contentType: 'application/pdf', data: Buffer.from(`%PDF-1.4\n%${caller}\n`) },
      };
    },
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/speach/{id}/visibility': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/visibility`, body: { visibility: 'SEMI_PRIVE' } }),
    answers: authors(),
    writes: true,
  },
  // The demo runs the validation workflow: an author publishes only by submitting (409 here), an admin directly (spec §6).
  'POST /api/v2/recorder/speach/{id}/publish': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/publish`, body: {} }),
    answers: { ...authors(), author: 409 },
    writes: true,
  },
  'POST /api/v2/recorder/speach/{id}/unpublish': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${await publishedFor(fx, caller)}/unpublish`, body: {} }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/speach/{id}/badge': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/badge`, body: { badge: 'AVANCEMENT' } }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/speach/{id}/pin': {
    call: (fx) => ({ path: `/api/v2/recorder/speach/${fx.speaches.phishing._id}/pin`, body: { pinned: true } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/v2/speach/{id}/versions': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/versions` }),
    answers: only(['author', 'admin'], 'ok', HIDDEN),
  },
  // Issue 16 item 1: the outline of a PRIVE speach only with its code.
  'GET /api/v2/cours/{id}/publishDetails': {
    call: (fx) => ({ path: `/api/v2/cours/${fx.speaches.privateOne._id}/publishDetails` }),
    answers: only(['admin'], 'ok', HIDDEN),
  },

  // Reading
  'GET /api/v2/speach/{id}/read': { call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.privateOne._id}/read` }), answers: only(['admin'], 'ok', HIDDEN) },
  'POST /api/v2/speach/{id}/chapters/{chapterId}/read': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/chapters/${fx.welcomeChapters[0].chapterId}/read` }),
    answers: signedIn(),
    writes: true,
  },
  'POST /api/v2/speach/{id}/chapters/{chapterId}/answers': {
    call: (fx) => ({
      path: `/api/v2/speach/${fx.speaches.welcome._id}/chapters/${fx.welcomeQuiz.chapterId}/answers`,
      body: { answers: fx.welcomeQuiz.answers },
    }),
    answers: signedIn(),
    writes: true,
  },
  // Issue 16 item 2: a draft's file goes only to those who may read the draft.
  // A file is read through the speach holding it (the URL names it); without a signed URL, the session decides.
  'GET /blob/{blobId}': {
    call: (fx) => ({ path: `/blob/${fx.blob.id}`, query: { speach: fx.blob.speachId } }),
    answers: only(['author', 'admin'], 'ok', HIDDEN),
  },

  // Cards, search and account grids
  'GET /api/v2/speach/search': { call: () => ({ path: '/api/v2/speach/search', query: { term: 'safety' } }), answers: signedIn() },
  'GET /api/v2/speach/categories': { call: () => ({ path: '/api/v2/speach/categories' }), answers: signedIn() },
  'GET /api/v2/my/{grid}': { call: () => ({ path: '/api/v2/my/speachBookmarked' }), answers: signedIn() },
  'PUT /api/v2/speach/duplicate': {
    call: (fx) => ({ path: '/api/v2/speach/duplicate', query: { speachId: fx.speaches.welcome._id } }),
    answers: authors(),
    writes: true,
  },
  'GET /favori.FavoriController/toggleFavori': {
    call: (fx) => ({ path: '/favori.FavoriController/toggleFavori', query: { idCour: fx.speaches.welcome._id } }),
    answers: signedIn(),
    writes: true,
  },
  'DELETE /user/speach/delete': {
    call: async (fx, caller) => ({ path: '/user/speach/delete', query: { id: (await fx.draftFor(caller)).id } }),
    answers: authors(),
    writes: true,
  },
  'PUT /user/speach/restore': {
    call: async (fx, caller) => {
      const owner = caller === 'admin' ? 'admin' : 'author';
      const draft = await fx.draftFor(owner);
      await fx.t.http.delete('/user/speach/delete').query({ id: draft.id }).set(fx.auth(owner)).expect(200);
      return { path: '/user/speach/restore', query: { id: draft.id } };
    },
    answers: authors(),
    writes: true,
  },

  // Admin speach list and side panel
  'GET /api/v2/admin/speach': { call: () => ({ path: '/api/v2/admin/speach' }), answers: admins() },
  'GET /api/v2/admin/speach/categories': { call: () => ({ path: '/api/v2/admin/speach/categories' }), answers: admins() },
  'GET /api/v2/admin/speach/groups': { call: () => ({ path: '/api/v2/admin/speach/groups' }), answers: admins() },
  'PUT /api/v2/admin/speach/batch-update': {
    call: async (fx) => ({
      path: '/api/v2/admin/speach/batch-update',
      query: { categoryId: fx.categoryId },
      body: { speachesIds: [(await fx.draftFor('admin')).id] },
    }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/duplicate': {
    call: (fx) => ({ path: '/api/v2/admin/speach/duplicate', query: { speachId: fx.speaches.welcome._id } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/createTemplate': {
    call: (fx) => ({ path: '/api/v2/admin/speach/createTemplate', query: { speachId: fx.speaches.welcome._id } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/update': {
    call: async (fx) => ({
      path: '/api/v2/admin/speach/update',
      body: { speach: json({ speachID: (await fx.draftFor('admin')).id, title: 'Updated by an admin' }) },
    }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/updateCoEditors': {
    call: async (fx) => ({ path: '/api/v2/admin/speach/updateCoEditors', body: { speach: (await fx.draftFor('admin')).id, coEditors: [fx.users.author.id] } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/updateAffectedUsers': {
    call: async (fx) => ({ path: '/api/v2/admin/speach/updateAffectedUsers', body: { speachID: await restricted(fx), users: [fx.users.reader.id] } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/updateAffectedGroups': {
    call: async (fx) => ({ path: '/api/v2/admin/speach/updateAffectedGroups', body: { speachID: await restricted(fx), groups: [fx.groupId] } }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/admin/speach/update-periodic-reviewers': {
    call: async (fx) => ({
      path: '/api/v2/admin/speach/update-periodic-reviewers',
      query: { speachId: (await fx.draftFor('admin')).id, users: json([fx.users.approver.id]), groups: json([]) },
    }),
    answers: admins(),
    writes: true,
  },
  'PUT /api/v2/speach/setDueDate': {
    call: async (fx, caller) => ({ path: '/api/v2/speach/setDueDate', body: { speachID: await withBadge(fx, caller), dueDate: inDays(30) } }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/speach/setUnpublishedAfterDueDate': {
    call: async (fx, caller) => {
      const id = await withBadge(fx, caller);
      await fx.t.http
        .put('/api/v2/speach/setDueDate')
        .set(fx.auth(ownerOf(caller)))
        .send({ speachID: id, dueDate: inDays(30) })
        .expect(200);
      return { path: '/api/v2/speach/setUnpublishedAfterDueDate', body: { speachID: id, unpublish: true } };
    },
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/speach/setLockedSubchapters': {
    call: async (fx, caller) => ({ path: '/api/v2/speach/setLockedSubchapters', body: { speachID: (await fx.draftFor(caller)).id, lockedSubchapters: true } }),
    answers: authors(),
    writes: true,
  },
  'GET /api/rest/speaches': { call: () => ({ path: '/api/rest/speaches' }), answers: admins() },
  'GET /api/rest/speaches/{id}': { call: (fx) => ({ path: `/api/rest/speaches/${fx.speaches.welcome._id}` }), answers: admins() },

  // Engagement (issue 16 item 1: a PRIVE speach's engagement and comments only with its code)
  'GET /api/v2/speach/{id}/engagement': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.privateOne._id}/engagement` }),
    answers: only(['admin'], 'ok', HIDDEN),
  },
  // Nobody rates their own speach (the welcome speach is the demo author's).
  'PUT /api/v2/speach/{id}/rating': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/rating`, body: { rating: 4 } }),
    answers: signedIn({ author: 403 }),
    writes: true,
  },
  'PUT /api/v2/speach/{id}/follow': { call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/follow` }), answers: signedIn(), writes: true },
  'DELETE /api/v2/speach/{id}/follow': { call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/follow` }), answers: signedIn(), writes: true },
  'GET /api/v2/speach/{id}/comments': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.privateOne._id}/comments` }),
    answers: only(['admin'], 'ok', HIDDEN),
  },
  'POST /api/v2/speach/{id}/comments': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/comments`, body: { text: 'A comment from the matrix' } }),
    answers: signedIn(),
    writes: true,
  },
  // The comment's writer (the approver here), the speach's author and administrators.
  'DELETE /api/v2/speach/{id}/comments/{commentId}': {
    call: async (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/comments/${await fx.newComment(fx.speaches.welcome._id)}` }),
    answers: only(['approver', 'author', 'admin']),
    writes: true,
  },
  'GET /api/v2/my/speachFollowed': { call: () => ({ path: '/api/v2/my/speachFollowed' }), answers: signedIn() },

  // Notifications of the signed-in user
  'GET /api/v2/notifications': { call: () => ({ path: '/api/v2/notifications' }), answers: signedIn() },
  'GET /api/v2/notifications/count': { call: () => ({ path: '/api/v2/notifications/count' }), answers: signedIn() },
  'GET /api/v2/notifications/countUnread': { call: () => ({ path: '/api/v2/notifications/countUnread' }), answers: signedIn() },
  'POST /api/v2/notifications/acquit': { call: () => ({ path: '/api/v2/notifications/acquit' }), answers: signedIn(), writes: true },
  'GET /api/v2/notifications/parameters/types': { call: () => ({ path: '/api/v2/notifications/parameters/types' }), answers: signedIn() },
  'GET /api/v2/notifications/parameters': { call: () => ({ path: '/api/v2/notifications/parameters' }), answers: signedIn() },
  'GET /api/v2/notifications/parameters/activate': {
    call: async (fx, caller) => ({ path: '/api/v2/notifications/parameters/activate', query: { type: await notificationType(fx, caller) } }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/v2/notifications/parameters/desactivate': {
    call: async (fx, caller) => ({ path: '/api/v2/notifications/parameters/desactivate', query: { type: await notificationType(fx, caller) } }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/v2/notifications/parameters/language': {
    call: () => ({ path: '/api/v2/notifications/parameters/language', query: { language: 'en' } }),
    answers: signedIn(),
    writes: true,
  },
  'POST /api/v2/admin/mail/run-digests': {
    call: () => ({ path: '/api/v2/admin/mail/run-digests', body: { at: new Date().toISOString() } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/v2/admin/mail/messages': { call: () => ({ path: '/api/v2/admin/mail/messages', query: { to: 'reader@example.com' } }), answers: admins() },
  // The signed link is the authorisation: whoever holds it (any caller) unsubscribes the user it names.
  'POST /api/v2/mail/unsubscribe': {
    call: (fx) => ({ path: '/api/v2/mail/unsubscribe', body: { user: fx.users.staff.id, sig: fx.t.app.get(UnsubscribeLinks).signature(fx.users.staff.id) } }),
    answers: everyone(),
    writes: true,
  },
  'GET /api/v2/mail/unsubscribe': {
    call: (fx) => ({ path: '/api/v2/mail/unsubscribe', query: { user: fx.users.staff.id, sig: fx.t.app.get(UnsubscribeLinks).signature(fx.users.staff.id) } }),
    answers: { anonymous: 303, deactivated: 303, reader: 303, approver: 303, auditor: 303, author: 303, admin: 303 },
  },
  'GET /api/v2/notifications/parameters/frequency': {
    call: () => ({ path: '/api/v2/notifications/parameters/frequency', query: { frequency: 'HEBDOMADAIRE' } }),
    answers: signedIn(),
    writes: true,
  },

  // CSV exports
  'GET /administration/listCsvTemplates': {
    call: () => ({ path: '/administration/listCsvTemplates', query: { dataType: 'json', superAdminAccess: 'true' } }),
    answers: admins(),
  },
  'POST /administration/launchMultipleExportCsv': {
    call: () => ({ path: '/administration/launchMultipleExportCsv', body: { dataType: 'json', templateNames: ['users'] } }),
    answers: admins(),
    writes: true,
    after: (fx, _caller, response) =>
      response.status === 202 ? fx.settle(`/administration/exports/${response.body.id}`, (job) => job.status !== 'RUNNING') : Promise.resolve(),
  },
  'GET /administration/exports': { call: () => ({ path: '/administration/exports' }), answers: admins() },
  'GET /administration/exports/{id}': { call: (fx) => ({ path: `/administration/exports/${fx.exportJobId}` }), answers: admins() },
  'GET /administration/exports/{id}/files/{templateName}': {
    call: (fx) => ({ path: `/administration/exports/${fx.exportJobId}/files/users` }),
    answers: admins(),
  },

  // Audit (issue #6): administrators and auditors, read-only
  'GET /api/v2/audit/speaches': { call: () => ({ path: '/api/v2/audit/speaches' }), answers: only(['auditor', 'admin']) },
  'GET /api/v2/audit/speach/{speachID}': { call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}` }), answers: only(['auditor', 'admin']) },
  'GET /api/v2/audit/speach/{speachID}/events': {
    call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}/events` }),
    answers: only(['auditor', 'admin']),
  },
  'GET /api/v2/audit/speach/{speachID}/events.csv': {
    call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}/events.csv` }),
    answers: only(['auditor', 'admin']),
  },
  'GET /api/v2/audit/speach/{speachID}/events.json': {
    call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}/events.json` }),
    answers: only(['auditor', 'admin']),
  },
  'GET /api/v2/audit/speach/{speachID}/state': {
    call: (fx) => ({ path: `/api/v2/audit/speach/${fx.speaches.welcome._id}/state` }),
    answers: only(['auditor', 'admin']),
  },
  'GET /api/v2/audit/chain': { call: () => ({ path: '/api/v2/audit/chain' }), answers: only(['auditor', 'admin']) },

  // Admin dashboard
  'GET /api/v2/dashboard/time-series': {
    call: () => ({ path: '/api/v2/dashboard/time-series', query: { metric: 'READ', period: 'THREE_MONTHS' } }),
    answers: admins(),
  },
  'GET /api/v2/dashboard/speaches-by-watch': { call: () => ({ path: '/api/v2/dashboard/speaches-by-watch' }), answers: admins() },
  'GET /api/v2/dashboard/speaches-by-rating': { call: () => ({ path: '/api/v2/dashboard/speaches-by-rating' }), answers: admins() },
  'GET /api/v2/dashboard/speachmakers-by-watch': { call: () => ({ path: '/api/v2/dashboard/speachmakers-by-watch' }), answers: admins() },
  'GET /api/v2/dashboard/speachmakers-by-rating': { call: () => ({ path: '/api/v2/dashboard/speachmakers-by-rating' }), answers: admins() },
  'GET /api/v2/dashboard/speach-category': { call: () => ({ path: '/api/v2/dashboard/speach-category' }), answers: admins() },
  'GET /api/v2/cours/publishedSpeachs': { call: () => ({ path: '/api/v2/cours/publishedSpeachs' }), answers: admins() },
  'GET /api/v2/cours/unpublishedSpeachs': { call: () => ({ path: '/api/v2/cours/unpublishedSpeachs' }), answers: admins() },
  'GET /api/v2/cours/viewedSpeachs': { call: () => ({ path: '/api/v2/cours/viewedSpeachs' }), answers: admins() },
  'GET /api/v2/users/count': { call: () => ({ path: '/api/v2/users/count', query: { type: 'admins' } }), answers: admins() },

  // Analytics pages
  // Issue 17: the learner home and the catalogue, each caller seeing what they may read.
  'GET /api/v2/home': { call: () => ({ path: '/api/v2/home', query: { language: 'en' } }), answers: signedIn() },
  'GET /api/v2/home/slider/{slider}': { call: () => ({ path: '/api/v2/home/slider/new', query: { language: 'en' } }), answers: signedIn() },
  'GET /api/v2/catalogue': { call: () => ({ path: '/api/v2/catalogue' }), answers: signedIn() },
  'GET /api/v2/analytics/speach/{speachId}': { call: (fx) => ({ path: `/api/v2/analytics/speach/${fx.speaches.welcome._id}` }), answers: authors() },
  'GET /api/v2/analytics/user/{userId}': { call: (fx) => ({ path: `/api/v2/analytics/user/${fx.users.reader.id}` }), answers: only(['reader', 'admin']) },
  // The speach's editors and admins delete a learner's quiz result (here the reader's, answered just before).
  'GET /api/v2/quizz/delete-results-user': {
    call: async (fx) => {
      await fx.t.http
        .post(`/api/v2/speach/${fx.speaches.welcome._id}/chapters/${fx.welcomeQuiz.chapterId}/answers`)
        .set(fx.auth('reader'))
        .send({ answers: fx.welcomeQuiz.answers })
        .expect(200);
      return {
        path: '/api/v2/quizz/delete-results-user',
        query: { quizzId: fx.welcomeQuiz.chapterId, idAchatCour: `${fx.users.reader.id}:${fx.speaches.welcome._id}` },
      };
    },
    answers: authors(),
    writes: true,
  },

  // Validation workflow
  'GET /api/v2/workflow/definitions': { call: () => ({ path: '/api/v2/workflow/definitions' }), answers: authors() },
  'POST /api/v2/workflow/submit': {
    call: async (fx, caller) => ({ path: '/api/v2/workflow/submit', body: { speachId: (await fx.draftFor(caller)).id } }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/workflow/speach/{speachId}': {
    call: (fx) => ({ path: `/api/v2/workflow/speach/${fx.speaches.toValidate._id}` }),
    answers: only(['approver', 'author', 'admin'], 'ok', HIDDEN),
  },
  'GET /api/v2/workflow/speach/{speachId}/draft': {
    call: (fx) => ({ path: `/api/v2/workflow/speach/${fx.speaches.toValidate._id}/draft` }),
    answers: only(['approver', 'author', 'admin'], 'ok', HIDDEN),
  },
  // Spec §6: only a holder of the APPROVER role in the step's group validates or rejects; admins too are refused.
  'POST /api/v2/workflow/speach/{speachId}/validate': {
    call: async (fx) => ({ path: `/api/v2/workflow/speach/${await submitted(fx)}/validate`, body: {} }),
    answers: only(['approver']),
    writes: true,
  },
  'POST /api/v2/workflow/speach/{speachId}/reject': {
    call: async (fx) => ({ path: `/api/v2/workflow/speach/${await submitted(fx)}/reject`, body: { comment: 'Not yet' } }),
    answers: only(['approver']),
    writes: true,
  },
  'POST /api/v2/workflow/speach/{speachId}/resubmit': {
    call: async (fx) => ({ path: `/api/v2/workflow/speach/${await rejected(fx)}/resubmit`, body: {} }),
    answers: only(['author', 'admin']),
    writes: true,
  },
  // Spec §6: an approver named as reviewer (the demo approver, by name and by group) decides; a group member without the role does not.
  'POST /api/v2/periodic-review/{speachId}/decision': {
    // One due review for the approver, another for everyone else: a wrongful decision must not hide the rightful one.
    // The demo reviews are of GMP-regulated speaches: the decision is signed (issue 23).
    call: (fx, caller) => ({
      path: `/api/v2/periodic-review/${(caller === 'approver' ? fx.speaches.underReview : fx.speaches.alsoUnderReview)._id}/decision`,
      body: {
        decision: 'NO_REVISION',
        signature: { password: DEMO_PASSWORD, meaning: 'reviewed', email: fx.users[caller as keyof Fixtures['users']]?.email ?? 'nobody@example.com' },
      },
    }),
    answers: only(['approver']),
    writes: true,
  },
  'GET /api/v2/my/speachInWorkflowValidation': { call: () => ({ path: '/api/v2/my/speachInWorkflowValidation' }), answers: signedIn() },
  'GET /api/v2/my/speachWorkflowToValidate': { call: () => ({ path: '/api/v2/my/speachWorkflowToValidate' }), answers: signedIn() },
  'GET /api/v2/my/speachToReview': { call: () => ({ path: '/api/v2/my/speachToReview' }), answers: signedIn() },
  'GET /api/v2/my/periodicReviewsNearing': { call: () => ({ path: '/api/v2/my/periodicReviewsNearing' }), answers: signedIn() },
  'GET /api/v2/admin/speach/workflow-representation': {
    call: (fx) => ({ path: '/api/v2/admin/speach/workflow-representation', query: { speachId: fx.speaches.toValidate._id } }),
    answers: admins(),
  },
  'PUT /api/v2/admin/speach/cancelWorkflow': {
    call: async (fx) => ({ path: '/api/v2/admin/speach/cancelWorkflow', query: { speachId: await submitted(fx) } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/v2/admin/periodic-reviews': { call: () => ({ path: '/api/v2/admin/periodic-reviews' }), answers: admins() },
  'GET /api/rest/workflow-definitions': { call: () => ({ path: '/api/rest/workflow-definitions' }), answers: admins() },
  'POST /api/rest/workflow-definitions': {
    call: (fx) => ({ path: '/api/rest/workflow-definitions', body: { name: `Workflow ${unique()}`, steps: [{ groupId: fx.groupId }] } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/rest/workflow-definitions/{id}': { call: (fx) => ({ path: `/api/rest/workflow-definitions/${fx.definitionId}` }), answers: admins() },
  'PUT /api/rest/workflow-definitions/{id}': {
    call: async (fx) => ({
      path: `/api/rest/workflow-definitions/${await fx.newDefinition()}`,
      body: { name: `Workflow ${unique()}`, steps: [{ groupId: fx.groupId }] },
    }),
    answers: admins(),
    writes: true,
  },
  'DELETE /api/rest/workflow-definitions/{id}': {
    call: async (fx) => ({ path: `/api/rest/workflow-definitions/${await fx.newDefinition()}` }),
    answers: admins(),
    writes: true,
  },

  // Learning paths (issue 18): the owner (the caller when author or admin) and administrators edit; learners read their page.
  'GET /api/v2/learningPath/getAllGroups': { call: () => ({ path: '/api/v2/learningPath/getAllGroups' }), answers: authors() },
  'PUT /api/v2/learningPath': {
    call: () => ({ path: '/api/v2/learningPath', body: { path: json({ title: `Path ${unique()}` }) } }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/learningPath/{pathId}': { call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}` }), answers: authors() },
  'GET /api/v2/learningPath/{pathId}/getAllGroups': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}/getAllGroups` }),
    answers: authors(),
  },
  'PUT /api/v2/learningPath/{pathId}/changeGroup': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}/changeGroup`, query: { groupId: fx.groupId, add: 'true' } }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/changeUser': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}/changeUser`, query: { userId: fx.users.reader.id, add: 'true' } }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/addSpeach/{speachId}': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}/addSpeach/${fx.speaches.welcome._id}` }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/removeSpeach/{speachId}': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller, { speach: true })}/removeSpeach/${fx.speaches.welcome._id}` }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/recordOrder': {
    call: async (fx, caller) => ({
      path: `/api/v2/learningPath/${await pathOf(fx, caller, { speach: true })}/recordOrder`,
      query: { order: fx.speaches.welcome._id },
    }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/publish': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller, { speach: true })}/publish` }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/unpublish': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller, { publish: true })}/unpublish` }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/learningPath/{pathId}/archive': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}/archive` }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/learningPath/{pathId}/getSpeaches': {
    call: async (fx, caller) => ({ path: `/api/v2/learningPath/${await pathOf(fx, caller)}/getSpeaches`, query: { selected: 'false' } }),
    answers: authors(),
  },
  'PUT /api/v2/learningPath/{pathId}/enrol': {
    call: async (fx) => ({ path: `/api/v2/learningPath/${await pathOf(fx, 'author', { publish: true, open: true })}/enrol` }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/v2/learningPath/{pathId}/progress': {
    call: async (fx) => ({ path: `/api/v2/learningPath/${await pathOf(fx, 'author', { publish: true, open: true })}/progress` }),
    answers: signedIn(),
  },
  // Nobody of the suite completed a path: a certificate is unknown to every signed-in caller.
  'GET /api/v2/learningPath/{pathId}/certificate': {
    call: async (fx) => ({ path: `/api/v2/learningPath/${await pathOf(fx, 'author', { publish: true })}/certificate` }),
    answers: signedIn({}, 404),
  },
  'GET /api/v2/my/learningPaths': { call: () => ({ path: '/api/v2/my/learningPaths' }), answers: signedIn() },
  'GET /api/v2/my/learningPathsEdited': { call: () => ({ path: '/api/v2/my/learningPathsEdited', query: { page: '0' } }), answers: authors() },
  'GET /api/v2/admin/learningPath': { call: () => ({ path: '/api/v2/admin/learningPath' }), answers: admins() },
  // Public verification: an unknown code is a 404 for anyone, signed in or not.
  'GET /api/v2/certificates/{code}': {
    call: () => ({ path: '/api/v2/certificates/0000-0000-0000-0000' }),
    answers: { anonymous: 404, deactivated: 404, reader: 404, approver: 404, auditor: 404, author: 404, admin: 404 },
  },
};

/** A fresh path owned by the caller when they may own one (the demo author's otherwise), with the welcome speach, published and open when asked. */
async function pathOf(fx: Fixtures, caller: Caller, setup: { speach?: boolean; publish?: boolean; open?: boolean } = {}): Promise<string> {
  const owner = fx.auth(ownerOf(caller));
  const created = await fx.t.http
    .put('/api/v2/learningPath')
    .set(owner)
    .send({ path: json({ title: `Path ${unique()}`, openForSelfEnrolment: setup.open === true }) })
    .expect(200);
  const pathId = created.body.pathId as string;
  if (setup.speach || setup.publish) await fx.t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${fx.speaches.welcome._id}`).set(owner).expect(200);
  if (setup.publish) await fx.t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(owner).expect(200);
  return pathId;
}

/** A notification type the caller's audience has (spec §3 "Notification types by audience"). */
async function notificationType(fx: Fixtures, caller: Caller): Promise<string> {
  const token = fx.tokens[caller === 'anonymous' || caller === 'deactivated' ? 'reader' : caller];
  return (
    await fx.t.http
      .get('/api/v2/notifications/parameters/types')
      .set({ authorization: `Bearer ${token}` })
      .expect(200)
  ).body[0];
}
