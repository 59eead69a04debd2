/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue 17: the editor's one save indicator, and the warning before leaving with unsaved changes. */
describe('learner app: the editor warns before leaving with unsaved changes', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachId = '';

  beforeAll(async () => {
    server = await startServer();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'author@example.com', password: 'demo-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${server.url}/api/v2/recorder/speach`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Forklift basics', language: 'en-US' }),
    });
    speachId = ((await created.json()) as { id: string }).id;
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows "Unsaved changes" after typing, asks before a nav link, Stay keeps the text, Save clears it, Leave navigates', async () => {
    const { page } = browser;
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill('author@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Bruno' }).waitFor();
    await page.goto(`${server.url}/recorder/edit/${speachId}`);
    const status = page.getByTestId('save-status');
    await status.getByText('All changes saved').waitFor();
    expect(await status.getAttribute('aria-live')).toBe('polite');

    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Checks before lifting a pallet.');
    await status.getByText('Unsaved changes').waitFor();

    // In-app link: the dialog, and Stay keeps the page and the typed text.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Catalogue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'editor-unsaved-dialog.png') });
    await dialog.getByRole('button', { name: 'Stay on the page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/recorder/edit/${speachId}`);
    expect(await description.inputValue()).toBe('Checks before lifting a pallet.');

    // Saving makes every panel clean again: navigating needs no confirmation.
    await page.getByRole('button', { name: 'Save the details' }).click();
    await status.getByText('All changes saved').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'editor-all-saved.png') });

    // A new edit, then Leave: the move happens.
    await description.fill('Checks before lifting a pallet, and after.');
    await status.getByText('Unsaved changes').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Catalogue' }).click();
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await page.waitForURL(`${server.url}/catalogue`);

    // The saved description is there, the unsaved one is not.
    await page.goto(`${server.url}/recorder/edit/${speachId}`);
    await page.getByTestId('save-status').getByText('All changes saved').waitFor();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe('Checks before lifting a pallet.');

    // Saved editor: a nav link moves at once, no dialog.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.waitForURL(`${server.url}/catalogue`);
  });
});
