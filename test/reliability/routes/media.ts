import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadModels } from '../../../backend/infrastructure/read-models';
import { MediaJobWorker, MediaJobs } from '../../../backend/media';
import type { Caller, Fixtures } from '../support/fixtures';
import { type RouteExpectation, authors, signedIn, unique } from '../route-answers';

/** Made once per suite (per fixtures): the media the calls work on. */
const made = new WeakMap<Fixtures, Map<string, Promise<unknown>>>();
function once<T>(fx: Fixtures, key: string, make: () => Promise<T>): Promise<T> {
  let cache = made.get(fx);
  if (!cache) made.set(fx, (cache = new Map()));
  let value = cache.get(key);
  if (!value) cache.set(key, (value = make()));
  return value as Promise<T>;
}

let files: { video: Buffer; voice: Buffer } | null = null;
/** A one-second clip and voice, made by ffmpeg (small: the matrix runs a mix per successful caller). */
function media(): { video: Buffer; voice: Buffer } {
  if (files) return files;
  const dir = mkdtempSync(join(tmpdir(), 'matrix-media-'));
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10:duration=1',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    join(dir, 'clip.mp4'),
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=1', '-c:a', 'libopus', join(dir, 'voice.webm')]);
  files = { video: readFileSync(join(dir, 'clip.mp4')), voice: readFileSync(join(dir, 'voice.webm')) };
  return files;
}

/** Runs the media jobs and what follows from them, so the next call (a read that must append nothing) finds them done. */
/** Until the media jobs are done and the read models hold what they appended (the matrix waits for it before each check). */
export async function drain(fx: Fixtures): Promise<void> {
  const worker = fx.t.app.get(MediaJobWorker);
  for (;;) {
    await worker.idle();
    const head = await fx.t.adapters.eventStore.headPosition();
    await fx.t.app.get(ReadModels).settle(head);
    await worker.idle();
    if ((await fx.t.adapters.eventStore.headPosition()) === head) return;
  }
}

const ownerOf = (caller: Caller): 'admin' | 'author' => (caller === 'admin' ? 'admin' : 'author');

/** A video chapter of the caller's own draft (the demo author's for non-authors), transcoded, with a generated narration. */
const videoChapter = (fx: Fixtures, caller: Caller) =>
  once(fx, `chapter-${ownerOf(caller)}`, async () => {
    const owner = fx.auth(ownerOf(caller));
    const draft = await fx.draftFor(ownerOf(caller));
    const chapterId = draft.chapters[0];
    await fx.t.http
      .post(`/api/v2/recorder/speach/${draft.id}/chapters/${chapterId}/file`)
      .query({ type: 'VIDEO_UPLOAD', name: 'clip.mp4' })
      .set({ ...owner, 'content-type': 'video/mp4' })
      .send(media().video)
      .expect(201);
    const job = await fx.t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(owner).send({ text: 'Matrix narration.', lang: 'en-US' }).expect(202);
    await drain(fx);
    const spoken = await fx.t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(owner).send({ jobID: job.body.jobID }).expect(200);
    return { speachId: draft.id, chapterId, audioUrl: spoken.body.url as string };
  });

/** A published speach's video chapter (public: every signed-in caller reads it) with a subtitle voice track. */
const publishedChapter = (fx: Fixtures) =>
  once(fx, 'published', async () => {
    const chapter = await videoChapter(fx, 'author');
    await fx.t.http.post(`/api/v2/recorder/speach/${chapter.speachId}/publish`).set(fx.auth('admin')).send({}).expect(200);
    const author = { id: fx.users.author.id, roles: ['FORMATEUR'], isAdmin: false, isAuthor: true, isApprover: false, groupIds: [] } as never;
    await fx.t.app.get(MediaJobs).requestSubtitleVoice(author, chapter.chapterId, 'matrix-fr', [{ start: 0, end: 1, text: 'Bonjour.' }], 'fr-FR');
    await drain(fx);
    return chapter;
  });

function multipart(content: Buffer): { contentType: string; data: Buffer } {
  const boundary = `----matrix${unique()}`;
  const data = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="take.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, data };
}

const settleJobs = (fx: Fixtures) => drain(fx);

/** Who may call the media routes (backend/media/, issue 22): editors change a chapter's media, readers read its tracks. */
export const MEDIA_ROUTES: Record<string, RouteExpectation> = {
  'POST /recorder/voiceOver/upload/{chapterId}': {
    call: async (fx, caller) => ({ path: `/recorder/voiceOver/upload/${(await videoChapter(fx, caller)).chapterId}`, raw: multipart(media().voice) }),
    answers: authors(),
    writes: true,
    after: settleJobs,
  },
  'POST /api/v2/chapter/voice/text/{chapterId}': {
    call: async (fx, caller) => ({
      path: `/api/v2/chapter/voice/text/${(await videoChapter(fx, caller)).chapterId}`,
      body: { text: `Matrix ${caller} ${unique()}`, lang: 'en-GB' },
    }),
    answers: authors(),
    writes: true,
    after: settleJobs,
  },
  'POST /recorder/voiceOver/text/{chapterId}': {
    call: async (fx, caller) => {
      const chapter = await videoChapter(fx, caller);
      return { path: `/recorder/voiceOver/text/${chapter.chapterId}`, body: { filePath: chapter.audioUrl } };
    },
    answers: authors(),
    writes: true,
    after: settleJobs,
  },
  'POST /recorder/copyGeneratedAudio/{chapterId}': {
    call: async (fx, caller) => {
      const chapter = await videoChapter(fx, caller);
      return { path: `/recorder/copyGeneratedAudio/${chapter.chapterId}`, body: { urlFileAudio: chapter.audioUrl } };
    },
    answers: authors(),
    writes: true,
    after: settleJobs,
  },
  'GET /api/v2/chapter/audio-track/{chapterId}': {
    call: async (fx) => ({ path: `/api/v2/chapter/audio-track/${(await publishedChapter(fx)).chapterId}` }),
    answers: signedIn(),
  },
  'GET /api/v2/chapter/audio-track/{chapterId}/{subtitleId}': {
    call: async (fx) => ({ path: `/api/v2/chapter/audio-track/${(await publishedChapter(fx)).chapterId}/matrix-fr` }),
    answers: signedIn(),
  },
  'GET /api/v2/chapter/voice/engine': { call: () => ({ path: '/api/v2/chapter/voice/engine' }), answers: authors() },
  // The first editor's call asks for the join (a media job); readers of the published speach are refused.
  'GET /versioning/logs/{logId}/video': {
    call: async (fx) => ({ path: `/versioning/logs/${encodeURIComponent(`${(await publishedChapter(fx)).speachId}:1`)}/video` }),
    answers: authors(),
    writes: true,
    after: settleJobs,
  },
};
