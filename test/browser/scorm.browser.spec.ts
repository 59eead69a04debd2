/// <reference lib="dom" />
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { readZip } from '../../backend/scorm/zip-writer';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ROOT = join(__dirname, '..', '..');
const SCORM_AGAIN = join(ROOT, 'node_modules/scorm-again/dist/scorm2004.min.js');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
};

/**
 * The test LMS, on its own origin: scorm-again's Scorm2004API as `window.API_1484_11`, every call's
 * error code recorded, the SCO in a frame. `?sco=` names the SCO, `?cmi=` preloads a learner's
 * saved data (a resume), as an LMS does on a second attempt.
 */
const LMS_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="/scorm-again.js"></script></head><body>
<iframe id="sco" title="SCO" style="width:1200px;height:800px"></iframe>
<script>
  var params = new URLSearchParams(location.search);
  var api = new Scorm2004API({ autocommit: false, logLevel: 5 });
  var preload = params.get('cmi');
  if (preload) api.loadFromJSON(JSON.parse(preload), '');
  window.lms = { errors: [], calls: [], terminated: false };
  ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit'].forEach(function (name) {
    var original = api[name].bind(api);
    api[name] = function (a, b) {
      var result = original(a, b);
      var code = String(api.GetLastError());
      window.lms.calls.push([name, a, b, String(result)]);
      if (code !== '0' && !(name === 'GetValue' && code === '403')) window.lms.errors.push(name + ' ' + (a || '') + ' -> ' + code);
      if (name === 'Terminate') window.lms.terminated = true;
      return result;
    };
  });
  window.API_1484_11 = api;
  document.getElementById('sco').src = params.get('sco');
