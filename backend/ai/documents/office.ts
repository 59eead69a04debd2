import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from './tools';

/**
 * LibreOffice headless turns the legacy, OpenDocument and text formats into a PDF, from which the
 * pages' text and images are taken like any PDF's. One conversion at a time per process: a
 * LibreOffice profile cannot be shared by two running instances.
 */
let queue: Promise<unknown> = Promise.resolve();
const profile = join(tmpdir(), `ai-soffice-profile-${process.pid}`);

/** What LibreOffice should read a file as, when its extension would mislead it (markdown and XML are read as plain text). */
const READ_AS: Record<string, string> = { md: 'txt', xml: 'txt', key: 'pdf', pages: 'pdf' };

export function convertToPdf(source: string, extension: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<string> {
  const run = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-convert-'));
    const input = join(dir, `document.${READ_AS[extension] ?? extension}`);
    copyFileSync(source, input);
    const outDir = join(dir, 'out');
    mkdirSync(outDir);
    await runTool(
      'soffice',
      ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', 'pdf', '--outdir', outDir, input],
      options,
    );
    const pdf = readdirSync(outDir).find((f) => f.endsWith('.pdf'));
    if (!pdf || !existsSync(join(outDir, pdf))) throw new Error('LibreOffice could not read this file');
    return join(outDir, pdf);
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
