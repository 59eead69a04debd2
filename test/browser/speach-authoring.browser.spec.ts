/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** A one-page PDF, enough for an upload. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const TITLE = 'Café safety basics';
const SLUG = 'cafe-safety-basics';

describe('learner app: an author writes and publishes a speach, a reader reads it and takes its quiz', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachId = '';

  beforeAll(async () => {
    server = await startServer();
    // An author publishes directly only while the validation workflow is off (issue #16): this suite is about
    // writing and reading; the workflow suite covers publication through validation.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const flags = await fetch(`${server.url}/api/v2/admin/site/flags`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ workflowEnabled: false }),
    });
    if (!flags.ok) throw new Error(`Could not turn the workflow off: ${flags.status}`);
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function logIn(page: Page, email: string, firstName: string) {
    await browser.context.clearCookies();
    await visit(page, `${server.url}/login`);
    await page.evaluate(() => sessionStorage.clear());
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  async function addChapter(page: Page, title: string) {
    await page.getByRole('button', { name: 'Add a chapter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a chapter' });
    await dialog.getByLabel('Chapter title').fill(title);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: `Content of “${title}”` }).waitFor();
  }

  async function saveContent(page: Page) {
    await page.getByRole('button', { name: 'Save the content' }).click();
    await page.getByRole('status').filter({ hasText: 'Content saved' }).waitFor();
  }

  it('creates a speach, writes three chapters (rich text, quiz, PDF upload) and publishes it', async () => {
    const { page } = browser;
    await logIn(page, 'author@example.com', 'Bruno');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Create a speach' }).click();
    await page.getByRole('heading', { name: 'Create a speach', level: 1 }).waitFor();

    // The title is required: the form says so next to the field.
    await page.getByRole('button', { name: 'Create and edit' }).click();
    await page.getByText('The title is required.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Title').fill(TITLE);
    await choose(page, 'Speach language', 'English (United Kingdom)');
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-create.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create and edit' }).click();
    await page.waitForURL(/\/recorder\/edit\/[^/]+$/);
    speachId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText('No chapter yet.').waitFor();

    // 1. Rich text.
    await addChapter(page, 'Introduction');
    await choose(page, 'Content type', 'Rich text');
    const editor = page.getByRole('textbox', { name: 'Chapter text' });
    await editor.click();
    await page.keyboard.type('Always wash your hands. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Hot surfaces burn.');
    await saveContent(page);

    // 2. Quiz: the server refuses a question without a correct answer, and says so.
    await addChapter(page, 'Check your knowledge');
    await choose(page, 'Content type', 'Quiz');
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Text of question 1').fill('What do you do before cooking?');
    await page.getByLabel('Answer 1 of question 1', { exact: true }).fill('Wash my hands');
    await page.getByLabel('Answer 2 of question 1', { exact: true }).fill('Nothing');
    await page.getByRole('button', { name: 'Save the content' }).click();
    await page.getByRole('alert').filter({ hasText: 'no correct answer' }).waitFor();
    await page.getByLabel('Answer 1 of question 1 is correct').check();
    await saveContent(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-quiz-editor.png'), fullPage: true });

    // 3. PDF upload, with its progress bar.
    await addChapter(page, 'Handbook');
    await choose(page, 'Content type', 'PDF file');
    await page.getByTestId('chapter-file').setInputFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('link', { name: 'handbook.pdf' }).waitFor();

    // Keyboard reordering: the Handbook goes up, then back down.
    const titles = () => page.getByRole('list', { name: 'Chapter tree' }).locator(':scope > li > div [data-testid=chapter-title]').allInnerTexts();
    await page.getByRole('button', { name: 'Move Handbook up' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Chapter tree"] > li:nth-child(2)')?.textContent?.includes('Handbook'));
    expect(await titles()).toEqual(['Introduction', 'Handbook', 'Check your knowledge']);
    await page.getByRole('button', { name: 'Move Handbook down' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Chapter tree"] > li:nth-child(3)')?.textContent?.includes('Handbook'));
    // Drag and drop: the Handbook dropped on the quiz takes its place.
    const treeRow = (title: string) =>
      page
        .getByRole('list', { name: 'Chapter tree' })
        .locator(':scope > li')
        .filter({ has: page.getByRole('button', { name: title, exact: true }) });
    await treeRow('Handbook').dragTo(treeRow('Check your knowledge').getByTestId('chapter-title'));
    await page.waitForFunction(() => document.querySelector('[aria-label="Chapter tree"] > li:nth-child(2)')?.textContent?.includes('Handbook'));
    expect(await titles()).toEqual(['Introduction', 'Handbook', 'Check your knowledge']);

    // Public, then published now.
    await choose(page, 'Who can read it', 'Public');
    await page.getByRole('button', { name: 'Save the visibility' }).click();
    await page.getByText('Speach updated').waitFor();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page
      .getByTestId('speach-state')
      .filter({ hasText: /^Published$/ })
      .waitFor();

    // The share component: a reading link, optionally at a chapter.
    const share = page.getByRole('region', { name: 'Share' });
    const link = share.getByRole('textbox', { name: 'Link to share' });
    expect(await link.inputValue()).toBe(`${server.url}/s/${speachId}/${SLUG}`);
    await share.getByLabel('Start at a chapter').check();
    await page.waitForFunction(() => (document.getElementById('share-link') as HTMLInputElement | null)?.value.includes('?chapter='));

    // A due date in the past is refused: the toast says so and the field gets its previous value back.
    const due = page.getByLabel('Due date');
    await due.fill('2020-01-15');
    await due.evaluate((input) => (input as HTMLInputElement).blur());
    await page.getByRole('alert').filter({ hasText: 'Speach update failed' }).waitFor();
    expect(await due.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.keyboard.press('Escape');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-editor.png'), fullPage: true });

    // A change made elsewhere: the next save answers 409 and the editor offers to reload.
    await page.evaluate(async (id) => {
      await fetch(`/api/v2/recorder/speach/${id}/details`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tags: 'kitchen hygiene' }),
      });
    }, speachId);
    await page.getByLabel('Description').fill('The basics of a safe kitchen.');
    await page.getByRole('button', { name: 'Save the details' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'This speach was changed elsewhere' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Tags').inputValue()).toBe('kitchen hygiene');

    // The draft preview, in the app and embedded without the app's chrome.
    await page.goto(`${server.url}/play/${speachId}/${SLUG}`);
    await page.getByText('Draft preview').waitFor();
    await page.getByRole('heading', { name: 'Introduction', level: 2 }).waitFor();
    await page.goto(`${server.url}/play-embedded/${speachId}?internalPreview=true`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/recorder/edit/${speachId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    // The versions page lists the live version 1.
    await page.getByRole('link', { name: 'Versions' }).click();
    await page.getByRole('heading', { name: 'Versions', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Version 1/ });
    await row.getByText('Live').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-versions.png'), fullPage: true });
  });

  it('lets a reader read the published speach, see the read ticks and take the quiz', async () => {
    const { page } = browser;
    expect(speachId).not.toBe('');
    await logIn(page, 'reader@example.com', 'David');
    await page.goto(`${server.url}/s/${speachId}/${SLUG}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await page.getByRole('heading', { name: 'Introduction', level: 2 }).waitFor();
    await page.getByTestId('chapter-html').getByText('Hot surfaces burn.').waitFor();
    expect(await page.getByTestId('chapter-html').locator('strong, b').count()).toBeGreaterThan(0);
    await toc.getByRole('button', { name: 'Introduction (read)' }).waitFor();
    await toc.getByText('1 of 3 chapters read').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-reader.png'), fullPage: true });

    await toc.getByRole('button', { name: 'Check your knowledge' }).click();
    await page.getByRole('heading', { name: 'Check your knowledge', level: 2 }).waitFor();
    await page.getByRole('radio', { name: 'Wash my hands' }).check();
    await page.getByRole('button', { name: 'Submit my answers' }).click();
    await page.getByTestId('quiz-score').getByText('Your score: 1/1 (100%).').waitFor();
    await page.getByText('correct answer', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-quiz.png'), fullPage: true });

    // A new visit offers to continue at the quiz, where the reader stopped.
    await page.goto(`${server.url}/s/${speachId}/${SLUG}`);
    await page.getByRole('heading', { name: 'Introduction', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Continue where I left off' }).click();
    await page.getByRole('heading', { name: 'Check your knowledge', level: 2 }).waitFor();

    // The link shared at a chapter opens that chapter.
    const handbook = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v2/speach/${id}/read?mode=published`);
      const body = (await response.json()) as { chapters: { chapterId: string; title: string }[] };
      return body.chapters.find((c) => c.title === 'Handbook')!.chapterId;
    }, speachId);
    await page.goto(`${server.url}/s/${speachId}/${SLUG}?chapter=${handbook}`);
    await page.getByRole('heading', { name: 'Handbook', level: 2 }).waitFor();
    await page.locator('iframe[title="Handbook"]').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'speach-reader-pdf.png'), fullPage: true });
  });

  it('asks for the access code of a private speach', async () => {
    const { page } = browser;
    // The author makes a private speach through the API.
    await logIn(page, 'author@example.com', 'Bruno');
    const privateId = await page.evaluate(async () => {
      const headers = { 'content-type': 'application/json' };
      const call = async (method: string, path: string, body: unknown) => {
        const response = await fetch(path, { method, headers, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const card = await call('POST', '/api/v2/recorder/speach', { title: 'Secret recipes', language: 'en-US' });
      const { chapterId } = await call('POST', `/api/v2/recorder/speach/${card.id}/chapters`, { title: 'The sauce' });
      await call('PUT', `/api/v2/recorder/speach/${card.id}/chapters/${chapterId}/content`, { type: 'REUSSITE', message: 'You know the secret.' });
      await call('PUT', `/api/v2/recorder/speach/${card.id}/visibility`, { visibility: 'PRIVE', accessCode: 'open-sesame' });
      await call('POST', `/api/v2/recorder/speach/${card.id}/publish`, {});
      return card.id as string;
    });

    await logIn(page, 'reader@example.com', 'David');
    await page.goto(`${server.url}/s/${privateId}/secret-recipes`);
    await page.getByRole('heading', { name: 'Private speach' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Access code').fill('wrong');
    await page.getByRole('button', { name: 'Read the speach' }).click();
    await page.getByText('This access code is not the right one.').waitFor();
    await page.getByLabel('Access code').fill('open-sesame');
    await page.getByRole('button', { name: 'Read the speach' }).click();
    await page.getByRole('heading', { name: 'Secret recipes', level: 1 }).waitFor();
    await page.getByText('You know the secret.').waitFor();
    await page.getByRole('navigation', { name: 'Table of contents' }).getByRole('button', { name: 'The sauce (read)' }).waitFor();
  });
});
