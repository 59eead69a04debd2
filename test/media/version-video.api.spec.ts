import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { MediaJobWorker } from '../../backend/media';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';
import { makeVideo, mediaDir } from './media-fixtures';

/** Spec §7 `GET /versioning/logs/{logId}/video?before`: a published version's video chapters joined, on real files. */
describe('Version video download (issue 22)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let worker: MediaJobWorker;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const dir = mediaDir();
  let wide: Buffer;
  let small: Buffer;

  async function drain() {
    for (;;) {
      await worker.idle();
      const head = await t.adapters.eventStore.headPosition();
      await t.app.get(ReadModels).settle(head);
      await worker.idle();
      if ((await t.adapters.eventStore.headPosition()) === head) return;
    }
  }

  async function chapterWith(id: string, bytes: Buffer) {
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Part' }).expect(201)).body;
    await t.http
      .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
      .query({ type: 'VIDEO_UPLOAD', name: 'part.mp4' })
      .set({ ...as(author), 'content-type': 'video/mp4' })
      .send(bytes)
      .expect(201);
  }

  beforeAll(async () => {
    wide = readFileSync(makeVideo(join(dir, 'wide.mp4'), 2, '320x180'));
    small = readFileSync(makeVideo(join(dir, 'small.mp4'), 1, '160x120'));
    t = await startTestApp();
    worker = t.app.get(MediaJobWorker);
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await worker.idle();
    await t.close();
  });

  it("prepares a version's video (its video chapters joined), then answers READY with a signed URL; before= gives the previous version", async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Versions', language: 'en-US' }).expect(201)).body;
    await chapterWith(id, wide);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    await chapterWith(id, small);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    const versions = (await t.http.get(`/api/v2/speach/${id}/versions`).set(as(author)).expect(200)).body;
    const latest = versions[0].logId as string;
    expect(latest).toBe(`${id}:2`);

    const first = await t.http
      .get(`/versioning/logs/${encodeURIComponent(latest)}/video`)
      .set(as(author))
      .expect(200);
    expect(first.body).toEqual({ status: 'PREPARING' });
    await drain();
    const ready = await t.http
      .get(`/versioning/logs/${encodeURIComponent(latest)}/video`)
      .set(as(author))
      .expect(200);
    expect(ready.body).toEqual({ status: 'READY', url: expect.stringMatching(/^\/blob\/[0-9a-f]{64}\?/) });
    const file = await t.http
      .get(ready.body.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    writeFileSync(join(dir, 'download.mp4'), file.body as Buffer);
    const seconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(dir, 'download.mp4')]).toString(),
    );
    expect(seconds).toBeGreaterThan(2.8);
    expect(seconds).toBeLessThan(3.3);

    // The version before the latest holds only the first chapter: a download of its own.
    const previous = await t.http
      .get(`/versioning/logs/${encodeURIComponent(latest)}/video`)
      .query({ before: 'true' })
      .set(as(author))
      .expect(200);
    expect(previous.body).toEqual({ status: 'PREPARING' });
    await drain();
    const previousReady = await t.http
      .get(`/versioning/logs/${encodeURIComponent(`${id}:1`)}/video`)
      .set(as(author))
      .expect(200);
    expect(previousReady.body.status).toBe('READY');
    expect(previousReady.body.url).not.toBe(ready.body.url);
  });

  it('400 on a bad before, 403 for a reader, 404 for an unknown version or one without video', async () => {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Refusals', language: 'en-US' }).expect(201)).body;
    await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Text only' }).expect(201);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    const bad = await t.http.get(`/versioning/logs/${id}:1/video`).query({ before: 'maybe' }).set(as(author)).expect(400);
    expect(bad.body.errors[0].field).toBe('before');
    await t.http.get(`/versioning/logs/${id}:1/video`).set(as(reader)).expect(403);
    await t.http.get(`/versioning/logs/${id}:1/video`).set(as(author)).expect(404);
    await t.http.get(`/versioning/logs/${id}:9/video`).set(as(author)).expect(404);
    await t.http.get(`/versioning/logs/${id}:1/video`).query({ before: 'true' }).set(as(author)).expect(404);
    await t.http.get('/versioning/logs/no-such-speach:1/video').set(as(author)).expect(404);
    await t.http.get('/versioning/logs/garbage/video').set(as(author)).expect(404);
  });
});
