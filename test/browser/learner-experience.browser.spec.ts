/// <reference lib="dom" />
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * axe's best-practice rules the issue named (heading order, one h1 per page) and contrast, on top of the
 * WCAG rules `axeViolations` runs (which loads axe into the page first).
 */
async function structureViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  await axeViolations(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['heading-order', 'page-has-heading-one', 'color-contrast', 'empty-heading'] } });
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/** Issue 17: the learner's home, catalogue, speach page and editor, and the defects a first visit met. */
describe('learner and author experience', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  async function login(email: string, language: 'en' | 'fr' = 'en') {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await page.evaluate((lang) => {
      sessionStorage.clear();
      localStorage.setItem('speach.language', lang);
    }, language);
    await page.reload();
    await page.getByLabel(language === 'fr' ? /e-mail/i : 'E-mail').fill(email);
    await page.getByLabel(language === 'fr' ? 'Mot de passe' : 'Password').fill('demo-password');
    await page.getByRole('button', { name: language === 'fr' ? 'Se connecter' : 'Log in' }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/login'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  async function clean(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
    expect(await structureViolations(page)).toEqual([]);
  }

  // The demo seed on a loaded machine can take minutes (BROWSER_SERVER_READY_MS sets the server's wait).
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a learner’s home shows the demo’s content in sliders with covers, and links to the catalogue', async () => {
    const { page } = browser;
    await login('reader@example.com');
    await page.getByRole('heading', { name: 'Welcome, David' }).waitFor();
    const newest = page.getByRole('region', { name: 'New in your language' });
    await newest.getByRole('article').first().waitFor();
    await page.getByRole('region', { name: 'Most read this month' }).getByRole('article').first().waitFor();
    // Every card has a picture (the speach's or its generated cover), chapters and a duration.
    const first = newest.getByRole('article').first();
    expect(await first.locator('img, svg[aria-hidden="true"]').count()).toBeGreaterThan(0);
    await first.getByText(/\d+ chapters? · \d+ (min|h)/).waitFor();
    // Four cards in view and, with more, the last place links to the full list.
    expect(await newest.getByRole('article').count()).toBeLessThanOrEqual(4);
    await page.getByRole('link', { name: /Browse the whole catalogue \(\d+\)/ }).waitFor();
    await clean(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-home-en.png'), fullPage: true });
  });

  it('the catalogue: every readable speach in the grid, filtered by category', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
    const total = page.getByRole('status').filter({ hasText: /Speaches: \d+/ });
    await total.waitFor();
    const all = Number((await total.innerText()).replace(/\D/g, ''));
    expect(all).toBeGreaterThan(10);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option').nth(1).click();
    await page.waitForFunction((before) => {
      const status = [...document.querySelectorAll('[role="status"]')].find((s) => /Speaches: \d+/.test(s.textContent ?? ''));
      return status && Number((status.textContent ?? '').replace(/\D/g, '')) < before;
    }, all);
    await page.getByRole('article').first().waitFor();
    await clean(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-catalogue-en.png'), fullPage: true });
  });

  it('the speach page header: author, category, duration and the primary action; a quiz is not read before it is answered', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/catalogue`);
    await page.getByRole('textbox', { name: 'Search by name' }).fill('Welcome to the company');
    await page.getByRole('article').filter({ hasText: 'Welcome to the company' }).first().getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Welcome to the company', level: 1 }).waitFor();
    const details = page.getByTestId('speach-header-details');
    await details.getByText(/By .+ · .+ · English/).waitFor();
    expect(await details.innerText()).toMatch(/chapters? · \d+ min/);
    await page.getByRole('button', { name: /^(Start|Continue|Review)$/ }).waitFor();
    // Opening the quiz chapter does not mark it read (issue 17 defect 4).
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await toc.getByRole('button', { name: /Check your knowledge/ }).click();
    await page.getByRole('heading', { name: 'Check your knowledge', level: 2 }).waitFor();
    await page.getByRole('radio').first().waitFor();
    expect(await toc.getByRole('button', { name: /Check your knowledge/ }).innerText()).not.toContain('(read)');
    await clean(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-speach-en.png'), fullPage: true });
  });

  it('the same screens in French: plurals, numbers and the non-breaking space before colons', async () => {
    const { page } = browser;
    await login('reader@example.com', 'fr');
    await page.getByRole('region', { name: 'Nouveautés dans votre langue' }).getByRole('article').first().waitFor();
    const body = await page.locator('main').innerText();
    expect(body).not.toMatch(/\b1 chapitres\b/);
    await clean(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-home-fr.png'), fullPage: true });
    await page.goto(`${server.url}/catalogue`);
    const status = page.getByRole('status').filter({ hasText: /Speachs\u00a0: \d+/ });
    await status.waitFor();
    await clean(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-catalogue-fr.png'), fullPage: true });
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.getByRole('button', { name: /^(Commencer|Continuer|Revoir)$/ }).waitFor();
    await clean(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-speach-fr.png'), fullPage: true });
  });

  it('the account page keeps its headings in order (axe heading-order)', async () => {
    const { page } = browser;
    await login('reader@example.com');
    await page.goto(`${server.url}/account`);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await page
      .getByRole('article')
      .first()
      .or(page.getByText(/No speach|Nothing/).first())
      .waitFor();
    await clean(page);
  });

  it('a "waiting for your validation" notification opens the validator page, not "does not exist"', async () => {
    const { page } = browser;
    await login('approver@example.com');
    await page.goto(`${server.url}/account/myNotifications`);
    const item = page.getByRole('button', { name: /is waiting for your validation/ }).first();
    await item.waitFor();
    await item.click();
    await page.waitForURL(/\/workflow\/validator\/[^/]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(/does not exist/).count()).toBe(0);
    await page.getByTestId('workflow-graph').waitFor();
    await clean(page);
  });

  it('the editor in English and French, axe-clean', async () => {
    const { page } = browser;
    for (const language of ['en', 'fr'] as const) {
      await login('author@example.com', language);
      await page.goto(`${server.url}/account?tabSelected=EDITED`);
      const card = page.getByRole('article').first();
      await card.waitFor();
      await card
        .getByRole('link', { name: language === 'fr' ? /Modifier/ : /Edit/ })
        .first()
        .click();
      await page.waitForURL(/\/recorder\/edit\//);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('textbox').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, `learner-experience-editor-${language}.png`), fullPage: true });
    }
  });

  it('the author’s app bar stays on one line at 1280 and 1024 px, and its links stay reachable at 360 px', async () => {
    const { page } = browser;
    await login('author@example.com');
    const header = page.locator('header');
    const title = header.getByRole('link', { name: 'Speach', exact: true });
    const middle = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height / 2;
    };
    const bar = [header.getByRole('searchbox'), header.getByRole('button', { name: /^Notifications/ }), header.getByRole('button', { name: 'User menu' })];
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await bar[2].waitFor();
      const line = await middle(title);
      for (const item of bar) expect(Math.abs((await middle(item)) - line)).toBeLessThan(4);
      // 1280 shows the author's links in the bar; 1024 folds them into the main menu.
      expect(await header.getByRole('link', { name: 'Create a speach' }).isVisible()).toBe(width === 1280);
      expect(await header.getByRole('button', { name: 'Main menu' }).isVisible()).toBe(width === 1024);
      await header.screenshot({ path: join(SCREENSHOTS, `learner-experience-app-bar-${width}.png`) });
    }

    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await header.getByRole('button', { name: 'Main menu' }).click();
    await page.getByRole('menuitem', { name: 'Create a speach' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-app-bar-360.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the back office: an h1 on each screen, readable deactivated rows, a named toast on creating a user, a German sidebar that fits', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('menuitem', { name: 'Users' }).first().click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    expect((await structureViolations(page)).filter((v) => v.id !== 'heading-order')).toEqual([]);

    await page.goto(`${server.url}/admin/#/users/create`);
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Keller');
    await page.getByLabel('E-mail').fill('nora.keller@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User Nora Keller (nora.keller@example.com) created').waitFor();

    // German at 1366 px: the menu label is whole and the dashboard's top table does not scroll sideways.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('de')));
    await page.goto(`${server.url}/admin/#/`);
    await page.reload();
    const fields = page.getByRole('menuitem', { name: 'Benutzerdefinierte Felder' });
    await fields.waitFor();
    expect(
      await fields.evaluate((el) =>
        [...el.querySelectorAll('*')].every((child) => (child as HTMLElement).scrollWidth <= (child as HTMLElement).clientWidth + 1),
      ),
    ).toBe(true);
    const table = page.getByTestId('table-top-speaches-reads');
    await table.scrollIntoViewIfNeeded();
    await table.locator('tbody tr').first().waitFor();
    const container = table.locator('.MuiTableContainer-root');
    expect(await container.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-experience-admin-de.png'), fullPage: true });
  });
});
