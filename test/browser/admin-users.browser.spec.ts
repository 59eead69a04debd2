/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('back office: the admin user list', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The back office opens on its dashboard; the user list is one menu entry away.
    await page.getByRole('menuitem', { name: 'Users' }).first().click();
    await page.getByText('29 users').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = (text: string) => browser.page.locator('tr', { hasText: text });

  it('filters by name or e-mail and by role, with the total following', async () => {
    const { page } = browser;
    await page.getByRole('textbox', { name: 'Name or e-mail' }).fill('schmidt');
    await page.getByText('1 user', { exact: true }).waitFor();
    expect(await row('approver@example.com').count()).toBe(1);
    await page.getByRole('textbox', { name: 'Name or e-mail' }).fill('');
    await page.getByText('29 users').waitFor();

    await page.getByLabel('Roles').click();
    await page.getByRole('option', { name: 'Approver' }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.body.innerText.includes('29 users'));
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows) expect(text).toContain('Approver');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/admin/#/users?filter=%7B%7D`);
    await page.getByText('29 users').waitFor();
  });

  it('edits a user in the side panel', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Edit David Dupont' }).click();
    const panel = page.getByRole('region', { name: 'User details' });
    await panel.getByLabel('First name').fill('Davy');
    await panel.getByRole('checkbox', { name: 'Author' }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Element updated').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-user-panel.png') });
    await panel.getByRole('button', { name: 'Close' }).click();
    await row('reader@example.com').getByText('Davy Dupont').waitFor();
    expect(await row('reader@example.com').innerText()).toContain('Author');
  });

  it('batch-edits the groups of the selected users', async () => {
    const { page } = browser;
    for (const email of ['reader@example.com', 'approver@example.com']) {
      await row(email).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Batch edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 2 users' });
    await dialog.getByLabel('Groups').click();
    await page.getByRole('option', { name: 'Field operations' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Users updated').waitFor();
    for (const email of ['reader@example.com', 'approver@example.com']) {
      await row(email).getByText('Field operations').waitFor();
      expect(await row(email).innerText()).not.toContain('Quality & compliance');
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-users-batch.png'), fullPage: true });
  });
});
