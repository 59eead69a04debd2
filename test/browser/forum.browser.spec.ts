/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue 19 items 3-5: a reader's topic reaches the author, who replies; a private message; a report in the admin queue. */
describe('learner app: discussion, messages and reports', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachId = '';
  const title = 'Ladder safety for the forum';

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
    // The demo seed runs through every policy before health says ok: slow on a busy machine.
    server = await startServer({}, { readyTimeoutMs: 170_000 });
    browser = await openBrowser();
    const [author, admin] = [await token('author@example.com'), await token('admin@example.com')];
    speachId = (await call<{ id: string }>(author, 'POST', '/api/v2/recorder/speach', { title, language: 'en-US' })).id;
    const { chapterId } = await call<{ chapterId: string }>(author, 'POST', `/api/v2/recorder/speach/${speachId}/chapters`, { title: 'Intro' });
    await call(author, 'PUT', `/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`, { type: 'HTML', html: '<p>Three points of contact.</p>' });
    await call(admin, 'POST', `/api/v2/recorder/speach/${speachId}/publish`, {});
  }, 240_000);
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
  const pageToken = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'sid')?.value ?? '';
  const openSpeach = async (page: Page) => {
    await page.goto(`${server.url}/s/${speachId}/ladder-safety-for-the-forum`);
    await page.getByRole('heading', { name: 'Discussion' }).waitFor();
  };

  it('a reader opens a topic on the speach page; links and line breaks only', async () => {
    const { page } = browser;
    await logIn(page, 'reader@example.com');
    await openSpeach(page);
    await page.getByText('No topic yet. Ask the first question!').waitFor();
    const discussion = page.getByTestId('discussion');
    await discussion.getByRole('button', { name: 'New topic' }).click();
    await discussion.getByLabel('Title').fill('Which ladder for the warehouse?');
    await discussion.getByLabel('Your message').fill('Is the blue one safe?\n<b>Specs</b>: https://example.com/ladders');
    await discussion.getByRole('button', { name: 'Post', exact: true }).click();
    const post = page.getByTestId('posts').getByTestId('post').first();
    await post.getByText('<b>Specs</b>:', { exact: false }).waitFor();
    expect(await post.locator('b').count()).toBe(0);
    expect(await post.locator('br').count()).toBe(1);
    expect(await post.getByRole('link', { name: /https:\/\/example\.com\/ladders/ }).getAttribute('rel')).toContain('noopener');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forum-topic-reader.png'), fullPage: true });
  });

  it('the author is told, replies in the topic, and may hide a post', async () => {
    const { page } = browser;
    await logIn(page, 'author@example.com');
    const told = await call<{ typeNotification: string; speach: { speachID: string } | null; data: { topicTitle?: string } }[]>(
      await pageToken(page),
      'GET',
      '/api/v2/notifications?type=NEW_TOPIC_MESSAGE&size=50',
    );
    expect(told.find((n) => n.speach?.speachID === speachId)?.data.topicTitle).toBe('Which ladder for the warehouse?');
    await page.getByRole('button', { name: /^Notifications, (\d+|\+99) unread$/ }).waitFor();
    await openSpeach(page);
    await page.getByRole('button', { name: 'Open the topic Which ladder for the warehouse?' }).click();
    await page.getByLabel('Your reply').fill('Use the blue one, and keep three points of contact.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByTestId('posts').getByText('Use the blue one, and keep three points of contact.').waitFor();
    await page.getByTestId('posts').getByRole('button', { name: 'Hide' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forum-topic-author.png'), fullPage: true });
  });

  it('the reader messages the author, picked with the user search; the author sees the unread badge and the thread', async () => {
    const { page } = browser;
    await logIn(page, 'reader@example.com');
    await page.goto(`${server.url}/messages`);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByLabel('To').fill('author@example');
    await page.getByRole('option', { name: /Bruno Garcia <author@example\.com>/ }).click();
    await page.getByLabel('Message', { exact: true }).fill('Thanks for the answer!\nSee you on Monday.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Conversation with Bruno Garcia' }).waitFor();
    await page.getByTestId('thread').getByText('See you on Monday.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await logIn(page, 'author@example.com');
    expect((await call<{ size: number }>(await pageToken(page), 'GET', '/api/v2/messages/countUnread')).size).toBe(1);
    await page.getByRole('link', { name: /^Messages\b.*1 unread$/ }).click();
    const row = page.getByTestId('conversations').getByRole('button', { name: /David Dupont \(1 unread\)/ });
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forum-messages-unread.png'), fullPage: true });
    await row.click();
    await page.getByRole('heading', { name: 'Conversation with David Dupont' }).waitFor();
    // Opening the conversation reads it: the row and the app bar lose their unread count.
    await page
      .getByTestId('conversations')
      .getByRole('button', { name: /David Dupont \(1 unread\)/ })
      .waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /unread$/ }).waitFor({ state: 'detached' });
    expect((await call<{ size: number }>(await pageToken(page), 'GET', '/api/v2/messages/countUnread')).size).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'forum-messages-thread.png'), fullPage: true });
  });

  it('a reader reports the speach; the report reaches the admin queue', async () => {
    const { page } = browser;
    await logIn(page, 'reader@example.com');
    await openSpeach(page);
    await page.getByRole('button', { name: 'Report this speach' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an abuse' });
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'False information' }).click();
    await dialog.getByLabel('Details').fill('The angle given in chapter 1 is wrong.');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you: the administrators have been told.' }).waitFor();

    await logIn(page, 'admin@example.com');
    await page.goto(`${server.url}/admin/#/abuse-reports`);
    await page.getByText(`Speach: ${title}`).waitFor();
    await page.getByText('The angle given in chapter 1 is wrong.').waitFor();
    await page.getByRole('button', { name: 'Resolve' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forum-admin-reports.png'), fullPage: true });
  });
});
