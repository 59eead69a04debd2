import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractiveGenerator, parseDocument } from '../../backend/ai';
import { minimalPdf } from '../../test/support/minimal-pdf';
import { type Result, ratio } from '../lib/report';

/** What the issue asks: a 200-page PDF planned by the extractive default "in seconds". */
const TARGET_SECONDS = 30;

function manual(pages: number): Buffer {
  return minimalPdf(
    Array.from({ length: pages }, (_, i) => [
      ...(i % 10 === 0 ? [`${i / 10 + 1}. Chapter ${i / 10 + 1}`] : [`Section ${i + 1}`]),
      ...Array.from({ length: 30 }, (_, l) => `Line ${l + 1} of page ${i + 1}: the operator checks the equipment before use and records it.`),
    ]),
  );
}

/** Parsing (text and a thumbnail of every page, poppler) plus the plan, as the upload and generateSteps jobs do. */
export async function aiPlanScenario(results: Result[], pages = 200): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ai-'));
  try {
    const file = join(dir, 'manual.pdf');
    writeFileSync(file, manual(pages));
    const started = performance.now();
    const parsed = await parseDocument(file, 'manual.pdf', 'pdf', { timeoutMs: 600_000, imageWidth: 320, maxImagePages: 300 });
    const parsedAt = performance.now();
    const { value: plan } = await new ExtractiveGenerator(0).plan({
      documents: [{ jobID: 'bench', name: parsed.name, number: 1, pages: parsed.pages, sections: parsed.sections }],
      language: 'en-US',
      duration: 'long',
      instruction: '',
      allowReorder: false,
      generationMode: 'STRICT',
      authorId: 'bench',
    });
    const seconds = (performance.now() - started) / 1000;
    const subchapters = plan.chapters.reduce((n, c) => n + c.subchapters.length, 0);
    results.push({
      scenario: `AI plan of a ${pages}-page PDF (extractive: parse + plan)`,
      figure: Math.round(seconds * 100) / 100,
      unit: 's',
      reference: 'target',
      referenceFigure: TARGET_SECONDS,
      ratio: ratio(seconds, TARGET_SECONDS, true),
      note: `parse ${Math.round(parsedAt - started)} ms, ${parsed.pages.length} pages, ${plan.chapters.length} chapters / ${subchapters} sub-chapters`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