</script></body></html>`;

interface Lms {
  url: string;
  root: string;
  close(): Promise<void>;
}

async function startLms(): Promise<Lms> {
  const root = mkdtempSync(join(tmpdir(), 'lms-'));
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]);
    if (path === '/lms.html') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LMS_PAGE);
    if (path === '/scorm-again.js') return void createReadStream(SCORM_AGAIN).pipe(response.writeHead(200, { 'content-type': 'text/javascript' }));
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file)) return void response.writeHead(404).end();
    createReadStream(file).pipe(response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, root, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SCORM packages played by an LMS (scorm-again) in Chromium (issue 20)', () => {
  let server: RunningServer;
  let lms: Lms;
  let browser: BrowserSession;
  let speachId: string;
  let quizId: string;
  let admin: string;

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...(init.headers ?? {}) },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Exports, waits for the file (the UI's 2 s poll is the test's loop here), downloads and unpacks it under the LMS. */
  async function exportPackage(kind: string, query: string): Promise<void> {
    const { dataValue } = await call<{ dataValue: string }>(`/administration/scorm/exportScorm?id=${speachId}&${query}`);
    while (!(await call<boolean>(`/administration/scorm/checkScormCreated?name=${dataValue}`))) await new Promise((r) => setTimeout(r, 100));
    const zip = Buffer.from(
      await (await fetch(`${server.url}/administration/scorm/download/${dataValue}`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer(),
    );
    for (const [path, data] of readZip(zip)) {
      const target = join(lms.root, kind, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data);
    }
  }

  beforeAll(async () => {
    // A shared machine may need more than a minute to seed the demo.
    server = await startServer({ SCORM_CLASSIC_ENABLED: 'true' }, { readyTimeoutMs: 240_000 });
    lms = await startLms();
    browser = await openBrowser();
    admin = (
      await (
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
        })
      ).json()
    ).token;
    ({ id: speachId } = await call<{ id: string }>('/api/v2/recorder/speach', {
      method: 'POST',
      body: JSON.stringify({ title: 'Fire safety', language: 'en-US' }),
    }));
    const { chapterId: intro } = await call<{ chapterId: string }>(`/api/v2/recorder/speach/${speachId}/chapters`, {
      method: 'POST',
      body: JSON.stringify({ title: 'Why it matters' }),
    });
    await call(`/api/v2/recorder/speach/${speachId}/chapters/${intro}/content`, {
      method: 'PUT',
      body: JSON.stringify({ type: 'HTML', html: '<p>Know your exits.</p>' }),
    });
    ({ chapterId: quizId } = await call<{ chapterId: string }>(`/api/v2/recorder/speach/${speachId}/chapters`, {
      method: 'POST',
      body: JSON.stringify({ title: 'Check yourself' }),
    }));
    await call(`/api/v2/recorder/speach/${speachId}/chapters/${quizId}/content`, {
      method: 'PUT',
      body: JSON.stringify({
        type: 'QUIZZ',
        passingScore: 50,
        questions: [
          {
            questionId: 'q1',
            text: 'Which extinguisher for an electrical fire?',
            multiple: false,
            points: 1,
            options: [
              { optionId: 'co2', text: 'CO2', correct: true },
              { optionId: 'water', text: 'Water' },
            ],
          },
          {
            questionId: 'q2',
            text: 'What do you do first?',
            multiple: true,
            points: 1,
            options: [
              { optionId: 'alarm', text: 'Raise the alarm', correct: true },
              { optionId: 'leave', text: 'Leave the building', correct: true },
              { optionId: 'film', text: 'Film it' },
            ],
          },
        ],
      }),
    });
    await call(`/api/v2/recorder/speach/${speachId}/publish`, { method: 'POST', body: '{}' });
    await exportPackage('lite', 'type=SCORM_LITE');
    await exportPackage('full', 'type=SCORM_FULL&contentNavigation=true');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await lms?.close();
    await server?.stop();
    rmSync(lms?.root ?? '/nonexistent', { recursive: true, force: true });
  });

  /** Opens the LMS page on a SCO; answers the SCO's frame (the same frame across its navigations). */
  async function openSco(page: Page, sco: string, cmi?: object): Promise<Frame> {
    const query = new URLSearchParams({ sco });
    if (cmi) query.set('cmi', JSON.stringify({ cmi }));
    await page.goto(`${lms.url}/lms.html?${query.toString()}`);
    const frame = await (await page.waitForSelector('#sco')).contentFrame();
    await page.waitForFunction((path) => (document.getElementById('sco') as HTMLIFrameElement).contentWindow?.location.pathname === path, sco);
    await frame!.waitForLoadState('load');
    return frame!;
  }

  type LmsState = { errors: string[]; terminated: boolean; calls: [string, string, string, string][] };
  const lmsState = (page: Page) => page.evaluate(() => (window as unknown as { lms: LmsState }).lms);
  /** The LMS's data model as the SCO left it (read from the object: after Terminate the API answers errors, by the standard). */
  const model = (page: Page, path: string) =>
    page.evaluate((name) => {
      let value: unknown = (window as unknown as { API_1484_11: unknown }).API_1484_11;
      for (const part of name.split('.')) value = (value as Record<string, unknown>)?.[part];
      return value === undefined || value === null ? '' : String(value);
    }, path);
  /** A write-only element (cmi.exit, cmi.session_time): the last value the SCO set successfully. */
  const lastSet = async (page: Page, element: string) =>
    (await lmsState(page)).calls.filter(([name, el, , result]) => name === 'SetValue' && el === element && result === 'true').pop()?.[2] ?? null;
  const waitModel = (page: Page, path: string, expected: string) =>
    page.waitForFunction(
      ([name, want]) => {
        let value: unknown = (window as unknown as { API_1484_11: unknown }).API_1484_11;
        for (const part of name.split('.')) value = (value as Record<string, unknown>)?.[part];
        return String(value) === want;
      },
      [path, expected] as const,
    );

  it('lite: reads the speach through the embed, answers its quiz, and the SCO reports completion, success, score, time and exit; then resumes', async () => {
    const { page } = browser;
    // First attempt: open the first part, move to the quiz, leave without answering.
    const sco = await openSco(page, '/lite/sco/index.html', { learner_id: 'learner-1' });
    const player = sco.frameLocator('#player');
    await player.getByRole('heading', { name: 'Why it matters', level: 2 }).waitFor();
    await player.getByText('Know your exits.').waitFor();
    await waitModel(page, 'cmi.completion_status', 'incomplete');
    await player.getByRole('button', { name: 'Next' }).click();
    await player.getByRole('heading', { name: 'Check yourself', level: 2 }).waitFor();
    await waitModel(page, 'cmi.location', quizId);
    await sco.getByRole('button', { name: 'Save and quit' }).click();
    let state = await lmsState(page);
    expect(state.terminated).toBe(true);
    expect(state.errors).toEqual([]);
    expect(await lastSet(page, 'cmi.exit')).toBe('suspend');
    expect(await model(page, 'cmi.completion_status')).toBe('incomplete');
    expect(await lastSet(page, 'cmi.session_time')).toMatch(/^PT\d+H\d+M[\d.]+S$/);
    const location = await model(page, 'cmi.location');
    const suspendData = await model(page, 'cmi.suspend_data');
    const learnerId = await model(page, 'cmi.learner_id');
    expect(location).toBe(quizId);
    expect(Number(await model(page, 'cmi.progress_measure'))).toBe(0.5);
    expect(suspendData.length).toBeLessThanOrEqual(64_000);
    expect(JSON.parse(suspendData).r).toHaveLength(1);

    // Second attempt: the LMS hands back location and suspend data; the player opens at the quiz.
    const again = await openSco(page, '/lite/sco/index.html', {
      location,
      suspend_data: suspendData,
      learner_id: learnerId,
      entry: 'resume',
      completion_status: 'incomplete',
    });
    const resumed = again.frameLocator('#player');
    await resumed.getByRole('heading', { name: 'Check yourself', level: 2 }).waitFor();
    await resumed.getByRole('radio', { name: 'CO2' }).check();
    await resumed.getByRole('checkbox', { name: 'Raise the alarm' }).check();
    await resumed.getByRole('checkbox', { name: 'Leave the building' }).check();
    await resumed.getByRole('button', { name: 'Submit my answers' }).click();
    await resumed.getByTestId('embed-quiz-result').waitFor();
    await waitModel(page, 'cmi.completion_status', 'completed');
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-lite-in-lms.png'), fullPage: true });
    await again.getByRole('button', { name: 'Save and quit' }).click();
    state = await lmsState(page);
    expect(state.errors).toEqual([]);
    expect(state.terminated).toBe(true);
    expect(await model(page, 'cmi.completion_status')).toBe('completed');
    expect(await model(page, 'cmi.success_status')).toBe('passed');
    expect(Number(await model(page, 'cmi.score.scaled'))).toBe(1);
    expect(await lastSet(page, 'cmi.exit')).toBe('normal');
    expect(await lastSet(page, 'cmi.session_time')).toMatch(/^PT\d+H\d+M[\d.]+S$/);
    expect((await model(page, 'cmi.suspend_data')).length).toBeLessThanOrEqual(64_000);
  });

  it('full: each SCO plays offline; the quiz scores, resumes its answers from suspend_data, and asks the LMS for the next SCO', async () => {
    const { page } = browser;
    const content = await openSco(page, '/full/sco/1.html');
    await content.getByText('Know your exits.').waitFor();
    await content.getByRole('button', { name: 'Next' }).click();
    let state = await lmsState(page);
    expect(state.errors).toEqual([]);
    expect(state.terminated).toBe(true);
    expect(await model(page, 'cmi.completion_status')).toBe('completed');
    expect(state.calls.some(([name, element, value]) => name === 'SetValue' && element === 'adl.nav.request' && value === 'continue')).toBe(true);

    const quiz = await openSco(page, '/full/sco/2.html');
    await quiz.getByRole('radio', { name: 'CO2' }).check();
    await quiz.getByRole('button', { name: 'Previous' }).click();
    expect(await lastSet(page, 'cmi.exit')).toBe('suspend');
    const suspendData = await model(page, 'cmi.suspend_data');
    expect(JSON.parse(suspendData)).toEqual({ answers: { q1: ['co2'] }, submitted: false });
    expect((await lmsState(page)).errors).toEqual([]);

    const resumed = await openSco(page, '/full/sco/2.html', { suspend_data: suspendData, location: 'q1', entry: 'resume' });
    expect(await resumed.getByRole('radio', { name: 'CO2' }).isChecked()).toBe(true);
    await resumed.getByRole('checkbox', { name: 'Raise the alarm' }).check();
    await resumed.getByRole('button', { name: 'Submit my answers' }).click();
    await resumed.getByText('Score: 1 / 2.').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-full-quiz-in-lms.png'), fullPage: true });
    await page.evaluate(() => (document.getElementById('sco') as HTMLIFrameElement).contentWindow!.dispatchEvent(new Event('pagehide')));
    state = await lmsState(page);
    expect(state.errors).toEqual([]);
    expect(state.terminated).toBe(true);
    expect(await model(page, 'cmi.completion_status')).toBe('completed');
    expect(await model(page, 'cmi.success_status')).toBe('passed');
    expect(Number(await model(page, 'cmi.score.scaled'))).toBe(0.5);
    expect(await lastSet(page, 'cmi.exit')).toBe('normal');
    expect(await lastSet(page, 'cmi.session_time')).toMatch(/^PT\d+H\d+M[\d.]+S$/);
  });

  it('the embed player alone (no LMS) is accessible (axe: 0 violations)', async () => {
    const { page } = browser;
    const sco = readFileSync(join(lms.root, 'lite', 'sco', 'index.html'), 'utf8');
    const { embedUrl } = JSON.parse(/id="sco-config">(.*?)<\/script>/s.exec(sco)![1]) as { embedUrl: string };
    await page.goto(embedUrl);
    await page.getByRole('heading', { name: 'Why it matters', level: 2 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-embed-player.png'), fullPage: true });
  });

  it("back office: the side panel's SCORM dialog exports, polls, offers the download, and closing resets it; the mass export page exports one by one", async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Users' }).first().click();
    await page.goto(`${server.url}/admin/#/speaches`);
    const row = page.locator('tbody tr', { hasText: 'Fire safety' });
    await row.getByRole('button', { name: /^Edit / }).click();
    const panel = page.getByRole('region', { name: 'Speach details' });
    await panel.getByRole('button', { name: 'SCORM export' }).click();
    const dialog = page.getByRole('dialog', { name: /SCORM export of/ });
    await dialog.getByRole('radio', { name: /SCORM_FULL/ }).check();
    await dialog.getByRole('switch', { name: 'Navigation in content' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-dialog-options.png') });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await dialog.getByText('The package is ready.').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Download' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-dialog-ready.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await panel.getByRole('button', { name: 'SCORM export' }).click();
    const reopened = page.getByRole('dialog', { name: /SCORM export of/ });
    expect(await reopened.getByRole('radio', { name: /SCORM_LITE/ }).isChecked()).toBe(true);
    expect(await reopened.getByRole('switch', { name: 'Navigation in content' }).isChecked()).toBe(false);
    await reopened.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${server.url}/administration/scorm/massExport`);
    // The back office's title bar is the page's h1 (issue 17); the page's own heading is an h2.
    await page.getByRole('heading', { name: 'Mass SCORM export', level: 2 }).waitFor();
    const count = page.getByTestId('scorm-mass-count');
    await count.waitFor();
    const total = Number((await count.innerText()).match(/\d+/)![0]);
    expect(total).toBeGreaterThan(1);
    expect(await page.locator('main h3').count()).toBe(total);
    expect(await page.getByTestId('scorm-mass-progress').innerText()).toBe(`0 / ${total}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-mass-page.png'), fullPage: true });
    await page.getByRole('button', { name: 'Export all' }).click();
    // The circle moves while the speaches are exported one by one.
    await page.waitForFunction(() => /^[1-9]\d* \//.test(document.querySelector('[data-testid="scorm-mass-progress"]')?.textContent ?? ''), undefined, {
      timeout: 60_000,
    });
    await page.getByRole('link', { name: 'Download' }).waitFor({ timeout: 240_000 });
    expect(await page.getByTestId('scorm-mass-progress').innerText()).toBe(`${total} / ${total}`);
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const bundle = await page.evaluate(async (url) => (await fetch(url!)).status, href);
    expect(bundle).toBe(200);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'scorm-mass-done.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByTestId('scorm-mass-progress')
      .filter({ hasText: `0 / ${total}` })
      .waitFor();
  }, 400_000);
});
