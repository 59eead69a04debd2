/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue #5: home (get-started, sliders, grid), search as you type, account tabs; axe-clean screens. */
describe('learner home, search and account', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  async function login(email: string, firstName: string) {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => sessionStorage.clear());
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('home: get-started block with the closable import-users card, a speach grid, no axe violations', async () => {
    const { page } = browser;
    await login('admin@example.com', 'Alice');
    const block = page.getByRole('region', { name: 'Get started' });
    await block.waitFor();
    await block.getByRole('heading', { name: 'Create a speach' }).waitFor();
    await block.getByRole('heading', { name: 'Import users' }).waitFor();
    await page
      .getByRole('region', { name: 'My speaches' })
      .getByRole('status')
      .filter({ hasText: /Speaches: \d+/ })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-home-get-started.png'), fullPage: true });

    // Closing the import-users card is stored: it stays closed after a reload.
    await block.getByRole('button', { name: 'Close the import users card' }).click();
    await block.getByRole('heading', { name: 'Import users' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('region', { name: 'Get started' }).getByRole('heading', { name: 'Create a speach' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Import users' }).count()).toBe(0);
  });

  it('home grid: the name filter and the published-state filter narrow the list', async () => {
    const { page } = browser;
    const grid = page.getByRole('region', { name: 'My speaches' });
    const name = grid.getByRole('textbox', { name: 'Search by name' });
    await name.fill('zz-no-such-title');
    await grid.getByText('No speach matches.').waitFor();
    await grid.getByText('Speaches: 0').waitFor();
    await name.fill('phishing');
    await grid.getByRole('heading', { name: 'Phishing awareness' }).waitFor();
    await grid.getByText('Speaches: 1').waitFor();
    // Published only, then not published only: the published speach leaves the list.
    await grid.getByRole('combobox', { name: /^Publication/ }).click();
    await page.getByRole('option', { name: 'Not published' }).click();
    await grid.getByText('No speach matches.').waitFor();
    await grid.getByRole('combobox', { name: /^Publication/ }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await name.fill('');
    await grid.locator('article').first().waitFor();
  });

  it('search as you type: the address follows the term, results and people show, clearing returns to /', async () => {
    const { page } = browser;
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.click();
    await field.pressSequentially('phish', { delay: 40 });
    await page.waitForURL(/\/\?searchTerm=phish$/);
    await page.getByRole('heading', { name: 'Search results for “phish”' }).waitFor();
    await page.getByRole('heading', { name: 'Phishing awareness' }).first().waitFor();
    await field.pressSequentially('ing', { delay: 40 });
    await page.waitForURL(/\/\?searchTerm=phishing$/);
    await page.getByRole('heading', { name: 'Search results for “phishing”' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-search.png'), fullPage: true });

    await field.fill('');
    await page.waitForURL(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/$`));
    await page.getByRole('heading', { name: 'Welcome, Alice' }).waitFor();
  });

  it('search: an initial term is read from the address; people and the empty state', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/?searchTerm=${encodeURIComponent('Garcia')}`);
    await page.getByRole('heading', { name: 'Search results for “Garcia”' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Garcia');
    await page.getByRole('region', { name: 'People' }).getByText('Bruno Garcia').waitFor();
    await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
    await page
      .getByRole('list', { name: 'People' })
      .getByRole('link', { name: /Bruno Garcia/ })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/?searchTerm=${encodeURIComponent('<b>qzxwvut</b> .*(')}`);
    await page.getByText('No result for your search.').waitFor();
    await page.getByText('Try other words, check the spelling or remove the language filter.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('account: tabs by role, the address follows the tab, no axe violations', async () => {
    const { page } = browser;
    await login('reader@example.com', 'David');
    // The reader's assigned speach shows in the home's "Assigned to you" slider (issue 17's sliders).
    await page.getByRole('region', { name: 'Assigned to you' }).getByRole('heading', { name: 'Fire evacuation drill' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-home-reader.png'), fullPage: true });
    // Below 1536 px the account link leaves the bar for the user menu (one-line app bar).
    await page.locator('header').getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL(/\/account\?tabSelected=SPEACHDUEDATE$/);
    const tabs = page.getByRole('tablist', { name: 'My lists' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Due dates', 'Followed', 'Bookmarks', 'To follow']);
    await page.getByRole('heading', { name: 'Fire evacuation drill' }).waitFor();
    await tabs.getByRole('tab', { name: 'To follow' }).click();
    await page.waitForURL(/\/account\?tabSelected=ASSIGNED$/);
    await page.getByRole('heading', { name: 'Fire evacuation drill' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-account.png'), fullPage: true });
    await tabs.getByRole('tab', { name: 'Bookmarks' }).click();
    await page.waitForURL(/\/account\?tabSelected=BOOKMARKED$/);
    await page.goBack();
    await page.waitForURL(/\/account\?tabSelected=ASSIGNED$/);
    expect(await tabs.getByRole('tab', { name: 'To follow' }).getAttribute('aria-selected')).toBe('true');
  });

  it('account: an author sees the author tabs; a tab they may not see falls back to the first one', async () => {
    const { page } = browser;
    await login('author@example.com', 'Bruno');
    await page.goto(`${server.url}/account?tabSelected=WFTOVALIDATE`);
    await page.waitForURL(/\/account\?tabSelected=EDITED$/);
    // A badge count may follow a tab's label (refused speaches on "My speaches").
    const names = (await page.getByRole('tablist', { name: 'My lists' }).getByRole('tab').allTextContents()).map((n) => n.replace(/\d+$/, ''));
    expect(names).toEqual(expect.arrayContaining(['My speaches', 'Co-edited', 'My templates', 'Co-edited templates']));
    expect(names).not.toContain('To validate');
    await page.getByRole('link', { name: 'Create a speach' }).last().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-account-author.png'), fullPage: true });
  });

  it('unsubscribe success page and the logout loader', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/unsubscribe-success`);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/$`));
    await page.goto(`${server.url}/logout`);
    await page.waitForURL(/\/login$/);
  });
});
