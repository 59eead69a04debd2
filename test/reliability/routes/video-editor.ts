import type { Caller, Fixtures } from '../support/fixtures';
import { type RouteExpectation, authors, signedIn } from '../route-answers';

/** Who edits: an author or admin their own fresh draft; anyone else the demo author's (and is refused). */
const owner = (caller: Caller): 'author' | 'admin' => (caller === 'admin' ? 'admin' : 'author');

/** A chapter of a fresh draft turned into one awaiting its video (the editor works on media chapters). */
async function mediaChapter(fx: Fixtures, caller: Caller): Promise<string> {
  const draft = await fx.draftFor(caller);
  const chapterId = draft.chapters[0];
  await fx.t.http
    .put(`/api/v2/recorder/speach/${draft.id}/chapters/${chapterId}/content`)
    .set(fx.auth(owner(caller)))
    .send({ type: 'NONE' })
    .expect(200);
  return chapterId;
}

/** A media chapter whose editor registered the demo file as its 10 s video. */
async function withVideo(fx: Fixtures, caller: Caller): Promise<string> {
  const chapterId = await mediaChapter(fx, caller);
  await fx.t.http
    .post('/api/v2/recorder/weet')
    .set(fx.auth(owner(caller)))
    .send({ weetID: fx.blob.id, duration: 10, chapitreId: chapterId })
    .expect(200);
  return chapterId;
}

async function withAnnotation(fx: Fixtures, caller: Caller): Promise<{ chapterId: string; annotationId: string }> {
  const chapterId = await withVideo(fx, caller);
  const res = await fx.t.http
    .post(`/api/v2/recorder/video-editor/${chapterId}/annotations`)
    .set(fx.auth(owner(caller)))
    .send({ at: 1, text: 'Matrix note' })
    .expect(200);
  return { chapterId, annotationId: res.body.annotations[0].annotationId };
}

const QUESTION = { at: 2, question: 'Matrix question?', options: [{ text: 'Yes', correct: true }, { text: 'No' }] };

async function withQuestion(fx: Fixtures, caller: Caller): Promise<{ chapterId: string; interactionId: string }> {
  const chapterId = await withVideo(fx, caller);
  const res = await fx.t.http
    .post(`/api/v2/recorder/video-editor/${chapterId}/interactions`)
    .set(fx.auth(owner(caller)))
    .send(QUESTION)
    .expect(200);
  return { chapterId, interactionId: res.body.interactions[0].interactionId };
}

/** A published speach of the admin whose video asks one question: what every signed-in reader may answer. */
const published = new WeakMap<Fixtures, Promise<{ chapterId: string; interactionId: string }>>();
function publishedQuestion(fx: Fixtures) {
  let made = published.get(fx);
  if (!made) {
    made = (async () => {
      const question = await withQuestion(fx, 'admin');
      const speachId = (await fx.t.http.get(`/api/v2/recorder/video-editor/${question.chapterId}`).set(fx.auth('admin')).expect(200)).body.speachId as string;
      await fx.t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(fx.auth('admin')).send({}).expect(200);
      return question;
    })();
    published.set(fx, made);
  }
  return made;
}

/** Who may call the built-in video editor's routes (backend/video-editor/): authors on what they edit; readers the overlays. */
export const VIDEO_EDITOR_ROUTES: Record<string, RouteExpectation> = {
  'GET /api/v2/recorder/getUrlEditingForChapter/{chapterId}': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/getUrlEditingForChapter/${await mediaChapter(fx, caller)}` }),
    answers: authors(),
  },
  'POST /api/v2/recorder/weet': {
    call: async (fx, caller) => ({ path: '/api/v2/recorder/weet', body: { weetID: fx.blob.id, duration: 10, chapitreId: await mediaChapter(fx, caller) } }),
    answers: authors(),
    writes: true,
  },
  'POST /api/v2/recorder/silenceWeet': {
    call: async (fx, caller) => ({
      path: '/api/v2/recorder/silenceWeet',
      body: { weetID: fx.blob.id, duration: 4, chapitreId: await mediaChapter(fx, caller) },
    }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/recorder/video-editor/{chapterId}': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/video-editor/${await mediaChapter(fx, caller)}` }),
    answers: authors(),
  },
  'POST /api/v2/recorder/video-editor/{chapterId}/cut': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/video-editor/${await withVideo(fx, caller)}/cut`, body: { keep: [{ start: 1, end: 8 }] } }),
    answers: authors(),
    writes: true,
  },
  'POST /api/v2/recorder/video-editor/{chapterId}/annotations': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/video-editor/${await withVideo(fx, caller)}/annotations`, body: { at: 3, text: 'Look here' } }),
    answers: authors(),
    writes: true,
  },
  'DELETE /api/v2/recorder/video-editor/{chapterId}/annotations/{annotationId}': {
    call: async (fx, caller) => {
      const { chapterId, annotationId } = await withAnnotation(fx, caller);
      return { path: `/api/v2/recorder/video-editor/${chapterId}/annotations/${annotationId}` };
    },
    answers: authors(),
    writes: true,
  },
  'POST /api/v2/recorder/video-editor/{chapterId}/interactions': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/video-editor/${await withVideo(fx, caller)}/interactions`, body: QUESTION }),
    answers: authors(),
    writes: true,
  },
  'DELETE /api/v2/recorder/video-editor/{chapterId}/interactions/{interactionId}': {
    call: async (fx, caller) => {
      const { chapterId, interactionId } = await withQuestion(fx, caller);
      return { path: `/api/v2/recorder/video-editor/${chapterId}/interactions/${interactionId}` };
    },
    answers: authors(),
    writes: true,
  },
  'POST /api/v2/recorder/video-editor/{chapterId}/synchronise': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/video-editor/${await withVideo(fx, caller)}/synchronise`, body: { target: 'AUDIO' } }),
    answers: authors(),
    writes: true,
  },
  // The learner's player: whoever may read the speach (a published, public one here).
  'GET /api/v2/chapter/video-overlays/{chapterId}': {
    call: async (fx) => ({ path: `/api/v2/chapter/video-overlays/${(await publishedQuestion(fx)).chapterId}` }),
    answers: signedIn(),
  },
  'POST /api/v2/chapter/video-overlays/{chapterId}/answer': {
    call: async (fx) => {
      const { chapterId, interactionId } = await publishedQuestion(fx);
      return { path: `/api/v2/chapter/video-overlays/${chapterId}/answer`, body: { interactionId, answers: ['o1'] } };
    },
    answers: signedIn(),
    writes: true,
  },
};
