/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

interface Card {
  id: string;
  title: string;
}

/** Issue #6: the validator page, the progress graph, the final validation dialog and the admin periodic-review list. */
describe('workflow: validator page, progress graph, final dialog, periodic reviews', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  const tokens: Record<string, string> = {};

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
  const toValidate = async () => (await call<{ result: Card[] }>('approver@example.com', 'GET', '/api/v2/my/speachWorkflowToValidate')).result;
  const idOf = async (title: string) => (await toValidate()).find((c) => c.title === title)!.id;

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

  /** A regulated (GMP) decision asks for an electronic signature (issue 23): the approver signs it. */
  async function sign(page: Page) {
    const dialog = page.getByRole('dialog', { name: 'Sign electronically' });
    await dialog.waitFor();
    await dialog.getByLabel(/E-mail/).fill('approver@example.com');
    await dialog.locator('input[type="password"]').fill('demo-password');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    await logIn(browser.page, 'approver@example.com', 'Chloé');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the speaches to validate and validates step 1 from the validator page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/account/s/validate`);
    await page.getByRole('heading', { name: 'Speaches to validate', level: 1 }).waitFor();
    await page.getByText('Supplier audit checklist').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/workflow/validator/${await idOf('Supplier audit checklist')}`);
    const graph = page.getByTestId('workflow-graph');
    await graph.getByRole('heading', { name: 'Awaiting validation' }).waitFor();
    expect(await page.getByTestId('workflow-step-1').innerText()).toContain('In progress');
    expect(await page.getByTestId('workflow-step-2').innerText()).toContain('Waiting');
    await page.getByText('Collect the certificates').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'workflow-validator.png'), fullPage: true });

    await page.getByRole('button', { name: 'Validate' }).click();
    // Issue 17 defect 5: a step is validated only once confirmed.
    const confirm = page.getByRole('dialog', { name: 'Validate step 1 of 2?' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Validate' }).click();
    await page.getByText('Step validated.').waitFor();
    await page.getByTestId('workflow-step-2').filter({ hasText: 'In progress' }).waitFor();
    expect(await page.getByTestId('workflow-step-1').innerText()).toContain('Validated');
    await page.getByText('The current step waits for another approver.').waitFor();
    expect(await page.getByRole('button', { name: 'Validate' }).count()).toBe(0);
    await graph.screenshot({ path: join(SCREENSHOTS, 'workflow-graph-validated.png') });
  });

  it('rejects only with a comment and shows the rejection on the graph', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/workflow/validator/${await idOf('Cleanroom gowning procedure')}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this speach' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('A comment is required to reject.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Comment for the author').fill('Add the gowning photos for grade A.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    // The gowning procedure is a GMP workflow: the rejection is signed.
    await sign(page);
    const block = page.getByTestId('workflow-rejection');
    await block.waitFor();
    expect(await block.innerText()).toContain('Rejected by Quality & compliance, step 1 of 2');
    expect(await block.innerText()).toContain('Add the gowning photos for grade A.');
    await page.getByTestId('workflow-graph').getByRole('heading', { name: 'Rejected' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('workflow-graph').screenshot({ path: join(SCREENSHOTS, 'workflow-graph-rejected.png') });
  });

  it('completes the last step through the final validation dialog', async () => {
    const { page } = browser;
    // An anonymous workflow whose only approver is the demo approver: their validation is the last one.
    const author = 'author@example.com';
    const speach = await call<{ id: string }>(author, 'POST', '/api/v2/recorder/speach', { title: 'Lockout procedure', language: 'en-US' });
    await call(author, 'POST', `/api/v2/recorder/speach/${speach.id}/chapters`, { title: 'Isolate the energy', parentId: null });
    const approverId = (await call<{ id: string; email: string }[]>(author, 'GET', '/api/v2/speach/getUsersByRole?role=APPROVER&search=approver')).find(
      (u) => u.email === 'approver@example.com',
    )!.id;
    await call(author, 'POST', '/api/v2/workflow/submit', {
      speachId: speach.id,
      anonymous: true,
      approvers: [{ id: approverId, role: 'Safety officer' }],
      regulatedGmp: true,
    });

    await page.goto(`${server.url}/workflow/validator/${speach.id}`);
    await page.getByTestId('workflow-graph').getByText('Chloé Schmidt (Safety officer)').waitFor();
    await page.getByRole('button', { name: 'Validate' }).click();
    const dialog = page.getByRole('dialog', { name: /Validate and publish/ });
    await dialog.waitFor();
    // GMP: the periodic review is forced ON.
    expect(await dialog.getByRole('radio', { name: 'No periodic review' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Schedule a periodic review' }).isChecked()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Next review in' }).click();
    await page.getByRole('option', { name: '2 years' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Next' }).click();
    // No date was requested: SCHEDULED is disabled and IMMEDIATELY is the default; NEW_DATE needs a date.
    expect(await dialog.getByRole('radio', { name: /On the scheduled date/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Immediately' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'On another date' }).check();
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'workflow-final-dialog.png') });
    await dialog.getByRole('radio', { name: 'Immediately' }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await sign(page);
    await page.getByText('Validated: the speach is published.').waitFor();
    await page.getByTestId('workflow-graph').getByRole('heading', { name: 'Validated and published' }).waitFor();
    const card = await call<{ publication: boolean; metadata: { nextPeriodicReview: string } }>(
      author,
      'GET',
      `/api/v2/speach/speachWithMetadata?speachID=${speach.id}`,
    );
    expect(card.publication).toBe(true);
    expect(new Date(card.metadata.nextPeriodicReview).getFullYear()).toBe(new Date().getFullYear() + 2);
  });

  it('lets an author submit to an anonymous workflow (picker, keyboard reordering, roles) and follow it on the author page', async () => {
    const { page } = browser;
    const author = 'author@example.com';
    const speach = await call<{ id: string }>(author, 'POST', '/api/v2/recorder/speach', { title: 'Visitor badges', language: 'en-US' });
    await call(author, 'POST', `/api/v2/recorder/speach/${speach.id}/chapters`, { title: 'At the desk', parentId: null });
    await logIn(page, author, 'Bruno');
    await page.goto(`${server.url}/recorder/edit/${speach.id}`);
    await page.getByTestId('submit-for-validation').click();
    const dialog = page.getByRole('dialog', { name: 'Submit for validation' });
    await dialog.getByRole('radio', { name: /Anonymous workflow/ }).check();
    const picker = dialog.getByRole('combobox', { name: 'Approvers' });
    for (const name of ['Chloé Schmidt', 'Lucas Weber']) {
      await picker.click();
      await picker.fill(name.split(' ')[0]);
      await page
        .getByRole('option', { name: new RegExp(name) })
        .first()
        .click();
    }
    const list = dialog.getByTestId('approver-list');
    expect(await list.locator('li').allInnerTexts()).toEqual([expect.stringContaining('Chloé Schmidt'), expect.stringContaining('Lucas Weber')]);
    // Keyboard alternative to dragging: move Lucas up with the button, then give both a role.
    await dialog.getByRole('button', { name: 'Move Lucas Weber up' }).focus();
    await page.keyboard.press('Enter');
    expect(await list.locator('li').first().innerText()).toContain('Lucas Weber');
    await dialog.getByRole('textbox', { name: 'Role of Lucas Weber' }).fill('Support lead');
    await dialog.getByRole('textbox', { name: 'Role of Chloé Schmidt' }).fill('Quality');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'workflow-anonymous-submit.png') });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();

    await page.waitForURL(`${server.url}/workflow/author/${speach.id}`);
    await page.getByTestId('workflow-step-1').filter({ hasText: 'Lucas Weber (Support lead)' }).waitFor();
    expect(await page.getByTestId('workflow-step-2').innerText()).toContain('Chloé Schmidt (Quality)');
    expect(await axeViolations(page)).toEqual([]);

    // The demo's rejected speach: the comment is shown and the author may resubmit.
    const rejected = (await call<{ result: Card[] }>(author, 'GET', '/api/v2/my/speachInWorkflowValidation')).result.find(
      (c) => c.title === 'Expense policy 2027',
    )!;
    await page.goto(`${server.url}/workflow/author/${rejected.id}`);
    await page.getByTestId('workflow-rejection').getByText('The per-diem amounts are from 2025').waitFor();
    await page.getByRole('button', { name: 'Resubmit for validation' }).click();
    await page.getByText('Resubmitted: validation starts again at step 1.').waitFor();
    await page.getByTestId('workflow-graph').getByRole('heading', { name: 'Awaiting validation' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'workflow-author.png'), fullPage: true });
  });

  it('shows the admin periodic-review list with filters, chips and the manage-reviewers dialog, and the workflow definitions', async () => {
    const { page } = browser;
    await visit(page, `${server.url}/admin/`);
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Periodic reviews' }).click();
    const total = page.getByTestId('review-total');
    await total.filter({ hasText: '2 speaches to review within 6 months' }).waitFor();
    expect(await page.getByTestId('review-row').count()).toBe(2);
    expect(await page.getByTestId('review-row').first().innerText()).toContain('Deviation reporting');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-periodic-reviews.png'), fullPage: true });

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Requires revision' }).click();
    await total.filter({ hasText: '0 speaches' }).waitFor();
    await page.getByText('No periodic review falls within the next 6 months for these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await total.filter({ hasText: '2 speaches' }).waitFor();

    await page.getByLabel('Title').fill('hygiene');
    await page.getByRole('button', { name: 'Title: hygiene' }).waitFor();
    await total.filter({ hasText: '1 speach to review' }).waitFor();

    await page.getByRole('button', { name: 'Manage the reviewers of Hand hygiene in production' }).click();
    const dialog = page.getByRole('dialog', { name: /Reviewers of/ });
    await dialog.getByText('Chloé Schmidt').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Speaches batch updated').waitFor();

    await page.getByRole('menuitem', { name: 'Workflows' }).click();
    await page.getByText('Quality then HR').waitFor();
    await page.getByText('1. Quality & compliance').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-workflow-definitions.png'), fullPage: true });

    // Editing saves a new version (the running workflows keep theirs).
    await page.getByText('Quality then HR').click();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    await name.fill('Quality then HR (2027)');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-workflow-definition-edit.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Quality then HR (2027)').waitFor();
    const [definition] = await call<{ name: string; version: number; steps: unknown[] }[]>('admin@example.com', 'GET', '/api/rest/workflow-definitions');
    expect(definition).toEqual(expect.objectContaining({ name: 'Quality then HR (2027)', version: 2 }));
    expect(definition.steps).toHaveLength(2);
  });
});
