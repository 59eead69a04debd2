/// <reference lib="dom" />
import { demoStaff } from '../../backend/seed/demo-seeder';
import { type BrowserSession, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('learner app: terms of use and personal-data overlays', () => {
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

  it('shows the GCU then the PDP until accepted, each accept button enabled only once scrolled to the bottom', async () => {
    const { page } = browser;
    const staff = demoStaff()[0];
    await page.setViewportSize({ width: 900, height: 500 });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(staff.email);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    for (const title of ['Terms of use', 'Personal data policy']) {
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      const accept = dialog.getByRole('link', { name: 'I accept' }).or(dialog.getByRole('button', { name: 'I accept' }));
      expect(await accept.getAttribute('aria-disabled')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForFunction((name) => {
        const d = [...document.querySelectorAll('[role="dialog"]')].find((e) => e.textContent?.includes(name as string));
        const button = d && [...d.querySelectorAll('a,button')].find((b) => b.textContent === 'I accept');
        return !!button && button.getAttribute('aria-disabled') !== 'true';
      }, title);
      await accept.click();
      await page.waitForURL(`${server.url}/`);
    }
    await page.getByRole('heading', { name: `Welcome, ${staff.firstName}` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the read-only terms without a session', async () => {
    const { page, context } = browser;
    await page.evaluate(() => sessionStorage.clear());
    // Leave the app first: its background polls (unread counts) would otherwise meet the cleared session
    // and send the page to /login while it navigates here.
    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto(`${server.url}/gcuContent`);
    await page.getByRole('heading', { name: 'Terms of use', level: 1 }).waitFor();
    await page.getByText('Your account is personal.').waitFor();
  });
});
