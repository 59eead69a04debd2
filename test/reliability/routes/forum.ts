import type { Caller, Fixtures } from '../support/fixtures';
import { HIDDEN, type RouteExpectation, admins, only, signedIn, unique } from '../route-answers';

type Who = Exclude<Caller, 'anonymous' | 'deactivated'>;

/** Records the declarations share, made once per suite (its fixtures): reads need them, nothing changes them. */
const shared = new WeakMap<Fixtures, Map<string, Promise<string>>>();
function once(fx: Fixtures, name: string, make: () => Promise<string>): Promise<string> {
  let records = shared.get(fx);
  if (!records) shared.set(fx, (records = new Map()));
  let record = records.get(name);
  if (!record) records.set(name, (record = make()));
  return record;
}

/** A topic opened by `who` on a speach: its id is also its opening post's. */
async function topicOn(fx: Fixtures, speachId: string, who: Who): Promise<string> {
  const opened = await fx.t.http
    .post(`/api/v2/speach/${speachId}/topics`)
    .set(fx.auth(who))
    .send({ title: `Matrix topic ${unique()}`, text: 'Which one?' })
    .expect(201);
  return opened.body.topicId as string;
}

/** The welcome speach is the demo author's, so its moderators are the demo author and administrators. */
const welcomeTopic = (fx: Fixtures) => once(fx, 'welcomeTopic', () => topicOn(fx, fx.speaches.welcome._id, 'reader'));

/** A fresh reply of the approver on the welcome speach's forum: one per call, so edits, deletes and moderation never meet a gone post. */
async function approverReply(fx: Fixtures): Promise<{ topicId: string; postId: string }> {
  const topicId = await welcomeTopic(fx);
  const reply = await fx.t.http
    .post(`/api/v2/topics/${topicId}/posts`)
    .set(fx.auth('approver'))
    .send({ text: `Matrix reply ${unique()}` })
    .expect(201);
  return { topicId, postId: reply.body.postId as string };
}

/** The approver wrote to the reader: the two of them, and nobody else, see the conversation. */
const conversation = (fx: Fixtures) =>
  once(fx, 'conversation', async () => {
    const sent = await fx.t.http.post('/api/v2/messages').set(fx.auth('approver')).send({ recipientId: fx.users.reader.id, text: 'Matrix hello' }).expect(201);
    return sent.body.conversationId as string;
  });

async function newReport(fx: Fixtures): Promise<string> {
  const reported = await fx.t.http
    .post('/api/v2/abuse-reports')
    .set(fx.auth('reader'))
    .send({ target: 'USER', targetId: fx.users.staff.id, reason: 'SPAM' })
    .expect(201);
  return reported.body.reportId as string;
}

