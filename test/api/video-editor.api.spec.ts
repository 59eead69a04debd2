import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { MediaJobWorker } from '../../backend/media';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 22: the built-in video editor's calls (spec §7 weet, silenceWeet, getUrlEditingForChapter) and the player's overlays. */
describe('video editor (issue 22)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let dir: string;
  let clip: Buffer;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'video-editor-'));
    // A real 10 s video (test pattern and tone), as an author would upload one.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=10',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'clip.mp4'),
    ]);
    clip = readFileSync(join(dir, 'clip.mp4'));
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A speach of the demo author with a video chapter holding the clip; answers the ids and the clip's blob. */
  async function videoChapter(publish = false) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Forklift video', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Watch' }).expect(201)).body;
    const draft = (
      await t.http
        .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
        .query({ type: 'VIDEO_UPLOAD', name: 'clip.mp4' })
        .set({ ...as(author), 'content-type': 'video/mp4' })
        .send(clip)
        .expect(201)
    ).body;
    const url: string = JSON.stringify(draft).match(/\/blob\/([^?"]+)/)![1];
    if (publish) await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { speachId: id as string, chapterId: chapterId as string, blobId: url };
  }

  it('answers the editor URL of a chapter to its editors only', async () => {
    const { chapterId } = await videoChapter();
    const res = await t.http.get(`/api/v2/recorder/getUrlEditingForChapter/${chapterId}`).set(as(author)).expect(200);
    expect(res.text).toBe(`/recorder/video-editor/${chapterId}?`);
    await t.http.get(`/api/v2/recorder/getUrlEditingForChapter/${chapterId}`).set(as(reader)).expect(403);
    await t.http.get('/api/v2/recorder/getUrlEditingForChapter/no-such-chapter').set(as(author)).expect(404);
  });

  it('registers the edited video (weet) and a silent one, and the editor then shows player mode with the duration', async () => {
    const { chapterId, blobId } = await videoChapter();
    const before = (await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(author)).expect(200)).body;
    expect(before).toMatchObject({ chapterId, hasVideo: true, weetId: null, duration: null, contentType: 'VIDEO_UPLOAD' });
    const weet = (await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 10, chapitreId: chapterId }).expect(200)).body;
    expect(weet).toMatchObject({ weetId: blobId, duration: 10, silent: false });
    const silent = (await t.http.post('/api/v2/recorder/silenceWeet').set(as(author)).send({ weetID: blobId, duration: 10, chapitreId: chapterId }).expect(200))
      .body;
    expect(silent).toMatchObject({ silent: true });
  });

  it('refuses a bad weet naming the field, a reader, and an unknown chapter', async () => {
    const { chapterId, blobId } = await videoChapter();
    const bad = await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 'long', chapitreId: chapterId }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('duration');
    const unknownBlob = await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: 'nope', duration: 5, chapitreId: chapterId }).expect(400);
    expect(JSON.stringify(unknownBlob.body)).toContain('weetID');
    const negative = await t.http
      .post('/api/v2/recorder/silenceWeet')
      .set(as(author))
      .send({ weetID: blobId, duration: -1, chapitreId: chapterId })
      .expect(400);
    expect(JSON.stringify(negative.body)).toContain('duration');
    await t.http.post('/api/v2/recorder/weet').set(as(reader)).send({ weetID: blobId, duration: 5, chapitreId: chapterId }).expect(403);
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 5, chapitreId: 'no-such-chapter' }).expect(404);
  });

  it('records a cut decision and measures later edits on the cut video', async () => {
    const { chapterId, blobId } = await videoChapter();
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 10, chapitreId: chapterId }).expect(200);
    const cut = (
      await t.http
        .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
        .set(as(author))
        .send({
          keep: [
            { start: 0, end: 2 },
            { start: 6, end: 9 },
          ],
        })
        .expect(200)
    ).body;
    expect(cut.duration).toBe(5);
    expect(cut.cuts).toEqual([
      expect.objectContaining({
        keep: [
          { start: 0, end: 2 },
          { start: 6, end: 9 },
        ],
        sourceDuration: 10,
        status: 'PENDING',
      }),
    ]);
    const overlap = await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({
        keep: [
          { start: 0, end: 3 },
          { start: 2, end: 4 },
        ],
      })
      .expect(400);
    expect(overlap.body.errors ?? overlap.body).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'keep[1].start' })]));
    const missing = await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({ keep: [{ start: 0 }] })
      .expect(400);
    expect(JSON.stringify(missing.body)).toContain('keep[0].end');
    await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(reader))
      .send({ keep: [{ start: 0, end: 1 }] })
      .expect(403);
    await t.http
      .post('/api/v2/recorder/video-editor/no-such/cut')
      .set(as(author))
      .send({ keep: [{ start: 0, end: 1 }] })
      .expect(404);
  });

  /** Until the media jobs and what follows from them (policies, read models) are all done. */
  async function drain() {
    const worker = t.app.get(MediaJobWorker);
    for (;;) {
      await worker.idle();
      const head = await t.adapters.eventStore.headPosition();
      await t.app.get(ReadModels).settle(head);
      await worker.idle();
      if ((await t.adapters.eventStore.headPosition()) === head) return;
    }
  }

  it("shows the cut's outcome: DONE once the media job cut the file, FAILED with the job's reason", async () => {
    const { chapterId, blobId } = await videoChapter();
    await drain();
    // The editor measured 60 s, but the file holds 10 s: the second cut keeps nothing of the real file.
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 60, chapitreId: chapterId }).expect(200);
    const asked = await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({ keep: [{ start: 0, end: 30 }] })
      .expect(200);
    expect(asked.body.cuts).toEqual([expect.objectContaining({ status: 'PENDING', reason: null })]);
    await drain();
    const done = (await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(author)).expect(200)).body;
    expect(done.cuts).toEqual([expect.objectContaining({ status: 'DONE', jobId: expect.any(String), reason: null, finishedAt: expect.any(String) })]);
    await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({ keep: [{ start: 20, end: 30 }] })
      .expect(200);
    await drain();
    const failed = (await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(author)).expect(200)).body;
    expect(failed.cuts.map((c: { status: string }) => c.status)).toEqual(['DONE', 'FAILED']);
    expect(failed.cuts[1].reason).toMatch(/Nothing would be kept/);
    await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(reader)).expect(403);
    await t.http.get('/api/v2/recorder/video-editor/no-such-chapter').set(as(author)).expect(404);
    const bad = await t.http.post(`/api/v2/recorder/video-editor/${chapterId}/cut`).set(as(author)).send({ keep: 'all' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('keep');
  });

  it("cuts the video the editor registered (weet) on a chapter without a file: DONE, and the cut file becomes the chapter's", async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Weet only', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Made in the editor' }).expect(201)).body;
    const { blobId } = await videoChapter();
    await drain();
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 10, chapitreId: chapterId }).expect(200);
    await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({ keep: [{ start: 0, end: 4 }] })
      .expect(200);
    await drain();
    const view = (await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(author)).expect(200)).body;
    expect(view.cuts).toEqual([expect.objectContaining({ status: 'DONE' })]);
    expect(view.contentType).toBe('VIDEO_UPLOAD');
  });

  it('synchronises once (irreversible), then refuses a second synchronisation and any cut', async () => {
    const { chapterId, blobId } = await videoChapter();
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 10, chapitreId: chapterId }).expect(200);
    const bad = await t.http.post(`/api/v2/recorder/video-editor/${chapterId}/synchronise`).set(as(author)).send({ target: 'SOMETHING' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('target');
    const synced = (await t.http.post(`/api/v2/recorder/video-editor/${chapterId}/synchronise`).set(as(author)).send({ target: 'SLIDES' }).expect(200)).body;
    expect(synced.synchronisedWith).toBe('SLIDES');
    await t.http.post(`/api/v2/recorder/video-editor/${chapterId}/synchronise`).set(as(author)).send({ target: 'AUDIO' }).expect(409);
    await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({ keep: [{ start: 0, end: 1 }] })
      .expect(409);
  });

  it('annotations and questions reach the learner player; the answer is scored and kept; right answers stay hidden', async () => {
    const { chapterId, blobId } = await videoChapter();
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: blobId, duration: 10, chapitreId: chapterId }).expect(200);
    const badAnnotation = await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/annotations`)
      .set(as(author))
      .send({ at: 12, text: 'Late' })
      .expect(400);
    expect(JSON.stringify(badAnnotation.body)).toContain('"at"');
    const annotated = (
      await t.http.post(`/api/v2/recorder/video-editor/${chapterId}/annotations`).set(as(author)).send({ at: 1.5, text: 'Check the forks' }).expect(200)
    ).body;
    expect(annotated.annotations).toEqual([expect.objectContaining({ at: 1.5, text: 'Check the forks', duration: 4 })]);
    const badQuestion = await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/interactions`)
      .set(as(author))
      .send({ at: 3, question: 'Load limit?', options: [{ text: 'Rated capacity', correct: true }, { text: '' }] })
      .expect(400);
    expect(JSON.stringify(badQuestion.body)).toContain('options[1].text');
    const asked = (
      await t.http
        .post(`/api/v2/recorder/video-editor/${chapterId}/interactions`)
        .set(as(author))
        .send({ at: 3, question: 'Load limit?', options: [{ text: 'Rated capacity', correct: true }, { text: 'Whatever fits' }] })
        .expect(200)
    ).body;
    const interactionId = asked.interactions[0].interactionId as string;
    await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/interactions`)
      .set(as(reader))
      .send({ at: 3, question: 'Q', options: [{ text: 'a', correct: true }, { text: 'b' }] })
      .expect(403);

    // The reader sees nothing of a draft; once published, the overlays without the right answers.
    await t.http.get(`/api/v2/chapter/video-overlays/${chapterId}`).set(as(reader)).expect(404);
    const speachId = asked.speachId as string;
    await t.http.post(`/api/v2/recorder/speach/${speachId}/publish`).set(as(admin)).send({}).expect(200);
    const overlays = (await t.http.get(`/api/v2/chapter/video-overlays/${chapterId}`).set(as(reader)).expect(200)).body;
    expect(overlays.annotations).toEqual([expect.objectContaining({ text: 'Check the forks', at: 1.5 })]);
    expect(overlays.interactions[0]).toEqual({
      interactionId,
      at: 3,
      question: 'Load limit?',
      multiple: false,
      options: [
        { optionId: 'o1', text: 'Rated capacity' },
        { optionId: 'o2', text: 'Whatever fits' },
      ],
    });

    const noAnswer = await t.http.post(`/api/v2/chapter/video-overlays/${chapterId}/answer`).set(as(reader)).send({ interactionId, answers: [] }).expect(400);
    expect(JSON.stringify(noAnswer.body)).toContain('answers');
    await t.http
      .post(`/api/v2/chapter/video-overlays/${chapterId}/answer`)
      .set(as(reader))
      .send({ interactionId: 'unknown', answers: ['o1'] })
      .expect(404);
    const wrong = (
      await t.http
        .post(`/api/v2/chapter/video-overlays/${chapterId}/answer`)
        .set(as(reader))
        .send({ interactionId, answers: ['o2'] })
        .expect(200)
    ).body;
    expect(wrong).toEqual({ correct: false, rightAnswers: ['o1'] });
    const right = (
      await t.http
        .post(`/api/v2/chapter/video-overlays/${chapterId}/answer`)
        .set(as(reader))
        .send({ interactionId, answers: ['o1'] })
        .expect(200)
    ).body;
    expect(right.correct).toBe(true);
    const after = (await t.http.get(`/api/v2/chapter/video-overlays/${chapterId}`).set(as(reader)).expect(200)).body;
    expect(after.answers[interactionId]).toMatchObject({ answers: ['o1'], correct: true });

    const removed = (
      await t.http.delete(`/api/v2/recorder/video-editor/${chapterId}/annotations/${annotated.annotations[0].annotationId}`).set(as(author)).expect(200)
    ).body;
    expect(removed.annotations).toEqual([]);
    await t.http.delete(`/api/v2/recorder/video-editor/${chapterId}/interactions/unknown`).set(as(author)).expect(404);
  });

  it('an editor on a chapter without a video opens in edit mode; a text chapter is refused', async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Empty', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'To record' }).expect(201)).body;
    const view = (await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(author)).expect(200)).body;
    expect(view).toMatchObject({ hasVideo: false, contentType: 'NONE' });
    await t.http.post(`/api/v2/recorder/video-editor/${chapterId}/annotations`).set(as(author)).send({ at: 0, text: 'x' }).expect(409);
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Text</p>' }).expect(200);
    const refused = await t.http.get(`/api/v2/recorder/video-editor/${chapterId}`).set(as(author)).expect(400);
    expect(JSON.stringify(refused.body)).toContain('chapterId');
  });
});
