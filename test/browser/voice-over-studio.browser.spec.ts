/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 22: an author records a voice-over over a chapter's video with Chromium's fake microphone
 * (countdown, recording, stop, review, confirm), in the built-in video editor.
 */
describe('Voice-over studio: an author records over a video chapter with the fake microphone', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let dir: string;
  let chapterId = '';
  let speachId = '';
  let token = '';
  let jobId = '';
  let originalSrc: string | null = null;

  async function call(bearer: string, path: string, init: RequestInit & { json?: unknown } = {}, as: 'json' | 'text' = 'json') {
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, ...(init.headers as Record<string, string>) };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return as === 'json' ? response.json() : response.text();
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voice-over-'));
    // A real 10 s video (VP8 test pattern, Opus tone), uploaded through the API as an author would.
    const video = join(dir, 'clip.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15:duration=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=10',
      '-c:v',
      'libvpx',
      '-b:v',
      '300k',
      '-c:a',
      'libopus',
      '-shortest',
      video,
    ]);
    server = await startServer({}, { readyTimeoutMs: 240_000 });
    browser = await openBrowser();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'author@example.com', password: 'demo-password' }),
    });
    token = ((await login.json()) as { token: string }).token;
    speachId = (await call(token, '/api/v2/recorder/speach', { method: 'POST', json: { title: 'Forklift walk-through', language: 'en-US' } })).id;
    chapterId = (await call(token, `/api/v2/recorder/speach/${speachId}/chapters`, { method: 'POST', json: { title: 'The walk-through' } })).chapterId;
    await call(token, `/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/file?type=VIDEO_UPLOAD&name=clip.webm`, {
      method: 'POST',
      headers: { 'content-type': 'video/webm' },
      body: readFileSync(video),
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function logIn(page: Page) {
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill('author@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Bruno' }).waitFor();
  }

  const studio = (page: Page) => page.getByTestId('voice-over-studio');
  const atStep = (page: Page, step: number) => page.locator(`[data-testid="voice-over-studio"][data-step="${step}"]`).waitFor();

  it('opens the video chapter in the editor (player mode) from the speach editor, with no accessibility violation', async () => {
    const { page } = browser;
    await logIn(page);
    await visit(page, `${server.url}/recorder/edit/${speachId}`);
    await page.getByRole('button', { name: 'Open the video editor' }).click();
    await page.waitForURL(new RegExp(`/recorder/video-editor/${chapterId}\\?initID=`));
    await page.getByTestId('video-editor-player-mode').waitFor();
    const duration = await page.getByTestId('video-editor-video').evaluate(async (v: HTMLVideoElement) => {
      if (!Number.isFinite(v.duration) || v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      return v.duration;
    });
    expect(duration).toBeGreaterThan(9.5);
    expect(duration).toBeLessThan(10.5);
    originalSrc = await page.getByTestId('video-editor-video').getAttribute('src');
    await page.screenshot({ path: join(SCREENSHOTS, 'video-editor-player.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('records with the fake microphone: countdown, recording with the time ticking, pause, stop, review, confirm', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Voice-over' }).click();
    await page.getByRole('button', { name: 'Open the voice-over studio' }).click();
    await atStep(page, 0);
    // The dialog is 936 px wide (spec §2) and not closed by a click outside it.
    const width = await studio(page)
      .locator('.MuiDialog-paper')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(936);
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-step0-choose.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.mouse.click(5, 5);
    await atStep(page, 0);

    await studio(page).getByRole('button', { name: 'Record my voice' }).click();
    await atStep(page, 10);
    await page
      .getByTestId('countdown')
      .filter({ hasText: /^[123]$/ })
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-step10-countdown.png') });

    await atStep(page, 11);
    // Escape does not close the studio while recording.
    await page.keyboard.press('Escape');
    await page
      .getByTestId('recording-time')
      .filter({ hasText: /Recording 0:02/ })
      .waitFor({ timeout: 15_000 });
    const videoState = await studio(page)
      .locator('video')
      .evaluate((v: HTMLVideoElement) => ({ muted: v.muted, paused: v.paused, time: v.currentTime }));
    expect(videoState.muted).toBe(true);
    expect(videoState.paused).toBe(false);
    expect(videoState.time).toBeGreaterThan(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-step11-recording.png') });
    await studio(page).getByRole('button', { name: 'Pause' }).click();
    await page
      .getByTestId('recording-time')
      .filter({ hasText: /^Paused/ })
      .waitFor();
    await studio(page).getByRole('button', { name: 'Resume' }).click();
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-step11-resumed.png') });
    await page
      .getByTestId('recording-time')
      .filter({ hasText: /^Recording 0:0[3-9]/ })
      .waitFor({ timeout: 15_000 });
    await studio(page).getByRole('button', { name: 'Stop' }).click();

    await atStep(page, 12);
    const playback = page.getByTestId('recording-playback');
    await playback.waitFor();
    // MediaRecorder's WebM has no duration in its header: seeking far makes the browser measure it.
    const recorded = await playback.evaluate(async (a: HTMLAudioElement) => {
      if (a.readyState < 1) await new Promise((r) => a.addEventListener('loadedmetadata', r, { once: true }));
      if (!Number.isFinite(a.duration)) {
        a.currentTime = 1e6;
        await new Promise((r) => a.addEventListener('durationchange', r, { once: true }));
      }
      return a.duration;
    });
    expect(recorded).toBeGreaterThan(2.5);
    expect(recorded).toBeLessThan(6);
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-step12-review.png') });
    expect(await axeViolations(page)).toEqual([]);

    const upload = page.waitForResponse((r) => r.url().includes(`/recorder/voiceOver/upload/${chapterId}`) && r.request().method() === 'POST');
    await studio(page).getByRole('button', { name: 'Confirm' }).click();
    const uploaded = await upload;
    // The server sniffs the take's bytes (WebM audio) before accepting it, and answers the mixing job.
    expect(uploaded.status()).toBe(202);
    const { jobID } = (await uploaded.json()) as { jobID: string };
    expect(jobID).toBeTruthy();
    await studio(page).getByText('Waiting for transcoding…').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-transcoding.png') });
    jobId = jobID;
  });

  it('after the job, the chapter plays the mixed video: a new file of the same length, with a picture and a sound', async () => {
    const { page } = browser;
    await studio(page).waitFor({ state: 'detached', timeout: 15_000 });
    // The editor polls the job every 2 s and reads the chapter again once it is done.
    await page.waitForFunction((before) => document.querySelector('[data-testid="video-editor-video"]')?.getAttribute('src') !== before, originalSrc, {
      timeout: 180_000,
      polling: 500,
    });
    const result = await call(token, `/recorder/jobID/${jobId}`, {}, 'text');
    expect(result).not.toBe('');
    expect(result).not.toBe('ERROR');
    const video = page.getByTestId('video-editor-video');
    const src = (await video.getAttribute('src'))!;
    const duration = await video.evaluate(async (v: HTMLVideoElement) => {
      if (!Number.isFinite(v.duration) || v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      return v.duration;
    });
    expect(duration).toBeGreaterThan(9.5);
    expect(duration).toBeLessThan(10.5);
    // The served file itself: one video and one audio stream (the voice mixed over the original sound).
    const file = join(dir, 'mixed');
    writeFileSync(file, Buffer.from(await (await fetch(`${server.url}${src}`)).arrayBuffer()));
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]).toString()) as {
      streams: { codec_type: string }[];
    };
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    await page.screenshot({ path: join(SCREENSHOTS, 'video-editor-after-voice-over.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the learner player plays the chapter with its subtitles as a <track>', async () => {
    const { page } = browser;
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nCheck the forks before you lift.\n\n00:00:05.000 --> 00:00:08.000\nLift slowly.\n';
    await call(token, `/api/v2/chapter/subtitles/${chapterId}`, { method: 'POST', json: { lang: 'en_US', label: 'English', file: vtt } });
    await visit(page, `${server.url}/play/${speachId}/forklift-walk-through`);
    const video = page.locator('video').first();
    await video.waitFor();
    await page.locator('video track[srclang="en-US"]').first().waitFor({ state: 'attached' });
    expect(await video.getAttribute('src')).not.toBe(originalSrc);
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-over-learner-player.png'), fullPage: true });
  });

  it('beside the learner player, the avatar layout picker: voice only, the other layouts disabled with the reason', async () => {
    const { page } = browser;
    const picker = page.getByTestId('avatar-layout-picker');
    await picker.waitFor();
    expect(await picker.getByRole('radio', { name: 'Voice only', exact: true }).isChecked()).toBe(true);
    expect(await picker.getByRole('radio', { name: 'Avatar on the left', exact: true }).isDisabled()).toBe(true);
    await picker.getByText('only the voice is available').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'avatar-layout-picker.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the editor's transcript mode lists the lines with their times; a line chosen with the keyboard seeks the player", async () => {
    const { page } = browser;
    await visit(page, `${server.url}/recorder/video-editor/${chapterId}`);
    await page.getByTestId('video-editor-player-mode').waitFor();
    await page.getByRole('tab', { name: 'Transcript' }).click();
    const line = page.getByTestId('editor-transcript-cues').getByRole('button', { name: /Lift slowly\./ });
    await line.waitFor();
    await line.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Math.abs((document.querySelector('[data-testid="video-editor-video"]') as HTMLVideoElement).currentTime - 5) < 0.5, null, {
      timeout: 10_000,
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'video-editor-transcript.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
