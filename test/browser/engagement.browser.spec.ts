/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue #5 items 4 and 6: engagement on the speach page, the notification bell and the notifications page. */
describe('learner app: bookmark, rating, comments and notifications', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachId = '';

  async function call<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  const token = async (email: string) => (await call<{ token: string }>(null, 'POST', '/api/auth/login', { email, password: 'demo-password' })).token;

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    const reader = await token('reader@example.com');
    const found = await call<{ results: { id: string; title: string }[] }>(reader, 'GET', '/api/v2/speach/search?term=Verkaufstechniken');
    speachId = found.results.find((r) => r.title === 'Verkaufstechniken für Einsteiger')?.id ?? '';
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function logIn(page: Page, email: string) {
    await browser.context.clearCookies();
    await visit(page, `${server.url}/login`);
    await page.evaluate(() => sessionStorage.clear());
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('notification-bell').waitFor();
  }
  // The page's session lives in its httpOnly cookie only; the test reads it from the browser context.
  const pageToken = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'sid')?.value ?? '';

  it('bookmarks and rates on the speach page, and both survive a reload; a comment with <script> is shown as text', async () => {
    expect(speachId).not.toBe('');
    const { page } = browser;
    await logIn(page, 'reader@example.com');
    await page.goto(`${server.url}/s/${speachId}/verkaufstechniken-fur-einsteiger`);
    await page.getByRole('heading', { name: 'Your opinion' }).waitFor();

    const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
    await bookmark.click();
    await page.getByRole('button', { name: 'Bookmarked', pressed: true }).waitFor();

    // The stars are labels of visually hidden radios: a click on the fourth star chooses 4.
    await page.getByRole('radiogroup', { name: 'Your rating' }).locator('label').filter({ hasText: '4 out of 5 stars' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for your rating.' }).waitFor();
    await page.getByText('Average rating: 4 out of 5 (1 rating)').waitFor();

    const text = '<script>window.__injected = true</script>\nDetails: https://www.example.com/sales';
    await page.getByLabel('Your comment').fill(text);
    await page.getByRole('button', { name: 'Post' }).click();
    const comment = page.getByTestId('comments').locator('li').first();
    await comment.getByText('<script>window.__injected = true</script>').waitFor();
    const link = comment.getByRole('link', { name: /https:\/\/www\.example\.com\/sales/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await comment.locator('br').count()).toBe(1);
    expect(await comment.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'engagement-speach-page.png'), fullPage: true });

    await page.reload();
    await page.getByRole('heading', { name: 'Your opinion' }).waitFor();
    await page.getByRole('button', { name: 'Bookmarked', pressed: true }).waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Your rating' }).getByRole('radio', { name: '4 out of 5 stars' }).isChecked()).toBe(true);
    await page.getByTestId('comments').getByText('<script>window.__injected = true</script>').waitFor();
  });

  it('shows the unread badge on the bell; opening it lists the latest and acknowledges, resetting the count', async () => {
    const { page } = browser;
    await logIn(page, 'author@example.com');
    const bell = page.getByTestId('notification-bell');
    await page.getByRole('button', { name: /^Notifications, (\d+|\+99) unread$/ }).waitFor();
    // The bell's own badge (the app bar also has the messages' badge).
    expect(await bell.locator('.MuiBadge-badge').first().textContent()).toMatch(/^(\d+|\+99)$/);
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Latest notifications' });
    await dropdown.getByText('David Dupont commented on “Verkaufstechniken für Einsteiger”').waitFor();
    await dropdown.getByRole('link', { name: 'See all notifications' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'engagement-bell-open.png') });
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    const unread = await call<{ size: number }>(await pageToken(page), 'GET', '/api/v2/notifications/countUnread');
    expect(unread.size).toBe(0);
    await page.reload();
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications');
  });

  it('the notifications page filters by type, opens the settings with ?settings=open, and a toggle is saved at once', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/account/myNotifications?settings=open`);
    const panel = page.getByRole('dialog', { name: 'Notification settings' });
    await panel.getByRole('heading', { name: 'Notification settings' }).waitFor();
    await panel.getByLabel('Favourite added').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'engagement-notification-settings.png') });
    await panel.getByLabel('Favourite added').uncheck();
    const token = await pageToken(page);
    for (let i = 0; i < 20; i++) {
      const params = await call<{ params: { id: string; activate: boolean }[] }>(token, 'GET', '/api/v2/notifications/parameters');
      if (params.params.find((p) => p.id === 'FAVORITE_ADDED')?.activate === false) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      (await call<{ params: { id: string; activate: boolean }[] }>(token, 'GET', '/api/v2/notifications/parameters')).params.find(
        (p) => p.id === 'FAVORITE_ADDED',
      )?.activate,
    ).toBe(false);
    await panel.getByRole('button', { name: 'Close the settings' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('settings')).toBeNull();

    await page.getByRole('heading', { name: 'My notifications', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'New comment', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const list = page.getByTestId('notifications-list');
    await page.waitForURL(/type=NEW_COMMENT/);
    await list
      .getByText(/added .* to their favourites/)
      .first()
      .waitFor({ state: 'detached' });
    await list.getByText('David Dupont commented on “Verkaufstechniken für Einsteiger”').waitFor();
    expect(await list.getByText(/added .* to their favourites/).count()).toBe(0);
    // The select's menu fades out after the choice: audit the page once its options are gone.
    await page.locator('li[data-value]').first().waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'engagement-notifications-page.png'), fullPage: true });

    // Clicking a notification opens its speach.
    await list.getByText('David Dupont commented on “Verkaufstechniken für Einsteiger”').click();
    await page.waitForURL(new RegExp(`/s/${speachId}/`));
    await page.getByRole('heading', { name: 'Verkaufstechniken für Einsteiger', level: 1 }).waitFor();
  });
});
