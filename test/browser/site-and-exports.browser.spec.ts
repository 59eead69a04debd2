/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('site settings, footer, accessibility statement and CSV exports', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const footer = () => browser.page.getByRole('navigation', { name: 'Site links' });

  it('shows the footer on the login page, and the plain "no statement" message to a visitor', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await footer().getByRole('link', { name: 'Accessibility' }).waitFor();
    expect(await footer().getByRole('link').allTextContents()).toEqual(['Speach (opens in a new tab)', 'Accessibility', 'Terms of use', 'Personal data']);
    expect(
      await footer()
        .getByRole('link', { name: /^Speach/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(await axeViolations(page)).toEqual([]);
    await footer().getByRole('link', { name: 'Accessibility' }).click();
    await page.waitForURL(`${server.url}/accessibility-statement`);
    await page.getByText('There is no accessibility statement yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Write it' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('toggles a feature flag in the back office settings, and the learner footer follows', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Site settings' }).click();
    await page.getByRole('heading', { name: 'Site settings', level: 2 }).waitFor();
    const footerFlag = page.getByRole('switch', { name: 'Footer', exact: true });
    await footerFlag.waitFor();
    expect(await footerFlag.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-site-settings.png'), fullPage: true });

    await footerFlag.uncheck();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Settings saved').waitFor();
    // The back office's session cookie signs the learner app in too: the footer is the app layout's.
    await page.goto(`${server.url}/`);
    await page.locator('main#main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await footer().count()).toBe(0);

    await page.goto(`${server.url}/admin/#/settings`);
    await page.getByRole('switch', { name: 'Footer', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Settings saved').waitFor();
    await page.goto(`${server.url}/`);
    await footer().getByRole('link', { name: 'Accessibility' }).waitFor();
  });

  it('lets an admin write the statement in the editor, then shows it in a frame', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await footer().getByRole('link', { name: 'Accessibility' }).click();
    await page.getByText('No accessibility statement has been written yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Write it' }).click();
    await page.waitForURL(`${server.url}/accessibility-statement/edit`);
    await page.getByRole('heading', { name: 'Edit the accessibility statement' }).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The statement must not be empty.').waitFor();
    const editor = page.getByRole('textbox', { name: 'Accessibility statement' });
    await editor.click();
    await page.keyboard.type('This site is partially compliant with WCAG 2.1 AA.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'accessibility-statement-editor.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${server.url}/accessibility-statement`);
    await page.getByText('The accessibility statement has been saved.').waitFor();
    const frame = page.frameLocator('iframe[title="Accessibility statement"]');
    await frame.getByText('This site is partially compliant with WCAG 2.1 AA.').waitFor();
    expect(await page.locator('iframe').getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'accessibility-statement.png'), fullPage: true });

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit the accessibility statement' }).waitFor();
    await page.getByRole('textbox', { name: 'Accessibility statement' }).getByText('partially compliant').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nothing has changed: there is nothing to save.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it('exports CSV from the dialog and downloads a file a CSV parser reads back', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/#/exports`);
    await page.getByRole('heading', { name: 'CSV exports', level: 2 }).waitFor();
    await page.getByText('No export yet.').waitFor();
    await page.getByRole('button', { name: 'CSV export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
    await dialog.getByRole('checkbox', { name: 'Users' }).waitFor();
    const box = await dialog.locator('.MuiDialog-paper').or(page.locator('.MuiDialog-paper')).first().boundingBox();
    expect(Math.round(box!.width)).toBe(600);
    expect(await dialog.getByRole('list', { name: 'Export templates' }).evaluate((el) => getComputedStyle(el).maxHeight)).toBe('365px');
    expect(await dialog.getByRole('checkbox').count()).toBe(6);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'csv-export-dialog.png') });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'CSV export' }).click();
    await dialog.getByRole('button', { name: 'Export all' }).click();
    await page.getByText('The export has started').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const downloadButton = page.getByRole('button', { name: /^Download users\.csv \(\d+ rows\)$/ });
    await downloadButton.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: /^Download .+\.csv/ }).count()).toBe(6);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'csv-exports.png'), fullPage: true });
    const rows = Number((await downloadButton.textContent())!.match(/\((\d+) rows\)/)![1]);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe('users.csv');
    const records = parse(readFileSync((await download.path())!), { bom: true }) as string[][];
    expect(records[0]).toEqual(['userID', 'email', 'firstName', 'lastName', 'roles', 'groups', 'active', 'createdAt', 'lastActiveDate']);
    expect(records).toHaveLength(rows + 1);
    expect(records.some((r) => r[1] === 'admin@example.com')).toBe(true);
  });
});
