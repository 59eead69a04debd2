/// <reference lib="dom" />
import { join } from 'node:path';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue #6: the auditor's screen (history, replay with the workflow graph, exports, chain status). */
describe('back office: the speach audit screen', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  const TITLE = 'Audited lockout procedure';

  async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const login = async (email: string) =>
    await api<{ token: string; user: { id: string } }>(null, 'POST', '/api/auth/login', { email, password: 'demo-password' });

  /** A history worth replaying, through the real calls: submitted, step 1 validated, rejected at step 2. */
  async function workflowHistory(): Promise<void> {
    const admin = await login('admin@example.com');
    const author = await login('author@example.com');
    const approver = await login('approver@example.com');
    await api(admin.token, 'PUT', '/api/v2/admin/users/update', { user: JSON.stringify({ id: admin.user.id, approver: true }) });
    const { id } = await api<{ id: string }>(author.token, 'POST', '/api/v2/recorder/speach', { title: TITLE, language: 'en-US' });
    await api(author.token, 'POST', `/api/v2/recorder/speach/${id}/chapters`, { title: 'Isolation', parentId: null });
    await api(author.token, 'POST', '/api/v2/workflow/submit', {
      speachId: id,
      anonymous: true,
      approvers: [
        { id: approver.user.id, role: 'Safety' },
        { id: admin.user.id, role: 'Quality' },
      ],
    });
    await api(approver.token, 'POST', `/api/v2/workflow/speach/${id}/validate`, {});
    await api(admin.token, 'POST', `/api/v2/workflow/speach/${id}/reject`, { comment: 'Add the padlock step' });
  }

  beforeAll(async () => {
    server = await startServer();
    await workflowHistory();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Username').fill('auditor@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an auditor in, showing only the audit screens, with the chain status', async () => {
    const { page } = browser;
    await page.getByRole('heading', { name: 'Audit', level: 2 }).waitFor();
    await page
      .getByText(/Event log intact: \d+ events verified/)
      .first()
      .waitFor();
    await page.getByRole('menuitem', { name: 'Audit' }).waitFor();
    for (const hidden of ['Users', 'Speaches', 'Import users', 'Site settings'])
      expect(await page.getByRole('menuitem', { name: hidden, exact: true }).count()).toBe(0);
    await page.getByLabel('Search a speach by title').fill('lockout');
    await page.getByTestId('audit-total').getByText('1 speach').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-list.png'), fullPage: true });
    await page.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: `Audit of "${TITLE}"`, level: 2 }).waitFor();
  });

  it('replays the history with the slider: the workflow graph changes step by step', async () => {
    const { page } = browser;
    const slider = page.getByRole('slider', { name: 'Step of the history' });
    await slider.waitFor();
    const step = page.getByTestId('replay-step');
    // Opens at the last event: the rejection at step 2, with its comment.
    await step.getByText(/^Step 5 of 5: WorkflowRejected/).waitFor();
    await page.getByTestId('graph-rejection').getByText('Add the padlock step').waitFor();
    expect(await page.getByTestId('graph-step-1').getAttribute('data-status')).toBe('validated');
    expect(await page.getByTestId('graph-step-2').getAttribute('data-status')).toBe('rejected');
    expect(await page.getByTestId('workflow-status').innerText()).toBe('Rejected');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-replay-rejected.png'), fullPage: true });

    // Keyboard: one step back is the validation of step 1 (step 2 now awaits validation).
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await step.getByText(/^Step 4 of 5: WorkflowStepValidated/).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="graph-step-2"]')?.getAttribute('data-status') === 'active');
    expect(await page.getByTestId('graph-step-1').getAttribute('data-status')).toBe('validated');
    expect(await page.getByTestId('graph-rejection').count()).toBe(0);

    await page.keyboard.press('ArrowLeft');
    await step.getByText(/^Step 3 of 5: WorkflowSubmitted/).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="graph-step-1"]')?.getAttribute('data-status') === 'active');
    expect(await page.getByTestId('graph-step-2').getAttribute('data-status')).toBe('inactive');
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-replay-submitted.png'), fullPage: true });

    // Back to the creation: no workflow yet, the speach had no chapter.
    await page.keyboard.press('Home');
    await step.getByText(/^Step 1 of 5: SpeachCreated/).waitFor();
    await page.getByText('No workflow at this step.').waitFor();
    await page
      .getByTestId('replay-state')
      .getByRole('row', { name: /Chapters 0/ })
      .waitFor();
  });

  it('lists the history with who and what changed, replays from a row and downloads the exports', async () => {
    const { page } = browser;
    const table = page.getByTestId('history-table');
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(5);
    const rejected = rows.nth(4);
    expect(await rejected.innerText()).toContain('Alice Martin');
    expect(await rejected.innerText()).toContain('WorkflowRejected');
    expect(await rejected.innerText()).toContain('AWAITING_VALIDATION');
    await rows
      .nth(3)
      .getByRole('button', { name: /Replay up to position/ })
      .click();
    await page
      .getByTestId('replay-step')
      .getByText(/^Step 4 of 5/)
      .waitFor();

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^audit-.+\.csv$/);
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    expect(json.suggestedFilename()).toMatch(/^audit-.+\.json$/);
  });

  it("opens from the admin speach list's side panel for an administrator, who also sees the menu entry", async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Inès Roux' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByLabel('Username').fill('admin@example.com');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Audit', exact: true }).waitFor();
    await page.goto(`${server.url}/admin/#/speaches`);
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    await first.getByRole('button', { name: /^Edit / }).click();
    const panel = page.getByRole('region', { name: 'Speach details' });
    await panel.getByRole('link', { name: 'Audit trail' }).click();
    await page.getByRole('heading', { name: /^Audit of "/, level: 2 }).waitFor();
    await page.getByTestId('history-table').locator('tbody tr').first().getByText('SpeachCreated').waitFor();
  });
});
