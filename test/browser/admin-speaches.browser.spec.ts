/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Spec §2 "Admin speach list": filters, side panel, batch edit, toasts, accessibility. */
describe('back office: the admin speach list', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  const total = () => browser.page.getByTestId('speach-total');
  const totalCount = async () => Number((await total().innerText()).match(/\d+/)?.[0] ?? NaN);
  const rows = () => browser.page.locator('tbody tr');

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
    await page.goto(`${server.url}/admin/#/speaches`);
    await total().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the published speaches by default and filters by state, with chips and the total following', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'State: Published' }).waitFor();
    const published = await totalCount();
    expect(published).toBeGreaterThan(1);
    expect(await rows().count()).toBe(Math.min(published, 20)); // a page holds 20
    for (const text of await rows().allInnerTexts()) {
      expect(text).not.toContain('Unpublished');
      expect(text).toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/); // en: M/D/YYYY
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-speaches-list.png'), fullPage: true });

    await page.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: 'Unpublished' }).click();
    await page.getByRole('button', { name: 'State: Unpublished' }).waitFor();
    await page.waitForFunction((before) => !document.querySelector('[data-testid="speach-total"]')?.textContent?.startsWith(`${before} `), published);
    const unpublished = await totalCount();
    for (const text of await rows().allInnerTexts()) expect(text).toContain('Unpublished');

    // Removing the chip (keyboard: Delete on the focused chip) drops the state filter: all but the archived speaches.
    await page.getByRole('button', { name: 'State: Unpublished' }).focus();
    await page.keyboard.press('Delete');
    await page.waitForFunction((n) => document.querySelector('[data-testid="speach-total"]')?.textContent?.startsWith(`${n} `), published + unpublished);

    await page.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: 'Published', exact: true }).click();
    await page.waitForFunction((n) => document.querySelector('[data-testid="speach-total"]')?.textContent?.startsWith(`${n} `), published);
  });

  it('edits a speach in the side panel', async () => {
    const { page } = browser;
    await rows()
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    const panel = page.getByRole('region', { name: 'Speach details' });
    const title = panel.getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    await panel.getByTitle(/^Preview of /).waitFor();
    expect(await panel.locator('iframe').getAttribute('width')).toBe('575');
    expect(await panel.locator('iframe').getAttribute('height')).toBe('391');
    expect(await panel.locator('iframe').getAttribute('src')).toMatch(/^\/play-embedded\/[^/?]+\?internalPreview=true$/);

    await title.fill('Renamed by the browser test');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Speach updated').waitFor();
    await panel.getByText('Renamed by the browser test', { exact: true }).waitFor();

    await panel.getByRole('tab', { name: 'Authors' }).click();
    await panel.getByRole('combobox', { name: 'Author' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-speach-panel.png') });
    await panel.getByRole('button', { name: 'Close' }).click();
    await rows().getByText('Renamed by the browser test').waitFor();
  });

  it('batch-edits the category of two selected speaches from the bottom bar', async () => {
    const { page } = browser;
    const titles: string[] = [];
    for (const index of [1, 2]) {
      const row = rows().nth(index);
      titles.push((await row.getByTestId('speach-title').innerText()).trim());
      await row.getByRole('checkbox').check();
    }
    const bar = page.getByRole('region', { name: 'Actions on the selected speaches' });
    await bar.getByText('2 speaches selected').waitFor();
    await bar.getByRole('button', { name: 'Batch edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 2 speaches' });
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'IT security' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Speaches batch updated: \d+ updated/).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await bar.waitFor({ state: 'hidden' });
    for (const text of titles)
      await page
        .locator('tbody tr', { hasText: text })
        .getByText(/IT security/)
        .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-speaches-batch.png'), fullPage: true });
  });
});
