/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

const ROOT = join(__dirname, '..', '..', '..');
export const SCREENSHOTS = join(ROOT, 'test-results');

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with a fresh profile and no background networking (the machine has no internet).
 * Its microphone is Chromium's fake device (a beeping tone), granted without a prompt: the voice-over studio records it.
 */
export async function openBrowser(): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  mkdirSync(SCREENSHOTS, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the current page (WCAG 2 A/AA rules). */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated through the debugging protocol, not as a <script> the page runs: the product's CSP (no inline
  // script) rightly refuses the latter, and stays on while axe audits the page.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    // A dialog or menu still fading in has transparent text: audit what the user ends up seeing.
    // (Endless ones, such as a spinner, are not waited for.)
    const finite = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * `page.goto` that tries again when the page's own client-side redirect (e.g. the session-expired
 * marker sending the previous page to /login) aborted the navigation.
 */
export async function visit(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      const aborted = /ERR_ABORTED|interrupted by another navigation/.test(String(error));
      if (attempt >= 3 || !aborted) throw error;
      // Let the page's own redirect land before going where the test wants.
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}
