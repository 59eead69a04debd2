/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { makeDocx, makePdf } from './support/ai-documents';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const PDF = makePdf([
  {
    heading: 'Hand hygiene',
    lines: [
      'Operators wash their hands with soap for twenty seconds before every task.',
      'Hands are dried with a single-use paper towel and never with the work coat.',
      'Alcohol gel works only on hands that are already visibly clean.',
      'Rings and watches are removed before entering the production area.',
      'Nails are kept short and free of varnish in the clean zone.',
    ],
  },
  {
    heading: 'Protective gloves',
    lines: [
      'Gloves are changed between two different tasks and after any tear.',
      'Hands are washed again as soon as the gloves come off.',
      'Blue nitrile gloves are used because they are easy to spot in food.',
      'A torn glove is reported to the team leader at once.',
      'Used gloves go into the yellow bin next to the exit.',
    ],
  },
  {
    heading: 'Work clothes',
    lines: [
      'The white work coat stays inside the production area at all times.',
      'A hair net covers all the hair before the operator enters the clean zone.',
      'Safety shoes are cleaned in the boot washer at the entrance.',
      'Work clothes are washed by the laundry service every Monday.',
      'Visitors wear a disposable coat and overshoes.',
    ],
  },
]);
const DOCX = makeDocx([
  {
    heading: 'Cleaning the line',
    paragraphs: [
      'The line is cleaned at the end of each shift with the approved alkaline detergent.',
      'Surfaces are rinsed with drinking water before the disinfectant is applied.',
      'The disinfectant stays on the surfaces for fifteen minutes before the final rinse.',
      'Conveyor belts are brushed by hand to remove any remaining residue.',
    ],
  },
  {
    heading: 'Recording the cleaning',
    paragraphs: [
      'The operator signs the cleaning log with the time and the detergent batch number.',
      'The team leader checks the cleaning log every morning before production starts.',
      'A missing signature stops the line until the cleaning is checked again.',
      'The quality department keeps the cleaning logs for three years.',
    ],
  },
]);

