/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface Held {
  id: string;
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const today = () => Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** An hour into tomorrow (UTC): the daily digest tells today. */
const dailyRun = () => new Date(today() + DAY + HOUR);
/** An hour into next week's Monday (UTC): the weekly digest tells this week. */
const weeklyRun = () => new Date(today() - ((new Date(today()).getUTCDay() + 6) % 7) * DAY + 7 * DAY + HOUR);
const TOPIC = 'Does the digest tell the author?';
const FIRST = 'Could the digest tell the author about this topic?';
const SECOND = 'A second remark after the unsubscribe';

/** Issue 19's "done when": a reader posts a topic, the author is notified (and sees why), the digest lands in the dev mailbox, the link unsubscribes. */
describe('notifications and mail: topic, why, digest, unsubscribe', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachId = '';
  let admin = '';
  let author = '';

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
  const authorMails = async () => (await call<{ result: Held[] }>(admin, 'GET', '/api/v2/admin/mail/messages?to=author%40example.com')).result;
  const runDigests = (at: Date) => call<{ sent: number }>(admin, 'POST', '/api/v2/admin/mail/run-digests', { at: at.toISOString() });

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    [admin, author] = await Promise.all([token('admin@example.com'), token('author@example.com')]);
    const found = await call<{ results: { id: string; title: string }[] }>(author, 'GET', '/api/v2/speach/search?term=Verkaufstechniken');
    speachId = found.results.find((r) => r.title === 'Verkaufstechniken für Einsteiger')?.id ?? '';
    await call(author, 'GET', '/api/v2/notifications/parameters/frequency?frequency=JOURNALIER');
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

  it('a reader posts a topic; the author finds the notification and why it was sent', async () => {
    expect(speachId).not.toBe('');
    const { page } = browser;
    await logIn(page, 'reader@example.com');
    await page.goto(`${server.url}/s/${speachId}/verkaufstechniken-fur-einsteiger`);
    const discussion = page.getByTestId('discussion');
    await discussion.getByRole('button', { name: 'New topic' }).click();
    await discussion.getByLabel('Title').fill(TOPIC);
    await discussion.getByLabel('Your message').fill(FIRST);
    await discussion.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByTestId('posts').getByText(FIRST).waitFor();

    await logIn(page, 'author@example.com');
    await page.goto(`${server.url}/account/myNotifications`);
    const item = page
      .getByTestId('notifications-list')
      .locator('li')
      .filter({ hasText: 'David Dupont wrote in the discussion of “Verkaufstechniken für Einsteiger”' })
      .first();
    await item.waitFor();
    await item.getByRole('button', { name: 'Why did I get this?' }).click();
    const why = item.getByTestId('notification-why');
    await why.getByText('You are the author of this speach.').waitFor();
    await why.getByText('Your setting "New topic message" is on; you can turn it off in the notification settings.').waitFor();
    await item.getByRole('button', { name: 'Hide the reason' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'mail-why-notification.png'), fullPage: true });
  });

  it("the digest run puts the author's daily summary in the dev mailbox of the back office", async () => {
    expect((await runDigests(dailyRun())).sent).toBeGreaterThanOrEqual(1);
    const [mail] = (await authorMails()).filter((m) => m.text.includes(FIRST));
    expect(mail.subject).toMatch(/^Your daily summary: \d+ new notifications?$/);

    const { page } = browser;
    await browser.context.clearCookies();
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Dev mailbox' }).first().click();
    await page.getByRole('textbox', { name: 'To' }).fill('author@example.com');
    const row = page.locator('tr', { hasText: mail.subject }).first();
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'mail-dev-mailbox.png'), fullPage: true });
    await row.click();
    await page.getByText('List-Unsubscribe-Post').waitFor();
    await page.getByText(FIRST, { exact: false }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'mail-dev-mailbox-show.png'), fullPage: true });
  });

  it('the author unsubscribes through the link; the next run sends them nothing', async () => {
    const [mail] = (await authorMails()).filter((m) => m.text.includes(FIRST));
    const link = new URL(mail.headers['List-Unsubscribe'].slice(1, -1));
    const { page } = browser;
    await browser.context.clearCookies();
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.waitForURL(/\/unsubscribe-success\?/);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'mail-unsubscribed.png') });
    expect((await call<{ frequencyNotification: string }>(author, 'GET', '/api/v2/notifications/parameters')).frequencyNotification).toBe('NONE');

    const reader = await token('reader@example.com');
    await call(reader, 'POST', `/api/v2/speach/${speachId}/topics`, { title: 'After the unsubscribe', text: SECOND });
    await call(reader, 'POST', `/api/v2/speach/${speachId}/comments`, { text: SECOND });
    // The weekly run tells this week: the admin (weekly by default) hears of the comment, the author of neither.
    await runDigests(weeklyRun());
    expect((await authorMails()).filter((m) => m.text.includes(SECOND))).toEqual([]);
    // On a Sunday the daily run above already told this week (before the second comment): nothing to compare then.
    if (weeklyRun().getTime() > dailyRun().getTime()) {
      const adminMails = (await call<{ result: Held[] }>(admin, 'GET', '/api/v2/admin/mail/messages?to=admin%40example.com')).result;
      expect(adminMails.filter((m) => m.text.includes(SECOND))).toHaveLength(1);
    }
  });
});
