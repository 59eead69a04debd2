import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaJobWorker } from '../../backend/media';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';
import { makeVideo, makeVoice, mediaDir } from './media-fixtures';

/** Issue 22: the chapter-media calls of spec §7 on real files, through the real worker and policies. */
describe('Media calls (issue 22)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let worker: MediaJobWorker;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const dir = mediaDir();
  let video: Buffer;
  let voice: Buffer;

  /** Runs the jobs and what follows from them (a voice-over's new file is transcoded in turn) until nothing is left. */
  async function drain() {
    for (;;) {
      await worker.idle();
      const head = await t.adapters.eventStore.headPosition();
      await t.app.get(ReadModels).settle(head);
      await worker.idle();
      if ((await t.adapters.eventStore.headPosition()) === head) return;
    }
  }

  async function speachWith(token: string, title: string, kind: 'VIDEO_UPLOAD' | 'AUDIO_UPLOAD' | 'NONE' = 'VIDEO_UPLOAD', publish = false) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(token)).send({ title, language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(token)).send({ title: 'Forklift' }).expect(201)).body;
    if (kind !== 'NONE') {
      const [bytes, type, name] = kind === 'VIDEO_UPLOAD' ? [video, 'video/mp4', 'forklift.mp4'] : [voice, 'audio/webm', 'forklift.webm'];
      await t.http
        .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
        .query({ type: kind, name })
        .set({ ...as(token), 'content-type': type })
        .send(bytes)
        .expect(201);
    }
    if (publish) await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id: id as string, chapterId: chapterId as string };
  }

  async function draftChapter(id: string, token = author) {
    return (await t.http.get(`/api/v2/speach/${id}/read`).query({ mode: 'draft' }).set(as(token)).expect(200)).body.chapters[0];
  }

  beforeAll(async () => {
    video = readFileSync(makeVideo(join(dir, 'clip.mp4'), 3, '320x240'));
    voice = readFileSync(makeVoice(join(dir, 'voice.webm'), 2));
    t = await startTestApp();
    worker = t.app.get(MediaJobWorker);
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await worker.idle();
    await t.close();
  });

  it('transcodes an uploaded video and the player gets renditions, poster and duration beside the file', async () => {
    const { id, chapterId } = await speachWith(author, 'Transcoded', 'VIDEO_UPLOAD', true);
    // Right after the upload the transcode is under way: the sound track is being made.
    const waiting = await t.http.get(`/api/v2/chapter/audio-track/${chapterId}`).set(as(author)).expect(202);
    expect(waiting.body.jobID).toEqual(expect.any(String));
    await drain();
    const read = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
    const content = read.body.chapters[0].content;
    expect(content.file).toEqual(expect.objectContaining({ name: 'forklift.mp4', mimeType: 'video/mp4', url: expect.stringMatching(/^\/blob\//) }));
    expect(content.media.status).toBe('READY');
    expect(content.media.durationSeconds).toBeCloseTo(3, 0);
    expect(content.media.renditions.map((r: { format: string }) => r.format)).toEqual(['mp4', 'webm', 'audio']);
    const poster = await t.http.get(content.media.poster).expect(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const mp4 = await t.http.get(content.media.renditions[0].url).expect(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    // The reader hears the chapter's sound track.
    const track = await t.http.get(`/api/v2/chapter/audio-track/${chapterId}`).set(as(reader)).expect(200);
    await t.http.get(track.body.url).expect(200);
  });

  it('mixes an uploaded voice-over onto the chapter video, which becomes the chapter file (then transcoded)', async () => {
    const { id, chapterId } = await speachWith(author, 'Voice-over');
    await drain();
    const before = await draftChapter(id);
    const { body } = await t.http.post(`/recorder/voiceOver/upload/${chapterId}`).set(as(author)).attach('file', voice, 'take.webm').expect(202);
    await drain();
    const done = await t.http.get(`/recorder/jobID/${body.jobID}`).set(as(author)).expect(200);
    expect(done.text).toMatch(/^\/blob\/[0-9a-f]{64}\?/);
    const after = await draftChapter(id);
    expect(after.content.type).toBe('VIDEO_UPLOAD');
    expect(after.content.file.name).toBe('voice-over.mp4');
    expect(after.content.file.blobId).not.toBe(before.content.file.blobId);
    expect(after.content.media.status).toBe('READY');
    expect(after.content.media.durationSeconds).toBeCloseTo(3, 0);
  });

  it("applies the video editor's cut to the chapter video: the chapter file becomes the kept ranges, transcoded", async () => {
    const { id, chapterId } = await speachWith(author, 'Cut');
    await drain();
    const before = await draftChapter(id);
    await t.http.post('/api/v2/recorder/weet').set(as(author)).send({ weetID: before.content.file.blobId, duration: 3, chapitreId: chapterId }).expect(200);
    await t.http
      .post(`/api/v2/recorder/video-editor/${chapterId}/cut`)
      .set(as(author))
      .send({
        keep: [
          { start: 0, end: 1 },
          { start: 2, end: 3 },
        ],
      })
      .expect(200);
    await drain();
    const after = await draftChapter(id);
    expect(after.content.type).toBe('VIDEO_UPLOAD');
    expect(after.content.file.name).toBe('cut.mp4');
    expect(after.content.file.blobId).not.toBe(before.content.file.blobId);
    expect(after.content.media.status).toBe('READY');
    expect(after.content.media.durationSeconds).toBeGreaterThan(1.8);
    expect(after.content.media.durationSeconds).toBeLessThan(2.3);
  });

  it('voice-over upload: 400 without the file, 403 for a reader or another author, 404 for an unknown chapter', async () => {
    const mine = await speachWith(author, 'Refusals');
    const missing = await t.http.post(`/recorder/voiceOver/upload/${mine.chapterId}`).set(as(author)).send({}).expect(400);
    expect(missing.body.errors[0].field).toBe('file');
    const notAudio = await t.http
      .post(`/recorder/voiceOver/upload/${mine.chapterId}`)
      .set(as(author))
      .attach('file', Buffer.from('<html>hello</html>'), 'take.webm')
      .expect(400);
    expect(notAudio.body.errors[0].field).toBe('file');
    await t.http.post(`/recorder/voiceOver/upload/${mine.chapterId}`).set(as(reader)).attach('file', voice, 'take.webm').expect(403);
    const admins = await speachWith(admin, 'Not yours', 'VIDEO_UPLOAD', true);
    await t.http.post(`/recorder/voiceOver/upload/${admins.chapterId}`).set(as(author)).attach('file', voice, 'take.webm').expect(403);
    await t.http.post('/recorder/voiceOver/upload/no-such-chapter').set(as(author)).attach('file', voice, 'take.webm').expect(404);
    await drain();
  });

  it('a job that fails answers ERROR on the job-id poll', async () => {
    const { chapterId } = await speachWith(author, 'Broken take');
    await drain();
    // A WebM the browser could send (it passes the upload's check) but without any sound to mix.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=1', '-c:v', 'libvpx', join(dir, 'silent.webm')]);
    const broken = readFileSync(join(dir, 'silent.webm'));
    const { body } = await t.http.post(`/recorder/voiceOver/upload/${chapterId}`).set(as(author)).attach('file', broken, 'take.webm').expect(202);
    await drain();
    const failed = await t.http.get(`/recorder/jobID/${body.jobID}`).set(as(author)).expect(200);
    expect(failed.text).toBe('ERROR');
    expect(decodeURIComponent(String(failed.headers['x-job-error']))).toBe('The voice-over recording has no sound');
  });

  it('text to speech: 202 with a job, then 200 with the audio URL; the same text again is 200 at once', async () => {
    const { id, chapterId } = await speachWith(author, 'Narrated');
    await drain();
    const first = await t.http
      .post(`/api/v2/chapter/voice/text/${chapterId}`)
      .set(as(author))
      .send({ text: 'Check the forks before lifting.', lang: 'en-US' })
      .expect(202);
    expect(first.body).toEqual({ jobID: expect.any(String), engine: 'espeak-ng', note: 'robotic local voice' });
    await drain();
    const polled = await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(author)).field('jobID', first.body.jobID).expect(200);
    expect(polled.body.url).toMatch(/^\/blob\//);
    const audio = await t.http.get(polled.body.url).expect(200);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    const again = await t.http
      .post(`/api/v2/chapter/voice/text/${chapterId}`)
      .set(as(author))
      .field('text', 'Check the forks before lifting.')
      .field('lang', 'en-US')
      .expect(200);
    expect(again.body.url).toBe(polled.body.url);

    // The generated audio as the chapter's voice-over: a mix job, then the chapter plays it.
    const mixed = await t.http.post(`/recorder/voiceOver/text/${chapterId}`).set(as(author)).send({ filePath: polled.body.url }).expect(202);
    await drain();
    expect((await t.http.get(`/recorder/jobID/${mixed.body.jobID}`).set(as(author)).expect(200)).text).toMatch(/^\/blob\//);
    expect((await draftChapter(id)).content.file.name).toBe('voice-over.mp4');
  });

  it('text to speech: 400 naming text or lang, 403 for a reader, 404 for an unknown chapter or job', async () => {
    const { chapterId } = await speachWith(author, 'Narration refusals');
    const empty = await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(author)).send({ text: ' ', lang: 'en-US' }).expect(400);
    expect(empty.body.errors[0].field).toBe('text');
    const long = await t.http
      .post(`/api/v2/chapter/voice/text/${chapterId}`)
      .set(as(author))
      .send({ text: 'x'.repeat(3001), lang: 'en-US' })
      .expect(400);
    expect(long.body.errors[0].field).toBe('text');
    const lang = await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(author)).send({ text: 'Hello', lang: 'klingon' }).expect(400);
    expect(lang.body.errors[0].field).toBe('lang');
    await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(reader)).send({ text: 'Hello', lang: 'en-US' }).expect(403);
    await t.http.post('/api/v2/chapter/voice/text/no-such-chapter').set(as(author)).send({ text: 'Hello', lang: 'en-US' }).expect(404);
    await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(author)).send({ jobID: 'no-such-job' }).expect(404);
    await drain();
  });

  it("copies a generated audio as an audio chapter's file (200), and refuses audio not generated for the chapter", async () => {
    const { id, chapterId } = await speachWith(author, 'Audio chapter', 'NONE');
    const job = await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(author)).send({ text: 'Welcome aboard.', lang: 'fr-FR' }).expect(202);
    await drain();
    const { url } = (await t.http.post(`/api/v2/chapter/voice/text/${chapterId}`).set(as(author)).send({ jobID: job.body.jobID }).expect(200)).body;
    const copied = await t.http.post(`/recorder/copyGeneratedAudio/${chapterId}`).set(as(author)).send({ urlFileAudio: url }).expect(200);
    expect(copied.body).toEqual({ jobID: null, url: expect.stringMatching(/^\/blob\//) });
    const chapter = await draftChapter(id);
    expect(chapter.content).toEqual(
      expect.objectContaining({ type: 'AUDIO_UPLOAD', file: expect.objectContaining({ mimeType: 'audio/mp4', name: 'voice-over.m4a' }) }),
    );

    const missing = await t.http.post(`/recorder/copyGeneratedAudio/${chapterId}`).set(as(author)).send({}).expect(400);
    expect(missing.body.errors[0].field).toBe('urlFileAudio');
    const other = await speachWith(author, 'Other chapter', 'NONE');
    await t.http.post(`/recorder/copyGeneratedAudio/${other.chapterId}`).set(as(author)).send({ urlFileAudio: url }).expect(404);
    await t.http.post(`/recorder/copyGeneratedAudio/${chapterId}`).set(as(reader)).send({ urlFileAudio: url }).expect(403);
    const badPath = await t.http.post(`/recorder/voiceOver/text/${chapterId}`).set(as(author)).send({ filePath: 'https://evil.example/x.mp3' }).expect(400);
    expect(badPath.body.errors[0].field).toBe('filePath');
    await t.http.post(`/recorder/voiceOver/text/${chapterId}`).set(as(reader)).send({ filePath: url }).expect(403);
    await drain();
  });

  it('audio tracks: a subtitle voice track once made is 200; unknown tracks and chapters 404; hidden speaches 404 to readers', async () => {
    const { id, chapterId } = await speachWith(author, 'Tracks', 'VIDEO_UPLOAD', true);
    await drain();
    const { MediaJobs } = await import('../../backend/media');
    const media = t.app.get(MediaJobs);
    const authorUser = {
      id: (await t.http.get('/api/auth/me').set(as(author)).expect(200)).body.id,
      roles: ['FORMATEUR'],
      isAdmin: false,
      isAuthor: true,
      isApprover: false,
      groupIds: [],
    } as never;
    await t.http.get(`/api/v2/chapter/audio-track/${chapterId}/sub-fr`).set(as(reader)).expect(404);
    const { jobID } = await media.requestSubtitleVoice(authorUser, chapterId, 'sub-fr', [{ start: 0, end: 2, text: 'Vérifiez les fourches.' }], 'fr-FR');
    expect(jobID).toEqual(expect.any(String));
    await drain();
    const ready = await t.http.get(`/api/v2/chapter/audio-track/${chapterId}/sub-fr`).set(as(reader)).expect(200);
    await t.http.get(ready.body.url).expect(200);
    await t.http.get('/api/v2/chapter/audio-track/no-such-chapter').set(as(reader)).expect(404);
    const bad = await t.http
      .get(`/api/v2/chapter/audio-track/${chapterId}/${'x'.repeat(80)}`)
      .set(as(reader))
      .expect(400);
    expect(bad.body.errors[0].field).toBe('subtitleId');
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http.get(`/api/v2/chapter/audio-track/${chapterId}`).set(as(reader)).expect(404);
  });
});
