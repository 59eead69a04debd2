/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('smoke: the demo admin logs in to the learner app and the back office', () => {
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

  it('learner app: redirects to login, logs in, shows the home page without accessibility violations', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('E-mail').fill('admin@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Alice' }).waitFor();
    expect(await page.getByText('Administrator').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-home.png'), fullPage: true });
  });

  it('learner app: switches language and keeps it', async () => {
    const { page } = browser;
    await page.getByRole('combobox', { name: /^Language/ }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Bienvenue, Alice' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Bienvenue, Alice' }).waitFor();
    await page.getByLabel('Langue').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome, Alice' }).waitFor();
  });

  it('back office: logs in and lists the demo users', async () => {
    const { page, context } = browser;
    // Leave the learner app first: with its cookie gone, its next background poll would send it to /login and abort
    // the navigation below (CI saw net::ERR_ABORTED here).
    await page.goto('about:blank');
    await context.clearCookies(); // a fresh visit: the learner app's session cookie would log the admin in at once
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The back office opens on its dashboard; the user list is one menu entry away.
    await page.getByRole('menuitem', { name: 'Users' }).first().click();
    await page.getByText('admin@example.com').first().waitFor();
    for (const email of ['author@example.com', 'approver@example.com', 'reader@example.com']) {
      await page.getByText(email).first().waitFor();
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-users.png'), fullPage: true });
  });

  it('an expired session lands on /login?disconnected=true with the banner', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Welcome, Alice' }).waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => /token/i.test(key)))).toEqual([]);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'sid')?.value;
    // The session ends behind the app's back (another tab logged out, or it expired).
    await context.request.post(`${server.url}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
    // The next call the app makes finds the session gone: a click of the user's own, or one of its background
    // polls (unread notifications and messages) if that comes first, which leaves no menu to click.
    await page
      .getByRole('button', { name: 'User menu' })
      .click({ timeout: 5000 })
      .then(() => page.getByRole('menuitem', { name: 'My profile' }).click({ timeout: 5000 }))
      .catch(() => undefined);
    // Two navigations may race (the click's and a poll's): wait for where they end, not for one of them.
    await page.getByText('Your session has expired, please log in again.').waitFor();
    expect(page.url()).toMatch(/\/login\?disconnected=true$/);
  });
});
