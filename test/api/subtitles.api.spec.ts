import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaJobWorker } from '../../backend/media';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const FIXTURES = join(__dirname, '..', 'fixtures', 'subtitles');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const binary = (response: import('superagent').Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (c: Buffer) => chunks.push(c));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** Issue 22: subtitles per chapter and language, the `<track>` file, the transcript token. */
describe('Subtitles and transcript token (issue 22)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let video: Buffer;
  let dir: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A published public speach by the demo author with a 2-second uploaded video chapter and an HTML chapter. */
  async function videoSpeach(title: string, visibility = 'PUBLIC') {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'fr-FR' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Film' }).expect(201)).body;
    await t.http
      .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
      .query({ type: 'VIDEO_UPLOAD', name: 'film.mp4' })
      .set({ ...as(author), 'content-type': 'video/mp4' })
      .send(video)
      .expect(201);
    const { chapterId: html } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Text' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${html}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Read me</p>' }).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id: id as string, chapterId: chapterId as string, html: html as string };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'subtitles-'));
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      join(dir, 'film.mp4'),
    ]);
    video = readFileSync(join(dir, 'film.mp4'));
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads WebVTT and SRT tracks, lists them for a reader as [{id, lang, label}] and serves the VTT with the chapter token', async () => {
    const { chapterId } = await videoSpeach('Briefing');
    const en = await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(author))
      .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
      .expect(201);
    expect(en.body).toMatchObject({ lang: 'en_US', label: 'American English', cues: 2 });
    const fr = await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(author))
      .send({ lang: 'fr_FR', label: 'Français', file: fixture('briefing.fr.srt') })
      .expect(201);

    const listed = await t.http.get(`/api/v2/chapter/subtitles/${chapterId}`).set(as(reader)).expect(200);
    expect(listed.body.map((s: { id: string; lang: string; label: string }) => ({ id: s.id, lang: s.lang, label: s.label }))).toEqual([
      { id: en.body.id, lang: 'en_US', label: 'American English' },
      { id: fr.body.id, lang: 'fr_FR', label: 'Français' },
    ]);
    const src = listed.body[1].src as string;
    expect(src).toMatch(new RegExp(`^/api/v2/chapter/subtitles/${chapterId}/${fr.body.id}/vtt\\?token=\\d+\\.[0-9a-f]{64}$`));
    const vtt = await t.http.get(src).expect(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.text).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nBienvenue à bord.\n\n2\n00:00:01.500 --> 00:00:03.000\nAttachez votre ceinture.\n');

    // Without a token (or with one forged, or of another chapter) an anonymous <track> gets nothing.
    await t.http.get(`/api/v2/chapter/subtitles/${chapterId}/${fr.body.id}/vtt`).expect(401);
    await t.http
      .get(`/api/v2/chapter/subtitles/${chapterId}/${fr.body.id}/vtt`)
      .query({ token: `9999999999.${'0'.repeat(64)}` })
      .expect(401);
    const other = await videoSpeach('Other briefing');
    const otherToken = new URL(
      (await t.http.get(`/api/transcript/token`).query({ chapterId: other.chapterId }).set(as(reader)).expect(200)).body.token,
      'http://x',
    ).href;
    await t.http
      .get(`/api/v2/chapter/subtitles/${chapterId}/${fr.body.id}/vtt`)
      .query({ token: otherToken.replace('http://x/', '') })
      .expect(401);
  });

  it('refuses a malformed file naming the line, an unsupported language, a second track in one language, a chapter without video', async () => {
    const { chapterId, html } = await videoSpeach('Refusals');
    const broken = await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(author))
      .send({ lang: 'en_US', file: fixture('broken.vtt') })
      .expect(400);
    expect(broken.body.errors).toEqual([{ field: 'file', reason: 'Line 6: a WebVTT cue needs a timing line "start --> end"' }]);
    const lang = await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(author))
      .send({ lang: 'tlh_QO', file: fixture('briefing.en.vtt') })
      .expect(400);
    expect(lang.body.errors[0].field).toBe('lang');
    const missing = await t.http.post(`/api/v2/chapter/subtitles/${chapterId}`).set(as(author)).send({ lang: 'en_US' }).expect(400);
    expect(missing.body.errors[0].field).toBe('file');
    await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(author))
      .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
      .expect(201);
    await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(author))
      .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
      .expect(409);
    const text = await t.http
      .post(`/api/v2/chapter/subtitles/${html}`)
      .set(as(author))
      .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
      .expect(400);
    expect(text.body.errors[0].field).toBe('chapterId');
    await t.http
      .post('/api/v2/chapter/subtitles/unknown-chapter')
      .set(as(author))
      .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
      .expect(404);
    expect((await t.http.get(`/api/v2/chapter/subtitles/${chapterId}`).set(as(reader)).expect(200)).body).toHaveLength(1);
  });

  it('lets the editors only upload, edit and delete: readers 403, another author 403', async () => {
    const { chapterId } = await videoSpeach('Editors only');
    await t.http
      .post(`/api/v2/chapter/subtitles/${chapterId}`)
      .set(as(reader))
      .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
      .expect(403);
    const other = await t.login('admin@example.com');
    const { id } = (
      await t.http
        .post(`/api/v2/chapter/subtitles/${chapterId}`)
        .set(as(other))
        .send({ lang: 'en_US', file: fixture('briefing.en.vtt') })
        .expect(201)
    ).body;
    await t.http.put(`/api/v2/chapter/subtitles/${chapterId}/${id}`).set(as(reader)).send({ label: 'Mine' }).expect(403);
    await t.http.delete(`/api/v2/chapter/subtitles/${chapterId}/${id}`).set(as(reader)).expect(403);
    await t.http.get(`/api/v2/chapter/subtitles/${chapterId}/${id}`).set(as(reader)).expect(403);
  });

  it('edits cue texts and times (naming a bad cue), renames, then deletes a track', async () => {
    const { chapterId } = await videoSpeach('Editing');
    const { id } = (
      await t.http
        .post(`/api/v2/chapter/subtitles/${chapterId}`)
        .set(as(author))
        .send({ lang: 'en_GB', file: fixture('briefing.en.vtt') })
        .expect(201)
    ).body;
    const track = (await t.http.get(`/api/v2/chapter/subtitles/${chapterId}/${id}`).set(as(author)).expect(200)).body;
    expect(track.cues).toHaveLength(2);
    const bad = await t.http
      .put(`/api/v2/chapter/subtitles/${chapterId}/${id}`)
      .set(as(author))
      .send({
        cues: [
          { start: 0, end: 900, text: 'Hello' },
          { start: 2000, end: 1000, text: 'Bye' },
        ],
      })
      .expect(400);
    expect(bad.body.errors[0].field).toBe('cues[1].end');
    await t.http
      .put(`/api/v2/chapter/subtitles/${chapterId}/${id}`)
      .set(as(author))
      .send({ label: 'British', cues: [{ start: 0, end: 900, text: 'Hello there' }] })
      .expect(200);
    const listed = (await t.http.get(`/api/v2/chapter/subtitles/${chapterId}`).set(as(reader)).expect(200)).body;
    expect(listed[0].label).toBe('British');
    expect((await t.http.get(listed[0].src).expect(200)).text).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.900\nHello there\n');
    await t.http.put(`/api/v2/chapter/subtitles/${chapterId}/unknown`).set(as(author)).send({ label: 'x' }).expect(404);
    await t.http.delete(`/api/v2/chapter/subtitles/${chapterId}/${id}`).set(as(author)).expect(200);
    expect((await t.http.get(`/api/v2/chapter/subtitles/${chapterId}`).set(as(reader)).expect(200)).body).toEqual([]);
    await t.http.delete(`/api/v2/chapter/subtitles/${chapterId}/${id}`).set(as(author)).expect(404);
  });

  it('answers the transcript token {token, lng} to those who may read the chapter, 400 without chapterId, 404 for a restricted speach', async () => {
    const { chapterId } = await videoSpeach('Token');
    const { body } = await t.http.get('/api/transcript/token').query({ chapterId }).set(as(reader)).expect(200);
    expect(body).toEqual({ token: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/), lng: 'fr_FR' });
    const transcript = await t.http.get(`/api/transcript/${chapterId}`).query({ token: body.token }).expect(200);
    // No provider configured: no transcript, and the reason says so.
    expect(transcript.body).toEqual({
      lng: 'fr_FR',
      autoTranscriptStatus: 'NA',
      reason: expect.stringMatching(/No transcription service is configured/),
      text: null,
      cues: [],
    });
    await t.http
      .get(`/api/transcript/${chapterId}`)
      .query({ token: `1.${'0'.repeat(64)}` })
      .expect(401);
    const bad = await t.http.get('/api/transcript/token').set(as(reader)).expect(400);
    expect(bad.body.errors[0].field).toBe('chapterId');
    const restricted = await videoSpeach('Restricted token', 'RESTREINT');
    await t.http.get('/api/transcript/token').query({ chapterId: restricted.chapterId }).set(as(reader)).expect(404);
    await t.http.get('/api/transcript/token').query({ chapterId: 'nope' }).set(as(reader)).expect(404);
  });

  it('makes an AI voice from a subtitle language as a media job (202 job id), each cue heard from its start time', async () => {
    const { chapterId } = await videoSpeach('Voiced briefing');
    const srt = '1\n00:00:00,000 --> 00:00:02,500\nBienvenue.\n\n2\n00:00:03,000 --> 00:00:06,000\nAttachez votre ceinture.\n';
    const { id } = (await t.http.post(`/api/v2/chapter/subtitles/${chapterId}`).set(as(author)).send({ lang: 'fr_FR', file: srt }).expect(201)).body;
    const accepted = await t.http.post(`/recorder/voiceOver/subtitle/${chapterId}`).set(as(author)).field('subtitleId', id).expect(202);
    expect(accepted.body).toEqual({ jobID: expect.any(String) });
    await t.app.get(MediaJobWorker).idle();
    const track = await t.http.get(`/api/v2/chapter/audio-track/${chapterId}/${id}`).set(as(reader)).expect(200);
    expect(track.body.url).toMatch(/^\/blob\/[0-9a-f]{64}\?/);
    const audio = await t.http.get(track.body.url).parse(binary).expect(200);
    expect(Number(audio.headers['content-length'])).toBeGreaterThan(1000);
    const file = join(dir, 'subtitle-voice.m4a');
    writeFileSync(file, audio.body as Buffer);
    const probed = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));
    expect(probed).toBeGreaterThanOrEqual(5.95);
    // The pause between the cues is silent and the second cue is heard from about 3 s (ffmpeg's silencedetect).
    const log = execFileSync('sh', ['-c', `ffmpeg -hide_banner -nostats -i '${file}' -af silencedetect=noise=-40dB:d=0.3 -f null - 2>&1`], {
      encoding: 'utf8',
    });
    const voiceBack = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1])).find((end) => end > 1 && end < 4);
    expect(voiceBack).toBeDefined();
    expect(Math.abs(voiceBack! - 3)).toBeLessThanOrEqual(0.15);

    const missing = await t.http.post(`/recorder/voiceOver/subtitle/${chapterId}`).set(as(author)).field('other', 'x').expect(400);
    expect(missing.body.errors[0].field).toBe('subtitleId');
    await t.http.post(`/recorder/voiceOver/subtitle/${chapterId}`).set(as(reader)).field('subtitleId', id).expect(403);
    await t.http.post(`/recorder/voiceOver/subtitle/${chapterId}`).set(as(author)).field('subtitleId', 'unknown').expect(404);
  });

  it('lists the supported languages (about 38, with names)', async () => {
    const { body } = await t.http.get('/api/v2/chapter/subtitle-languages').set(as(reader)).expect(200);
    expect(body).toHaveLength(38);
    expect(body).toEqual(
      expect.arrayContaining([
        { lang: 'fr_FR', label: 'français (France)' },
        { lang: 'ja_JP', label: '日本語 (日本)' },
        { lang: 'pt_BR', label: 'português (Brasil)' },
      ]),
    );
  });
});
