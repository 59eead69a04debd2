/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface Graph {
  steps: { status: string }[];
  state: string;
  signatures: { meaning: string; printedName: string }[];
}
interface Notification {
  typeNotification: string;
  data: Record<string, unknown>;
}

/**
 * Issue 23 end to end: a signed approval, revoked by the author's edit and signed again after the diff, a signed
 * completion, a material new version re-assigning the learner, and the qualification at today's date.
 */
describe('GxP: signed approvals that follow the content, signed training, retraining, qualification', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  const tokens: Record<string, string> = {};
  const today = new Date().toISOString().slice(0, 10);
  let speachId = '';
  const chapterIds: string[] = [];
  const pageErrors: string[] = [];

  async function call<T>(email: string, method: string, path: string, body?: unknown): Promise<T> {
    tokens[email] ??= (
      (await (
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'demo-password' }),
        })
      ).json()) as { token: string }
    ).token;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[email]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  const author = 'author@example.com';
  const reader = 'reader@example.com';
  const admin = 'admin@example.com';
  const graph = () => call<Graph>(author, 'GET', `/api/v2/workflow/speach/${speachId}`);

  /** Waits, in the page, until the API shows what a policy did (policies react after the request that caused them). */
  async function until(page: Page, email: string, path: string, what: 'revoked' | 'retrained') {
    await call(email, 'GET', path);
    await page.waitForFunction(
      async ({ url, token, what }) => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) return false;
        const body = await response.json();
        if (what === 'revoked') return (body as Graph).steps[0].status !== 'VALIDATED';
        return (body as Notification[]).some((n) => n.typeNotification === 'NEW_ASSIGNMENT' && n.data.retraining === true && n.data.version === 3);
      },
      { url: `${server.url}${path}`, token: tokens[email], what },
      { polling: 200, timeout: 30_000 },
    );
  }

  async function logIn(page: Page, email: string, firstName: string) {
    await browser.context.clearCookies();
    await visit(page, `${server.url}/login`);
    await page.evaluate(() => sessionStorage.clear());
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  async function signStep(page: Page, withEmail: boolean) {
    await page.getByRole('button', { name: 'Validate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Validate step 1 of 2?' });
    await confirm.getByRole('button', { name: 'Validate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign electronically' });
    await dialog.waitFor();
    await dialog.getByText('Approved').waitFor();
    expect(await dialog.getByRole('button', { name: 'Sign' }).isDisabled()).toBe(true);
    if (withEmail) await dialog.getByLabel(/E-mail/).fill('approver@example.com');
    await dialog.getByLabel('Password', { exact: false }).and(page.locator('input[type="password"]')).fill('demo-password');
    expect(await axeViolations(page)).toEqual([]);
    return dialog;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    // A render error blanks the page: fail on it at once rather than on a timeout.
    browser.page.on('pageerror', (e) => pageErrors.push(e.message));
    // Version 1 is in force; the author then prepares version 2 and submits it to the regulated two-step workflow.
    speachId = (await call<{ id: string }>(author, 'POST', '/api/v2/recorder/speach', { title: 'SOP-7 Aseptic filling', language: 'en-US' })).id;
    for (const title of ['Scope', 'Line clearance']) {
      const { chapterId } = await call<{ chapterId: string }>(author, 'POST', `/api/v2/recorder/speach/${speachId}/chapters`, { title, parentId: null });
      await call(author, 'PUT', `/api/v2/recorder/speach/${speachId}/chapters/${chapterId}/content`, {
        type: 'HTML',
        html: `<p>${title} of the filling line.</p>`,
      });
      chapterIds.push(chapterId);
    }
    await call(admin, 'POST', `/api/v2/recorder/speach/${speachId}/publish`, {});
    await call(author, 'PUT', `/api/v2/recorder/speach/${speachId}/chapters/${chapterIds[1]}/content`, {
      type: 'HTML',
      html: '<p>Remove every label of the previous batch.</p>',
    });
    await call(author, 'POST', '/api/v2/workflow/submit', { speachId, regulatedGmp: true });
    await logIn(browser.page, 'approver@example.com', 'Chloé');
    // The seeded server's start-up on a loaded machine, then the set-up calls.
  }, 240_000);
  afterEach(() => expect(pageErrors).toEqual([]));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs step 1 in the validator page; the author edits; the approval is revoked; the approver re-signs after the diff', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/workflow/validator/${speachId}`);
    await page.getByRole('heading', { name: 'What changed since version 1' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const first = await signStep(page, true);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-signature-dialog.png'), fullPage: true });
    await first.getByRole('button', { name: 'Sign' }).click();
    await first.waitFor({ state: 'hidden' });
    await page.getByText('Step validated.').waitFor();
    await page.getByRole('heading', { name: 'Signatures' }).waitFor();
    await page.getByText(/Chloé Schmidt — Approved — .* — sha256:/).waitFor();
    expect((await graph()).steps[0].status).toBe('VALIDATED');

    // A material edit (no typo flag): the approval no longer matches the content.
    await call(author, 'PUT', `/api/v2/recorder/speach/${speachId}/chapters/${chapterIds[1]}/content`, {
      type: 'HTML',
      html: '<p>Remove every label and every leaflet of the previous batch.</p>',
    });
    await until(page, author, `/api/v2/workflow/speach/${speachId}`, 'revoked');
    const notifications = await call<Notification[]>('approver@example.com', 'GET', '/api/v2/notifications?dataType=json');
    expect(notifications).toContainEqual(expect.objectContaining({ typeNotification: 'SPEACH_TO_VALIDATE' }));

    await page.goto(`${server.url}/workflow/validator/${speachId}`);
    await page.getByRole('heading', { name: 'What changed since version 1' }).waitFor();
    const changes = page.getByRole('table', { name: 'Changes in Line clearance' });
    await changes.getByText('Remove every label and every leaflet of the previous batch.').waitFor();
    await changes.getByText('Line clearance of the filling line.').waitFor();
    expect(await page.getByTestId('workflow-step-1').innerText()).toContain('In progress');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-validator-revoked-diff.png'), fullPage: true });

    // Same session: the e-mail is not asked again.
    const again = await signStep(page, false);
    await again.getByRole('button', { name: 'Sign' }).click();
    await page.getByText('Step validated.').waitFor();
    await page.getByTestId('workflow-step-2').filter({ hasText: 'In progress' }).waitFor();
    const signed = await graph();
    expect(signed.steps[0].status).toBe('VALIDATED');
    expect(signed.signatures.filter((s) => s.meaning === 'approved')).toHaveLength(2);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-validator-resigned.png'), fullPage: true });
  });

  it('publishes on the last signature; the learner completes with a signature; a material version re-assigns them', async () => {
    const emma = 'emma.bernard0@example.com';
    await call(emma, 'POST', `/api/v2/workflow/speach/${speachId}/validate`, {
      periodicReview: 'ON',
      frequency: 'ONE_YEAR',
      delay: 'IMMEDIATELY',
      signature: { password: 'demo-password', meaning: 'approved', email: emma, timeZone: 'Europe/Berlin' },
    });
    expect((await graph()).state).toBe('COMPLETED');
    const card = await call<{ publication: boolean; publishedVersion: number }>(author, 'GET', `/api/v2/speach/speachWithMetadata?speachID=${speachId}`);
    expect(card).toEqual(expect.objectContaining({ publication: true, publishedVersion: 2 }));

    // The learner reads version 2 to the end in the reader and signs the completion in the signature dialog.
    const { page } = browser;
    await logIn(page, reader, 'David');
    await visit(page, `${server.url}/s/${speachId}`);
    await page.getByRole('heading', { name: 'Scope', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Next chapter' }).click();
    await page.getByRole('heading', { name: 'Line clearance', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Sign my completion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign electronically' });
    await dialog.getByText('Meaning of the signature').waitFor();
    await dialog.getByText('Trained', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Sign' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/E-mail/).fill(reader);
    const password = dialog.getByLabel('Password', { exact: false }).and(page.locator('input[type="password"]'));
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-completion-dialog.png'), fullPage: true });

    // A wrong password: the dialog says so and stays open; the refusal is audited, and no signed completion is recorded.
    const signedCompletion = async () =>
      (
        await call<{ qualified: { userId: string; signature: { printedName: string } | null }[] }>(
          admin,
          'GET',
          `/api/v2/gxp/qualification?speachId=${speachId}`,
        )
      ).qualified.find((r) => r.signature)?.signature ?? null;
    const failures = async () =>
      (await call<{ result: { type: string; data: { meaning?: string } }[] }>(admin, 'GET', `/api/v2/audit/speach/${speachId}/events?size=500`)).result.filter(
        (e) => e.type === 'SignatureFailed' && e.data.meaning === 'trained',
      ).length;
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The signature was refused: wrong password or e-mail.' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await signedCompletion()).toBeNull();
    expect(await failures()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await password.fill('demo-password');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const completion = page.getByRole('region', { name: 'Complete the training' });
    await completion.getByText(/^Completed on .* \(version 2\)\.$/).waitFor();
    // The date-time in the signer's zone; the zone's own name follows only when the short name does not say it.
    const signatureLine = completion.getByText(/^David Dupont — Trained — .+ — sha256:[0-9a-f]{12}$/);
    await signatureLine.waitFor();
    expect(await signatureLine.textContent()).not.toMatch(/(\S+) \(\1\)/);
    expect(await signedCompletion()).toEqual(expect.objectContaining({ printedName: 'David Dupont' }));
    expect(await failures()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-completion-signed.png'), fullPage: true });

    // Version 3 is a material change: the learner trained on version 2 is listed, and re-assigned on confirmation.
    await call(author, 'PUT', `/api/v2/recorder/speach/${speachId}/chapters/${chapterIds[0]}/content`, {
      type: 'HTML',
      html: '<p>Scope: filling lines 1 to 4.</p>',
    });
    await call(admin, 'POST', `/api/v2/recorder/speach/${speachId}/publish`, { materialChange: true });
    const readerId = (await call<{ id: string }>(reader, 'GET', '/api/auth/me')).id;
    const impact = await call<{ assessments: { _id: string; status: string; learners: { userId: string; version: number }[] }[] }>(
      admin,
      'GET',
      `/api/v2/gxp/impact/${speachId}`,
    );
    expect(impact.assessments).toEqual([
      expect.objectContaining({ _id: `${speachId}-v3`, status: 'OPEN', learners: [expect.objectContaining({ userId: readerId, version: 2 })] }),
    ]);
    const due = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await call(admin, 'POST', `/api/v2/gxp/impact/${speachId}/${speachId}-v3/confirm`, { dueDate: due });
    await until(browser.page, reader, '/api/v2/notifications?dataType=json', 'retrained');

    // The author's analytics page: the learner completed version 2, signed, and owes the retraining on version 3.
    await logIn(page, author, 'Bruno');
    await visit(page, `${server.url}/analytics/s/${speachId}`);
    const trainings = page.getByRole('table', { name: 'Training by version' });
    const row = trainings.getByRole('row').filter({ hasText: 'David Dupont' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('2');
    expect(cells[2]).toMatch(/ · signed$/);
    expect(cells[3]).toBe('2');
    const { rows } = await call<{ rows: { retrainingDue: string }[] }>(author, 'GET', `/api/v2/analytics/speach/${speachId}/trainings`);
    const dueShown = await page.evaluate(
      (at) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'numeric', year: 'numeric' }).format(new Date(at)),
      rows[0].retrainingDue,
    );
    expect(rows[0].retrainingDue.slice(0, 10)).toBe(due);
    expect(cells[4]).toBe(`Older version: retraining due by ${dueShown}`);
    await page.getByText('Learners now read version 3.').waitFor();
    await page.getByText('1 learner completed an older version and owes a retraining.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-analytics-trainings.png'), fullPage: true });
  });

  it("shows the learner's standing for today on the admin qualification page", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await visit(page, `${server.url}/admin/`);
    await page.getByLabel('Username').fill(admin);
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Qualification' }).click();
    await page.getByRole('heading', { name: 'Qualification at a date', level: 2 }).waitFor();
    await page.getByLabel('Speach, path or user id').fill(speachId);
    expect(await page.getByLabel('Date').inputValue()).toBe(today);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('table', { name: 'Qualification at a date' }).getByRole('row').filter({ hasText: 'David Dupont' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('SOP-7 Aseptic filling');
    expect(cells[2]).toBe('2');
    expect(cells[4]).toBe('Qualified, retraining due');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'gxp-qualification.png'), fullPage: true });
  });
});
