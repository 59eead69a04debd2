/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface PathView {
  pathId: string;
  items: { speachID: string; title: string }[];
  state: string;
}
interface ChapterNode {
  chapterId: string;
  children: ChapterNode[];
  content?: { type?: string; questions?: { questionId: string; options?: { optionId: string }[] }[] } | null;
}

const SPEACHES = ['Welcome to the company', 'Phishing awareness', 'Verkaufstechniken für Einsteiger'];
const EXTRA = 'Sécurité sur site : les fondamentaux';
const GROUP = 'Quality & compliance';
const PATH_TITLE = 'Onboarding essentials';

/** Issue 18: an author builds a learning path; a learner of the assigned group follows it. */
describe('learning paths: editor, assignment, publication, the learner’s path', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let pathId = '';
  const tokens: Record<string, string> = {};

  async function call<T>(email: string, method: string, path: string, body?: unknown): Promise<T> {
    tokens[email] ??= (
      (await (
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'demo-password' }),
        })
      ).json()) as { token: string }
    ).token;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[email]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function logIn(page: Page, email: string, firstName: string) {
    await browser.context.clearCookies();
    await visit(page, `${server.url}/login`);
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.setItem('speach.language', 'en');
    });
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  async function selectedTitles(page: Page) {
    await page.getByTestId('path-selected-item').first().waitFor();
    return page
      .getByTestId('path-selected-item')
      .locator('p')
      .evaluateAll((nodes) => nodes.filter((n) => !/^\d+\.$/.test(n.textContent ?? '')).map((n) => n.textContent));
  }
  /** The answer of the next PUT whose path contains `call` (the editor's calls all go to /api/v2/learningPath…). */
  const answerOf = (page: Page, call: string) =>
    page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/v2/learningPath') && new URL(r.url()).pathname.includes(call),
    );

  async function screenshotIn(page: Page, language: 'fr' | 'en', name: string) {
    await page.evaluate((l) => localStorage.setItem('speach.language', l), language);
    await page.reload();
    await page.locator('h1').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: true });
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an author creates a path, adds three speaches, reorders them by drag and by keyboard, assigns a group and publishes', async () => {
    const { page } = browser;
    await logIn(page, 'author@example.com', 'Bruno');
    await page.getByRole('region', { name: 'My learning paths' }).getByRole('link', { name: 'Create a learning path' }).click();
    await page.getByRole('heading', { name: 'New learning path', level: 1 }).waitFor();

    // The first save of a title creates the path and the address takes its id.
    await page.getByLabel('Title').fill(PATH_TITLE);
    await page.getByLabel('Title').press('Tab');
    await page.waitForURL(/\/recorder\/editionparcour\/(?!new)[^/?]+\?selectedTab=AVAILABLE/);
    pathId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { name: PATH_TITLE, level: 1 }).waitFor();
    expect(await page.getByText(`${PATH_TITLE.length}/100`).count()).toBe(1);
    await page.getByLabel('Description').fill('Three speaches for your first month.');
    const described = answerOf(page, '/api/v2/learningPath');
    await page.getByLabel('Description').press('Tab');
    await described;
    // Publishing needs a speach: the bar's button waits for one.
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);

    // The empty path opens on the available speaches; each one added leaves the list.
    await page.getByRole('tab', { name: 'Available speaches', selected: true }).waitFor();
    for (const [index, title] of [...SPEACHES, EXTRA].entries()) {
      await page.getByLabel('Name').fill(title.split(' ')[0]);
      const add = page.getByRole('button', { name: `Add ${title}` });
      await add.click();
      await page.getByRole('tab', { name: `Selected speaches (${index + 1})` }).waitFor();
      await add.waitFor({ state: 'detached' });
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Selected speaches (4)' }).click();
    await page.waitForURL(/selectedTab=SELECTED/);
    expect(await selectedTitles(page)).toEqual([...SPEACHES, EXTRA]);

    // Removing asks first (the author can view it: the plain confirmation).
    await page.getByRole('button', { name: `Remove ${EXTRA}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this speach from the path?' });
    await dialog.getByText('You can add it again later.').waitFor();
    const removed = answerOf(page, '/removeSpeach/');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    expect((await removed).status()).toBe(200);
    await page.getByRole('tab', { name: 'Selected speaches (3)' }).waitFor();

    // Drag the third speach onto the first place.
    const rows = page.getByTestId('path-selected-item');
    let ordered = answerOf(page, '/recordOrder');
    await rows.nth(2).dragTo(rows.nth(0));
    expect((await ordered).status()).toBe(200);
    expect(await selectedTitles(page)).toEqual([SPEACHES[2], SPEACHES[0], SPEACHES[1]]);

    // Keyboard: Alt+ArrowDown on the focused second row moves it one down.
    ordered = answerOf(page, '/recordOrder');
    await rows.nth(1).focus();
    await page.keyboard.press('Alt+ArrowDown');
    expect((await ordered).status()).toBe(200);
    expect(await selectedTitles(page)).toEqual([SPEACHES[2], SPEACHES[1], SPEACHES[0]]);
    await page.getByText(`${SPEACHES[0]} moved to position 3 of 3.`).waitFor({ state: 'attached' });

    // And the up button, for pointer users who do not drag.
    ordered = answerOf(page, '/recordOrder');
    await page.getByRole('button', { name: `Move ${SPEACHES[0]} up` }).click();
    expect((await ordered).status()).toBe(200);
    const expectedOrder = [SPEACHES[2], SPEACHES[0], SPEACHES[1]];
    expect(await selectedTitles(page)).toEqual(expectedOrder);

    // Assign the reader's group, with a due date.
    const assigned = answerOf(page, '/changeGroup');
    // The box follows the server's answer (the path it sends back), not the click alone.
    await page.getByRole('checkbox', { name: GROUP }).click();
    expect((await assigned).status()).toBe(200);
    await page.getByRole('checkbox', { name: GROUP, checked: true }).waitFor();
    const dated = answerOf(page, '/changeGroup');
    await page.getByLabel(`Due date for ${GROUP}`).fill('2099-06-30');
    await page.getByLabel(`Due date for ${GROUP}`).blur();
    expect((await dated).url()).toContain('dueDate=2099-06-30');

    const published = answerOf(page, '/publish');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);
    await page.getByText('Learning path published.').waitFor();
    await page.getByRole('link', { name: 'Open the learner’s page' }).waitFor();

    // What the server kept: the order, the group, the publication.
    const path = await call<PathView>('author@example.com', 'GET', `/api/v2/learningPath/${encodeURIComponent(pathId)}`);
    expect(path.items.map((i) => i.title)).toEqual(expectedOrder);
    expect(path.state).toBe('PUBLIE');

    await page.reload();
    await page.getByTestId('path-selected-item').first().waitFor();
    expect(await selectedTitles(page)).toEqual(expectedOrder);
    expect(await page.getByRole('checkbox', { name: GROUP }).isChecked()).toBe(true);
    // The owner is not told who created the path.
    expect(await page.getByTestId('path-owner-banner').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'path-editor-en.png'), fullPage: true });
    // The bar stays at the bottom of the window while the content scrolls.
    await page.getByRole('heading', { name: 'Content', level: 2 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'path-editor-content-en.png') });
    await screenshotIn(page, 'fr', 'path-editor-fr.png');
    await page.getByRole('heading', { name: 'Contenu', level: 2 }).waitFor();
    await screenshotIn(page, 'en', 'path-editor-en-reloaded.png');

    // Back on the home, the author finds the path among theirs, with the demo's own, and returns to its editor.
    await page.goto(`${server.url}/`);
    const mine = page.getByRole('region', { name: 'My learning paths' });
    await mine.getByRole('link', { name: 'New starter essentials' }).waitFor();
    await mine.getByRole('link', { name: PATH_TITLE }).click();
    await page.waitForURL(new RegExp(`/recorder/editionparcour/${pathId}`));
    await page.getByRole('heading', { name: PATH_TITLE, level: 1 }).waitFor();
  });

  it('a learner of the group finds the path on the home, opens it, reads, sees the progress and downloads the certificate', async () => {
    const { page } = browser;
    await logIn(page, 'reader@example.com', 'David');
    const home = page.getByTestId('assigned-paths');
    await home.getByRole('heading', { name: 'Learning paths assigned to you' }).waitFor();
    await home.getByRole('link', { name: new RegExp(PATH_TITLE) }).click();

    await page.getByRole('heading', { name: PATH_TITLE, level: 1 }).waitFor();
    const order = [SPEACHES[2], SPEACHES[0], SPEACHES[1]];
    expect(await page.getByTestId('path-speach').locator('a').allInnerTexts()).toEqual(order);
    expect(await page.getByTestId('path-progress').innerText()).toBe('0%');
    expect(await page.getByTestId('path-due-date').innerText()).toBe('Due 6/30/2099');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'path-page-start-en.png'), fullPage: true });

    // Start opens the first speach of the path in the reader, which records the chapter read.
    await page.getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(/\/s\//);
    await page.getByRole('heading', { name: SPEACHES[2] }).first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: PATH_TITLE, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).or(page.getByText('Completed').first()).first().waitFor();
    const firstProgress = await page.getByTestId('path-progress').innerText();
    expect(firstProgress).not.toBe('0%');

    // Read every chapter of the three speaches (through the reader's own calls), then look again.
    for (const item of (await call<PathView>('author@example.com', 'GET', `/api/v2/learningPath/${encodeURIComponent(pathId)}`)).items) {
      const reading = await call<{ chapters: ChapterNode[] }>('reader@example.com', 'GET', `/api/v2/speach/${item.speachID}/read?mode=published`);
      const nodes: ChapterNode[] = [];
      const walk = (list: ChapterNode[]) => list.forEach((n) => (nodes.push(n), walk(n.children ?? [])));
      walk(reading.chapters);
      for (const node of nodes) {
        const base = `/api/v2/speach/${item.speachID}/chapters/${node.chapterId}`;
        await call('reader@example.com', 'POST', `${base}/read?mode=published`, {});
        // A quiz counts as read once answered (issue 17): answer each question with its first option.
        const questions = node.content?.questions ?? [];
        if (questions.length)
          await call('reader@example.com', 'POST', `${base}/answers?mode=published`, {
            answers: Object.fromEntries(questions.map((q) => [q.questionId, q.options?.length ? [q.options[0].optionId] : []])),
          });
      }
    }
    await page.reload();
    await page.getByRole('heading', { name: PATH_TITLE, level: 1 }).waitFor();
    expect(await page.getByTestId('path-progress').innerText()).toBe('100%');
    await page
      .getByText(/^Completed/)
      .first()
      .waitFor();

    // The certificate is made by a policy after the completion: the page offers it once it is kept.
    const certificate = page.getByRole('link', { name: 'Download the certificate' });
    for (let attempt = 0; attempt < 30 && (await certificate.count()) === 0; attempt++) {
      await page.reload();
      await page.getByRole('heading', { name: PATH_TITLE, level: 1 }).waitFor();
    }
    const [download] = await Promise.all([page.waitForEvent('download'), certificate.click()]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    expect(text).toContain('David Dupont');
    expect(text).toContain(PATH_TITLE);
    const code = (await page.getByText(/^Verification code /).innerText()).replace('Verification code ', '');
    const verified = (await (await fetch(`${server.url}/api/v2/certificates/${code}`)).json()) as { name: string; path: string; valid: boolean };
    expect(verified).toMatchObject({ name: 'David Dupont', path: PATH_TITLE, valid: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'path-page-en.png'), fullPage: true });
    await screenshotIn(page, 'fr', 'path-page-fr.png');
    expect(await page.getByTestId('path-progress').innerText()).toMatch(/^100\s%$/);
    await screenshotIn(page, 'en', 'path-page-en-reloaded.png');

    // The account's ASSIGNED tab lists it too.
    await page.goto(`${server.url}/account?tabSelected=ASSIGNED`);
    await page.getByTestId('assigned-paths').getByText(PATH_TITLE).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('an administrator finds the path in the back office, filters, opens its side panel and archives it', async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Learning paths' }).first().click();
    const total = page.getByTestId('path-total');
    // The demo organisation's two paths and the one built above.
    await total.filter({ hasText: '3 learning paths' }).waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Onboarding');
    await total.filter({ hasText: '1 learning path' }).waitFor();
    expect(await page.locator('tbody tr').innerText()).toContain(PATH_TITLE);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-paths-list.png'), fullPage: true });

    await page.getByRole('button', { name: `Details of ${PATH_TITLE}` }).click();
    const panel = page.getByRole('dialog', { name: PATH_TITLE });
    await panel.getByText(GROUP).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-paths-panel.png') });
    await panel.getByRole('button', { name: 'Archive' }).click();
    await page
      .getByRole('dialog', { name: `Archive "${PATH_TITLE}"?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByText('Learning path archived.').waitFor();
    await page.locator('tbody tr').filter({ hasText: 'Archived' }).waitFor();

    // Archived, it leaves the learner's lists.
    const mine = await call<{ result: { title: string }[] }>('reader@example.com', 'GET', '/api/v2/my/learningPaths');
    expect(mine.result.map((p) => p.title)).not.toContain(PATH_TITLE);
  });

  it('shows a sequential path with its later speaches locked, and lets a user outside its groups enrol in an open path', async () => {
    const { page } = browser;
    const demo = (await call<{ result: { pathId: string; title: string; slug: string }[] }>('author@example.com', 'GET', '/api/v2/my/learningPathsEdited'))
      .result;
    const sequential = demo.find((p) => p.title === 'New starter essentials')!;
    const open = demo.find((p) => p.title === 'Team refresher')!;

    await logIn(page, 'reader@example.com', 'David');
    await page.goto(`${server.url}/p/${sequential.pathId}/${sequential.slug}`);
    await page.getByRole('heading', { name: 'New starter essentials', level: 1 }).waitFor();
    await page.getByText('Learning path · in order').waitFor();
    const rows = page.getByTestId('path-speach');
    // Only the first speach not completed is reachable; the ones after it are locked, and not links.
    expect(await rows.nth(0).getByRole('link').count()).toBe(1);
    expect(await rows.nth(2).getByRole('link').count()).toBe(0);
    expect(await rows.nth(2).getByRole('img', { name: 'Locked until the previous speach is completed' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'path-page-sequential-en.png'), fullPage: true });

    // The administrator's groups are not assigned to the open path: she may enrol herself.
    await logIn(page, 'admin@example.com', 'Alice');
    await page.goto(`${server.url}/p/${open.pathId}/${open.slug}`);
    await page.getByRole('heading', { name: 'Team refresher', level: 1 }).waitFor();
    const enrolled = answerOf(page, '/enrol');
    await page.getByRole('button', { name: 'Enrol' }).click();
    expect((await enrolled).status()).toBe(200);
    await page.getByText('You are enrolled in this path.').waitFor();
    await page.getByText('Your progress').waitFor();
    expect(await page.getByRole('button', { name: 'Enrol' }).count()).toBe(0);
    const mine = await call<{ result: { title: string }[] }>('admin@example.com', 'GET', '/api/v2/my/learningPaths');
    expect(mine.result.map((p) => p.title)).toContain('Team refresher');
  });

  it('tells an editor who is not the owner (an administrator) who created the path, in English and in French', async () => {
    const { page } = browser;
    const demo = (await call<{ result: { pathId: string; title: string }[] }>('author@example.com', 'GET', '/api/v2/my/learningPathsEdited')).result;
    const bruno = demo.find((p) => p.title === 'New starter essentials')!;
    const answered = await call<{ isOwner: boolean }>('admin@example.com', 'GET', `/api/v2/learningPath/${bruno.pathId}`);
    expect(answered.isOwner).toBe(false);

    await logIn(page, 'admin@example.com', 'Alice');
    await page.goto(`${server.url}/recorder/editionparcour/${bruno.pathId}`);
    await page.getByRole('heading', { name: 'New starter essentials', level: 1 }).waitFor();
    const banner = page.getByTestId('path-owner-banner');
    await banner.waitFor();
    expect((await banner.innerText()).trim()).toBe('This path was created by Bruno Garcia. Please inform them of your changes.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'path-editor-not-owner-en.png') });

    await page.evaluate(() => localStorage.setItem('speach.language', 'fr'));
    await page.reload();
    await page.getByRole('heading', { name: 'Contenu', level: 2 }).waitFor();
    await banner.filter({ hasText: 'Ce parcours' }).waitFor();
    expect((await banner.innerText()).trim()).toBe('Ce parcours a été créé par Bruno Garcia. Pensez à l’informer de vos modifications.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'path-editor-not-owner-fr.png') });
    await page.evaluate(() => localStorage.setItem('speach.language', 'en'));
  });
});
