/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('admin dashboard and analytics pages (issue #7)', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  async function api<T>(path: string): Promise<T> {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    // Charts skip their animation when the user asks for reduced motion: stable screenshots.
    await browser.page.emulateMedia({ reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const card = (testId: string) => browser.page.getByTestId(testId);
  /** Scrolls a chart card into view (charts load lazily) and waits for its drawing. */
  async function drawn(
    testId: string,
    selector = 'svg .MuiLineElement-root, svg .MuiBarElement-root, svg .MuiPieArc-root, svg path[class*="Line"], svg path[class*="Bar"], svg path[class*="Arc"], svg rect[class*="Bar"]',
  ) {
    await card(testId).scrollIntoViewIfNeeded();
    // A day without reads draws a bar of height 0 (hidden): wait for the first mark that shows.
    await card(testId).locator(selector).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
  }
  async function tableRows(testId: string): Promise<number> {
    await card(testId).scrollIntoViewIfNeeded();
    await card(testId).locator('tbody tr').first().waitFor({ timeout: 20_000 });
    return card(testId).locator('tbody tr').count();
  }

  it('opens on the dashboard with the speeches tab: tiles and every chart drawn from the demo history', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    // The component's default period when the URL has none.
    await page.getByRole('combobox', { name: 'Period' }).filter({ hasText: 'Last 3 months' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Speaches' }).isChecked()).toBe(true);
    for (const tile of ['tile-published', 'tile-unpublished', 'tile-total', 'tile-viewed']) {
      await card(tile)
        .getByText(/^\d[\d,]*$/)
        .waitFor();
    }
    const published = Number((await card('tile-published').getByText(/^\d+$/).innerText()).replace(/\D/g, ''));
    expect(published).toBeGreaterThan(20);
    await drawn('chart-cumulative-creations');
    await drawn('chart-categories');
    await drawn('chart-reading-activity');
    expect(await tableRows('table-top-speaches-reads')).toBeGreaterThan(3);
    await drawn('chart-cumulative-readings');
    await drawn('chart-funnel');
    // Reading activity labels are rotated.
    const rotated = await card('chart-reading-activity').locator('text[transform*="rotate"]').count();
    expect(rotated).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard-speaches.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('switches to the users tab: role tiles, unique activity with even y ticks, top speachmakers, connections', async () => {
    const { page } = browser;
    await page.getByRole('radio', { name: 'Users' }).check();
    for (const tile of ['tile-admins', 'tile-approvers', 'tile-speachmakers', 'tile-users']) await card(tile).waitFor();
    await card('tile-speachmakers')
      .getByText(/including \d+ AI editor/)
      .waitFor();
    await drawn('chart-unique-activity');
    const ticks = await card('chart-unique-activity')
      .locator('.MuiChartsAxis-left .MuiChartsAxis-tickLabel, .MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')
      .allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(Number(tick.replace(/\D/g, '')) % 2).toBe(0);
    expect(await tableRows('table-top-speachmakers-reads')).toBeGreaterThan(0);
    await drawn('chart-connections');
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard-users.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reloads on period change and keeps the period in the URL', async () => {
    const { page } = browser;
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 2 years' }).click();
    await page.waitForURL(/period=TWO_YEARS/);
    await drawn('chart-unique-activity');
    await drawn('chart-connections');
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard-users-two-years.png'), fullPage: true });
  });

  it('shows the social tab (comments are on): grades and comments, top speeches and speachmakers by score', async () => {
    const { page } = browser;
    await page.getByRole('radio', { name: 'Social' }).check();
    await drawn('chart-grades-comments');
    expect(await tableRows('table-top-speaches-score')).toBeGreaterThan(0);
    expect(await tableRows('table-top-speachmakers-score')).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard-social.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('takes the initial period from the URL, an unknown one giving ONE_MONTH', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/#/?period=SIX_MONTHS`);
    await page.reload();
    await page.getByRole('combobox', { name: 'Period' }).filter({ hasText: 'Last 6 months' }).waitFor();
    await page.goto(`${server.url}/admin/#/?period=FOREVER`);
    await page.reload();
    await page.getByRole('combobox', { name: 'Period' }).filter({ hasText: 'Last month' }).waitFor();
    await drawn('chart-reading-activity');
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard-one-month.png'), fullPage: true });
  });

  it("shows a speach's analytics page in the learner app, and deletes a quiz result", async () => {
    const { page, context } = browser;
    const [top] = await api<{ speachId: string; speachTitle: string }[]>('/api/v2/dashboard/speaches-by-watch?period=TWO_YEARS');
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => sessionStorage.clear());
    await page.getByLabel('E-mail').fill('admin@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.goto(`${server.url}/analytics/s/${top.speachId}?period=TWO_YEARS`);
    await page.getByRole('heading', { name: `Analytics: ${top.speachTitle}`, level: 1 }).waitFor();
    await page.getByRole('img', { name: /reads from/ }).waitFor();
    await page.getByRole('region', { name: 'Completion per chapter' }).getByRole('row').nth(4).waitFor();
    const results = page.getByRole('region', { name: 'Quiz results' }).getByRole('row');
    await results.nth(1).waitFor();
    const before = await results.count();
    await page.screenshot({ path: join(SCREENSHOTS, 'analytics-speach.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('button', { name: /^Delete results: / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Delete these quiz results?' }).getByRole('button', { name: 'Delete results' }).click();
    await page.getByText('Quiz results deleted.').waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('section[aria-label="Quiz results"] tr').length === n - 1, before);

    // A learner's page, reached from the results table.
    await page.getByRole('region', { name: 'Quiz results' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: /^Learning analytics: / }).waitFor();
    await page.getByRole('region', { name: 'Speaches started' }).getByRole('row').nth(1).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'analytics-user.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