describe('AI authoring: an author makes a speach from documents, edits it, adds generated quiz questions and submits it', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachPath = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function logIn(page: Page) {
    await browser.context.clearCookies();
    await visit(page, `${server.url}/login`);
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.removeItem('speach.language');
    });
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill('author@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Bruno' }).waitFor();
  }

  it('uploads a PDF and a DOCX with their progress, refuses a wrong type, and keeps Generate off until every file is ready', async () => {
    const { page } = browser;
    await logIn(page);
    await visit(page, `${server.url}/recorder/aiSpeachGenerator`);
    await page.getByRole('heading', { name: 'AI speach generator', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('ai-files').setInputFiles([{ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await page.getByText('notes.exe: this type of file is not accepted.').waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove notes.exe' }).click();

    await page.getByTestId('ai-files').setInputFiles([
      { name: 'hygiene.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'cleaning.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: DOCX },
    ]);
    const list = page.getByRole('list', { name: 'Uploaded documents' });
    await list.getByText('3 pages ready').waitFor({ timeout: 240_000 });
    await list
      .getByText(/\d+ pages? ready/)
      .nth(1)
      .waitFor({ timeout: 240_000 });

    // The options open from the keyboard.
    await page.getByRole('button', { name: 'Generation options' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: /^Strict/ }).check();
    expect(await page.getByRole('checkbox', { name: 'Allow the plan to reorder the content' }).isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-generator-upload.png'), fullPage: true });
  }, 400_000);

  it('gets a plan with its sources and page images, then generates every chapter and lands in the editor', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('button', { name: 'Generate content' }).waitFor({ timeout: 60_000 });
    await page
      .getByText(/hygiene\.pdf, pages? \d/)
      .first()
      .waitFor();
    await page
      .getByText(/cleaning\.docx, pages? \d/)
      .first()
      .waitFor();
    await page
      .getByRole('img', { name: /Page 1 of hygiene\.pdf/ })
      .first()
      .waitFor();
    // No provider configured here: the screen says the extractive default made the plan.
    await page.getByTestId('ai-generator-kind').getByText('Local extractive generator').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-generator-plan.png'), fullPage: true });

    await page.getByRole('button', { name: 'Generate content' }).click();
    const confirm = page.getByRole('dialog', { name: 'Generate all the content?' });
    await confirm.getByRole('button', { name: 'Generate all content' }).click();
    const overlay = page.getByRole('dialog', { name: 'Generating the content' });
    await overlay.waitFor();
    await overlay.getByText(/of \d+ chapters generated/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-generator-overlay.png') });
    await page.waitForURL(/\/recorder\/edit\/[^/?]+$/, { timeout: 240_000 });
    speachPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Chapters', level: 2 }).waitFor();
  }, 400_000);

  it('restores the saved generation and opens one chapter in the editor to change it', async () => {
    const { page } = browser;
    await page.goBack();
    await page.getByRole('button', { name: 'Save and edit' }).waitFor({ timeout: 30_000 });
    // Mapped: Regenerate is gone, every chapter says its content is generated.
    expect(await page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Generate this chapter/ }).count()).toBe(0);
    const edit = page.getByRole('button', { name: /^Edit: / }).first();
    await edit.click();
    await page.waitForURL(/\/recorder\/edit\/[^/]+\?chapter=/);
    await page.getByRole('heading', { name: /^Content of/ }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Chapter text' });
    // The extractive generator filled the chapter with its source pages' own text.
    await editor.getByText('Operators wash their hands with soap').waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Checked by the quality team.');
    await page.getByRole('button', { name: 'Save the content' }).click();
    await page.getByRole('status').filter({ hasText: 'Content saved' }).waitFor();
  });

  it('generates ten quiz questions that cite their source passages and adds them to a quiz chapter', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add a chapter' }).click();
    const add = page.getByRole('dialog', { name: 'Add a chapter' });
    await add.getByLabel('Chapter title').fill('Check your knowledge');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Content of “Check your knowledge”' }).waitFor();
    await page.getByRole('combobox', { name: 'Content type' }).click();
    await page.getByRole('option', { name: 'Quiz', exact: true }).click();

    await page.getByRole('button', { name: 'Generate questions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate quiz questions' });
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    const slider = dialog.getByRole('slider', { name: 'Questions to generate' });
    await slider.focus();
    await page.keyboard.press('Home');
    for (let i = 1; i < 10; i++) await page.keyboard.press('ArrowRight');
    await dialog.getByText('10 of at most 20').waitFor();
    await dialog.getByRole('radio', { name: 'Selected chapters' }).check();
    await dialog.getByRole('group', { name: 'Chapters' }).waitFor();
    await dialog.getByText('Questions cannot be generated: choose at least one chapter whose transcript is ready.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('radio', { name: 'The full course' }).check();
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByText('10 questions generated. Check them, then add them to the quiz.').waitFor({ timeout: 120_000 });
    expect(await dialog.getByText('Source passage').count()).toBe(10);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-quiz-results.png') });
    await dialog.getByRole('button', { name: 'Add to the quiz' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('group', { name: 'Question 10' }).waitFor();
    expect(await page.getByRole('group', { name: 'Question 11' }).count()).toBe(0);
  }, 240_000);

  it('submits the generated speach for validation', async () => {
    const { page } = browser;
    await page.getByTestId('submit-for-validation').click();
    const dialog = page.getByRole('dialog', { name: 'Submit for validation' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(/\/workflow\/author\//);
  });

  it('shows the restored plan in French', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('speach.language', 'fr'));
    const speachId = speachPath.split('/').pop() ?? '';
    await visit(page, `${server.url}/recorder/aiSpeachGenerator?speachId=${speachId}`);
    await page.getByRole('button', { name: 'Enregistrer et modifier' }).waitFor({ timeout: 30_000 });
    await page.getByText('Contenu généré').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-generator-plan-fr.png'), fullPage: true });
    await visit(page, `${server.url}/recorder/aiSpeachGenerator`);
    await page.getByRole('heading', { name: 'Générateur de speach IA', level: 1 }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-generator-upload-fr.png'), fullPage: true });
    await page.evaluate(() => localStorage.removeItem('speach.language'));
  });

  it('regenerates a plan with the options dialog, then cancels a generate-all and keeps the rest to generate', async () => {
    const { page } = browser;
    await visit(page, `${server.url}/recorder/aiSpeachGenerator`);
    await page.getByTestId('ai-files').setInputFiles([{ name: 'hygiene.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await page.getByRole('list', { name: 'Uploaded documents' }).getByText('3 pages ready').waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('button', { name: 'Regenerate' }).click({ timeout: 60_000 });
    const options = page.getByRole('dialog', { name: 'Generation options' });
    // Spec §5: allow-reorder is on by default in the plan's options.
    expect(await options.getByRole('checkbox', { name: 'Allow the plan to reorder the content' }).isChecked()).toBe(true);
    await options.getByRole('radio', { name: 'Medium' }).check();
    await options.getByRole('button', { name: 'Regenerate' }).click();
    await options.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Generate content' }).waitFor({ timeout: 60_000 });
    const toGenerate = await page.getByRole('button', { name: /^Generate this chapter/ }).count();
    expect(toGenerate).toBe(3);

    await page.getByRole('button', { name: 'Generate content' }).click();
    await page.getByRole('dialog', { name: 'Generate all the content?' }).getByRole('button', { name: 'Generate all content' }).click();
    const overlay = page.getByRole('dialog', { name: 'Generating the content' });
    await overlay.getByRole('button', { name: 'Cancel' }).click();
    await overlay.waitFor({ state: 'hidden' });
    // Mapped now (the address names the speach, Regenerate is gone), still on the plan, and what was not
    // generated can still be.
    await page.waitForURL(/\/recorder\/aiSpeachGenerator\?speachId=/);
    await page.getByRole('button', { name: 'Save and edit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Generate this chapter/ }).count()).toBeGreaterThanOrEqual(toGenerate - 1);
  }, 300_000);
});