/** The author's published path assigned to nobody (not open): only the author and administrators may see it, so only they use its forum. */
const closedPath = (fx: Fixtures) =>
  once(fx, 'closedPath', async () => {
    const owner = fx.auth('author');
    const created = await fx.t.http
      .put('/api/v2/learningPath')
      .set(owner)
      .send({ path: JSON.stringify({ title: `Matrix path ${unique()}` }) })
      .expect(200);
    const pathId = created.body.pathId as string;
    await fx.t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${fx.speaches.welcome._id}`).set(owner).expect(200);
    await fx.t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(owner).expect(200);
    return pathId;
  });

/** Who may call the routes of forum topics, messages, badges, abuse reports (backend/forum/): see route-expectations.ts for the vocabulary. */
export const FORUM_ROUTES: Record<string, RouteExpectation> = {
  // A speach's forum: whoever reads the speach (SpeachAccess); nobody in the suite has the private one's code.
  'GET /api/v2/speach/{id}/topics': { call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.privateOne._id}/topics` }), answers: only(['admin'], 'ok', HIDDEN) },
  'POST /api/v2/speach/{id}/topics': {
    call: (fx) => ({ path: `/api/v2/speach/${fx.speaches.welcome._id}/topics`, body: { title: 'A topic from the matrix', text: 'Where is the quiz?' } }),
    answers: signedIn(),
    writes: true,
  },
  // A path's forum: who may see the path (the paths context's rule).
  'GET /api/v2/learningPath/{pathId}/topics': {
    call: async (fx) => ({ path: `/api/v2/learningPath/${await closedPath(fx)}/topics` }),
    answers: only(['author', 'admin'], 'ok', HIDDEN),
  },
  'POST /api/v2/learningPath/{pathId}/topics': {
    call: async (fx) => ({
      path: `/api/v2/learningPath/${await closedPath(fx)}/topics`,
      body: { title: 'A path topic from the matrix', text: 'Which order?' },
    }),
    answers: only(['author', 'admin'], 'ok', HIDDEN),
    writes: true,
  },
  'GET /api/v2/topics/{topicId}': {
    call: async (fx) => ({ path: `/api/v2/topics/${await once(fx, 'privateTopic', () => topicOn(fx, fx.speaches.privateOne._id, 'admin'))}` }),
    answers: only(['admin'], 'ok', HIDDEN),
  },
  'POST /api/v2/topics/{topicId}/posts': {
    call: async (fx) => ({ path: `/api/v2/topics/${await welcomeTopic(fx)}/posts`, body: { text: 'A reply from the matrix' } }),
    answers: signedIn(),
    writes: true,
  },
  // Only its writer edits a post, not even a moderator.
  'PUT /api/v2/topics/{topicId}/posts/{postId}': {
    call: async (fx) => {
      const { topicId, postId } = await approverReply(fx);
      return { path: `/api/v2/topics/${topicId}/posts/${postId}`, body: { text: 'Edited by the matrix' } };
    },
    answers: only(['approver']),
    writes: true,
  },
  // Its writer only (the approver here): moderators remove a post with the moderation action DELETE (docs/forum-and-messages.md).
  'DELETE /api/v2/topics/{topicId}/posts/{postId}': {
    call: async (fx) => {
      const { topicId, postId } = await approverReply(fx);
      return { path: `/api/v2/topics/${topicId}/posts/${postId}` };
    },
    answers: only(['approver']),
    writes: true,
  },
  // Administrators and the speach's author (the demo author owns the welcome speach); its writer is no moderator.
  'POST /api/v2/topics/{topicId}/posts/{postId}/moderation': {
    call: async (fx) => {
      const { topicId, postId } = await approverReply(fx);
      return { path: `/api/v2/topics/${topicId}/posts/${postId}/moderation`, body: { action: 'HIDE' } };
    },
    answers: only(['author', 'admin']),
    writes: true,
  },

  // Private messages: the signed-in user's own; a conversation is its two participants' only.
  'GET /api/v2/messages/conversations': { call: () => ({ path: '/api/v2/messages/conversations' }), answers: signedIn() },
  'GET /api/v2/messages/countUnread': { call: () => ({ path: '/api/v2/messages/countUnread' }), answers: signedIn() },
  'GET /api/v2/messages/conversations/{conversationId}': {
    call: async (fx) => ({ path: `/api/v2/messages/conversations/${await conversation(fx)}` }),
    answers: only(['reader', 'approver'], 'ok', HIDDEN),
  },
  // To a colleague none of the callers is (nobody writes to themselves).
  'POST /api/v2/messages': {
    call: (fx) => ({ path: '/api/v2/messages', body: { recipientId: fx.users.staff.id, text: 'A message from the matrix' } }),
    answers: signedIn(),
    writes: true,
  },
  'POST /api/v2/messages/conversations/{conversationId}/read': {
    call: async (fx) => ({ path: `/api/v2/messages/conversations/${await conversation(fx)}/read` }),
    answers: only(['reader', 'approver'], 'ok', HIDDEN),
    writes: true,
  },

  // Badges: one's own, a colleague's profile, the admin dashboard's counts.
  'GET /api/v2/my/badges': { call: () => ({ path: '/api/v2/my/badges' }), answers: signedIn() },
  'GET /api/v2/users/{id}/badges': { call: (fx) => ({ path: `/api/v2/users/${fx.users.reader.id}/badges` }), answers: signedIn() },
  'GET /api/v2/dashboard/badges': { call: () => ({ path: '/api/v2/dashboard/badges' }), answers: admins() },

  // Abuse reports: any signed-in user reports; administrators handle the queue.
  'POST /api/v2/abuse-reports': {
    call: (fx) => ({ path: '/api/v2/abuse-reports', body: { target: 'USER', targetId: fx.users.staff.id, reason: 'SPAM', details: 'Sent from the matrix' } }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/rest/abuse-reports': { call: () => ({ path: '/api/rest/abuse-reports' }), answers: admins() },
  'GET /api/rest/abuse-reports/{id}': {
    call: async (fx) => ({ path: `/api/rest/abuse-reports/${await once(fx, 'report', () => newReport(fx))}` }),
    answers: admins(),
  },
  // A fresh report per call: a resolved one is resolved for good.
  'POST /api/rest/abuse-reports/{id}/resolve': {
    call: async (fx) => ({ path: `/api/rest/abuse-reports/${await newReport(fx)}/resolve`, body: { resolution: 'DISMISSED' } }),
    answers: admins(),
    writes: true,
  },
};
