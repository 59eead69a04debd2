import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBTITLE_LOCALES } from '../../../events';
import { MediaJobWorker } from '../../../backend/media';
import { Transcripts } from '../../../backend/media-text';
import { PROJECTION_RUNNER } from '../../../backend/infrastructure/tokens';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import type { Fixtures } from '../support/fixtures';
import { type RouteExpectation, admins, authors, everyone, signedIn, unique } from '../route-answers';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n';

let video: Buffer | null = null;
/** A 1-second MP4 made with ffmpeg once per process. */
function clip(): Buffer {
  if (video) return video;
  const dir = mkdtempSync(join(tmpdir(), 'matrix-clip-'));
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=size=32x32:rate=2:duration=1',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      join(dir, 'clip.mp4'),
    ]);
    return (video = readFileSync(join(dir, 'clip.mp4')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface VideoSpeach {
  speachId: string;
  chapterId: string;
  quizChapterId: string;
  subtitleId: string;
}
const made = new WeakMap<Fixtures, Promise<VideoSpeach>>();

/** A published public speach of the demo author with a video chapter holding an English track, and a quiz chapter. */
function videoSpeach(fx: Fixtures): Promise<VideoSpeach> {
  let value = made.get(fx);
  if (!value) {
    value = (async () => {
      const author = fx.auth('author');
      const draft = await fx.draftFor('author');
      const chapterId = draft.chapters[0];
      await fx.t.http
        .post(`/api/v2/recorder/speach/${draft.id}/chapters/${chapterId}/file`)
        .query({ type: 'VIDEO_UPLOAD', name: 'clip.mp4' })
        .set({ ...author, 'content-type': 'video/mp4' })
        .send(clip())
        .expect(201);
      // The upload's transcode (a media job) and transcript request run on their own: done before any call is judged.
      await fx.t.app.get(MediaJobWorker).idle();
      await fx.t.app.get(Transcripts).idle();
      await fx.t.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitFor(await fx.t.adapters.eventStore.headPosition(), 5000);
      const quiz = {
        type: 'QUIZZ',
        passingScore: 50,
        questions: [
          {
            questionId: 'q1',
            text: 'Yes?',
            multiple: false,
            points: 1,
            options: [
              { optionId: 'a', text: 'Yes', correct: true },
              { optionId: 'b', text: 'No' },
            ],
          },
        ],
      };
      await fx.t.http.put(`/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[1]}/content`).set(author).send(quiz).expect(200);
      const track = await fx.t.http.post(`/api/v2/chapter/subtitles/${chapterId}`).set(author).send({ lang: 'en_US', file: VTT }).expect(201);
      await fx.t.http.post(`/api/v2/recorder/speach/${draft.id}/publish`).set(fx.auth('admin')).send({}).expect(200);
      return { speachId: draft.id, chapterId, quizChapterId: draft.chapters[1], subtitleId: track.body.id as string };
    })();
    made.set(fx, value);
  }
  return value;
}

/** Each upload takes a language no track of the chapter holds yet (a refused call leaves none). */
let nextLocale = 0;
const freshLocale = () => SUBTITLE_LOCALES.filter((l) => l !== 'en_US')[nextLocale++ % (SUBTITLE_LOCALES.length - 1)];

/** A track made for one delete call. */
async function disposableTrack(fx: Fixtures): Promise<{ chapterId: string; subtitleId: string }> {
  const { chapterId } = await videoSpeach(fx);
  const res = await fx.t.http.post(`/api/v2/chapter/subtitles/${chapterId}`).set(fx.auth('author')).send({ lang: freshLocale(), file: VTT }).expect(201);
  return { chapterId, subtitleId: res.body.id as string };
}

/** A fresh assessment chapter per call (a converted one cannot be converted again). */
async function freshQuiz(fx: Fixtures): Promise<string> {
  const draft = await fx.draftFor('author');
  const quiz = {
    type: 'QUIZZ',
    passingScore: 50,
    questions: [
      {
        questionId: 'q1',
        text: 'Yes?',
        multiple: false,
        points: 1,
        options: [
          { optionId: 'a', text: 'Yes', correct: true },
          { optionId: 'b', text: 'No' },
        ],
      },
    ],
  };
  await fx.t.http.put(`/api/v2/recorder/speach/${draft.id}/chapters/${draft.chapters[0]}/content`).set(fx.auth('author')).send(quiz).expect(200);
  return draft.chapters[0];
}

/** The chapter token a reader's player got, for the public track and transcript calls. */
async function chapterToken(fx: Fixtures): Promise<string> {
  const { chapterId } = await videoSpeach(fx);
  return (await fx.t.http.get('/api/transcript/token').query({ chapterId }).set(fx.auth('reader')).expect(200)).body.token as string;
}

/** The studio's form: one field, as a browser's FormData sends it. */
function formField(name: string, value: string): { contentType: string; data: Buffer } {
  const boundary = `----matrix${unique()}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    data: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${boundary}--\r\n`),
  };
}

