import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PolicyRunner } from '../../backend/infrastructure/policies/policy-runner';
import { Transcripts } from '../../backend/media-text';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 22: automatic transcripts through the provider's `/audio/transcriptions` (a local server stands in for it). */
describe('Automatic transcripts with a configured provider (issue 22)', () => {
  let server: Server;
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let dir: string;
  const calls: { url: string; authorization?: string; body: string }[] = [];
  let fail = false;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  const film = (name: string, seconds: number, withSound: boolean) => {
    const path = join(dir, name);
    const inputs = [
      '-f',
      'lavfi',
      '-i',
      `color=size=32x32:rate=2:duration=${seconds}`,
      ...(withSound ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    ];
    execFileSync('ffmpeg', [
      '-v',
      'error',
      ...inputs,
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      ...(withSound ? ['-c:a', 'aac', '-shortest'] : []),
      path,
    ]);
    return readFileSync(path);
  };

  async function videoChapter(title: string, bytes: Buffer) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'fr-FR' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Film' }).expect(201)).body;
    await t.http
      .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
      .query({ type: 'VIDEO_UPLOAD', name: 'film.mp4' })
      .set({ ...as(author), 'content-type': 'video/mp4' })
      .send(bytes)
      .expect(201);
    // The transcript starts from a policy reacting to the upload: wait for the policies, then for the transcription.
    await t.app.get(PolicyRunner).reach(await t.adapters.eventStore.headPosition(), 60_000);
    await t.app.get(Transcripts).idle();
    return { id: id as string, chapterId: chapterId as string };
  }
  const transcriptOf = async (chapterId: string) => {
    const { token } = (await t.http.get('/api/transcript/token').query({ chapterId }).set(as(author)).expect(200)).body;
    return (await t.http.get(`/api/transcript/${chapterId}`).query({ token }).expect(200)).body;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'transcripts-'));
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        calls.push({ url: req.url ?? '', authorization: req.headers.authorization, body: Buffer.concat(chunks).toString('latin1') });
        if (fail) {
          res.writeHead(503).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            text: 'Bienvenue à bord. Attachez votre ceinture.',
            segments: [
              { start: 0, end: 1.2, text: ' Bienvenue à bord.' },
              { start: 1.2, end: 2.9, text: ' Attachez votre ceinture.' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp({
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'sk-local', AI_MODEL_TRANSCRIPTION: 'whisper-local' },
    });
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the extracted audio as verbose_json in the video language, records the transcript and a subtitle track from its segments', async () => {
    const { id, chapterId } = await videoChapter('Transcribed briefing', film('talk.mp4', 3, true));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/v1/audio/transcriptions');
    expect(calls[0].authorization).toBe('Bearer sk-local');
    expect(calls[0].body).toMatch(/name="model"\r\n\r\nwhisper-local\r\n/);
    expect(calls[0].body).toMatch(/name="response_format"\r\n\r\nverbose_json\r\n/);
    expect(calls[0].body).toMatch(/name="language"\r\n\r\nfr\r\n/);
    expect(calls[0].body).toMatch(/name="file"; filename="audio\.mp3"\r\nContent-Type: [^\r]*\r\n\r\n(ID3|\xff\xfb)/);

    expect(await transcriptOf(chapterId)).toEqual({
      lng: 'fr_FR',
      autoTranscriptStatus: 'DONE',
      reason: null,
      text: 'Bienvenue à bord. Attachez votre ceinture.',
      cues: [
        { start: 0, end: 1200, text: 'Bienvenue à bord.' },
        { start: 1200, end: 2900, text: 'Attachez votre ceinture.' },
      ],
    });
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'PUBLIC' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    const tracks = (await t.http.get(`/api/v2/chapter/subtitles/${chapterId}`).set(as(reader)).expect(200)).body;
    expect(tracks.map((s: { lang: string; label: string; source: string }) => [s.lang, s.label, s.source])).toEqual([
      ['fr_FR', 'français (France) (auto)', 'TRANSCRIPT'],
    ]);
    expect((await t.http.get(tracks[0].src).expect(200)).text).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.200\nBienvenue à bord.\n\n2\n00:00:01.200 --> 00:00:02.900\nAttachez votre ceinture.\n',
    );

    // Searchable: a word only the transcript holds finds the speach.
    const found = await t.http.get('/api/v2/speach/search').query({ term: 'ceinture' }).set(as(reader)).expect(200);
    expect(found.body.results.map((r: { id?: string; speachID?: string; _id?: string }) => r.id ?? r.speachID ?? r._id)).toContain(id);
  });

  it('marks a video over 10 minutes NA with the reason, without calling the provider', async () => {
    const before = calls.length;
    const { chapterId } = await videoChapter('Long lecture', film('long.mp4', 601, false));
    expect(calls).toHaveLength(before);
    expect(await transcriptOf(chapterId)).toMatchObject({ autoTranscriptStatus: 'NA', reason: expect.stringMatching(/up to 10 minutes/), text: null });
  });

  it('records ERROR with the reason when the provider fails', async () => {
    fail = true;
    try {
      const { chapterId } = await videoChapter('Failing transcript', film('fail.mp4', 2, true));
      expect(await transcriptOf(chapterId)).toMatchObject({ autoTranscriptStatus: 'ERROR', reason: 'The transcription service refused the audio (HTTP 503).' });
    } finally {
      fail = false;
    }
  });
});