/** Who may call the routes of subtitles, transcripts, AI avatar time and quiz-to-exam (backend/media-text/). */
export const MEDIA_TEXT_ROUTES: Record<string, RouteExpectation> = {
  // The learner's own avatar layout beside the player: any live session reads and sets its own.
  'GET /api/v2/learner/avatar-layout': { call: () => ({ path: '/api/v2/learner/avatar-layout' }), answers: signedIn() },
  'PUT /api/v2/learner/avatar-layout': {
    call: () => ({ path: '/api/v2/learner/avatar-layout', body: { layout: 'VOICE_ONLY' } }),
    answers: signedIn(),
    writes: true,
  },
  'GET /api/v2/chapter/subtitle-languages': { call: () => ({ path: '/api/v2/chapter/subtitle-languages' }), answers: signedIn() },
  // Reading follows SpeachAccess: any live session may read the published public speach.
  'GET /api/v2/chapter/subtitles/{chapterId}': {
    call: async (fx) => ({ path: `/api/v2/chapter/subtitles/${(await videoSpeach(fx)).chapterId}` }),
    answers: signedIn(),
  },
  // Changing is for the speach's editors: the demo author and the administrators.
  'POST /api/v2/chapter/subtitles/{chapterId}': {
    call: async (fx) => ({ path: `/api/v2/chapter/subtitles/${(await videoSpeach(fx)).chapterId}`, body: { lang: freshLocale(), file: VTT } }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/chapter/subtitles/{chapterId}/{subtitleId}': {
    call: async (fx) => {
      const { chapterId, subtitleId } = await videoSpeach(fx);
      return { path: `/api/v2/chapter/subtitles/${chapterId}/${subtitleId}` };
    },
    answers: authors(),
  },
  'PUT /api/v2/chapter/subtitles/{chapterId}/{subtitleId}': {
    call: async (fx) => {
      const { chapterId, subtitleId } = await videoSpeach(fx);
      return { path: `/api/v2/chapter/subtitles/${chapterId}/${subtitleId}`, body: { label: 'English', cues: [{ start: 0, end: 1000, text: 'Hello.' }] } };
    },
    answers: authors(),
    writes: true,
  },
  'DELETE /api/v2/chapter/subtitles/{chapterId}/{subtitleId}': {
    call: async (fx) => {
      const { chapterId, subtitleId } = await disposableTrack(fx);
      return { path: `/api/v2/chapter/subtitles/${chapterId}/${subtitleId}` };
    },
    answers: authors(),
    writes: true,
  },
  // The <track> file and the transcript: public routes whose credential is the chapter token in the query.
  'GET /api/v2/chapter/subtitles/{chapterId}/{subtitleId}/vtt': {
    call: async (fx) => {
      const { chapterId, subtitleId } = await videoSpeach(fx);
      return { path: `/api/v2/chapter/subtitles/${chapterId}/${subtitleId}/vtt`, query: { token: await chapterToken(fx) } };
    },
    answers: everyone(),
  },
  'GET /api/transcript/token': {
    call: async (fx) => ({ path: '/api/transcript/token', query: { chapterId: (await videoSpeach(fx)).chapterId } }),
    answers: signedIn(),
  },
  'GET /api/transcript/{chapterId}': {
    call: async (fx) => ({ path: `/api/transcript/${(await videoSpeach(fx)).chapterId}`, query: { token: await chapterToken(fx) } }),
    answers: everyone(),
  },
  // The voice of a subtitle language: a media job, finished before the next caller's call.
  'POST /recorder/voiceOver/subtitle/{chapterId}': {
    call: async (fx) => {
      const { chapterId, subtitleId } = await videoSpeach(fx);
      return { path: `/recorder/voiceOver/subtitle/${chapterId}`, raw: formField('subtitleId', subtitleId) };
    },
    answers: authors(),
    writes: true,
    after: async (fx) => {
      await fx.t.app.get(MediaJobWorker).idle();
      await fx.t.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitFor(await fx.t.adapters.eventStore.headPosition(), 5000);
    },
  },
  // A GET that changes state (spec §7): editors only, and marked so a foreign origin is refused.
  'GET /api/v2/quizz/do-convert-to-quizz-exam': {
    call: async (fx) => ({ path: '/api/v2/quizz/do-convert-to-quizz-exam', query: { chapterId: await freshQuiz(fx) } }),
    answers: authors(),
    writes: true,
  },
  'PUT /api/v2/recorder/updateTimeAIAvatar': {
    call: async (fx) => ({
      path: '/api/v2/recorder/updateTimeAIAvatar',
      body: { weetID: 'matrix-weet', chapitreId: (await videoSpeach(fx)).chapterId, seconds: 12 },
    }),
    answers: authors(),
    writes: true,
  },
  'GET /api/v2/recorder/aiAvatar/options': { call: () => ({ path: '/api/v2/recorder/aiAvatar/options' }), answers: authors() },
  'PUT /api/v2/administration/ai/addTime': {
    call: () => ({ path: '/api/v2/administration/ai/addTime', body: { time: 3600 } }),
    answers: admins(),
    writes: true,
  },
  'GET /api/v2/administration/ai/avatarUsage': { call: () => ({ path: '/api/v2/administration/ai/avatarUsage' }), answers: admins() },
};
