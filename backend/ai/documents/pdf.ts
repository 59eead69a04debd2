import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from './tools';

export interface DocumentPage {
  pageNumber: number;
  text: string;
  /** The page as an image for the plan's carousel (base64, `imageMime`); null when it could not be drawn. */
  imageB64: string | null;
  imageMime: 'image/png' | 'image/jpeg' | null;
}

export interface PdfOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** Width of the page images in pixels (small: they are thumbnails in a carousel). */
  imageWidth: number;
  /** Pages past this number get no image (a 1,000-page manual needs no 1,000 thumbnails). */
  maxImagePages: number;
}

/** Text of each page (poppler's pdftotext, pages split on form feeds) and a PNG of each (pdftoppm). */
export async function pdfPages(pdfPath: string, options: PdfOptions): Promise<DocumentPage[]> {
  const text = (await runTool('pdftotext', ['-enc', 'UTF-8', '-eol', 'unix', pdfPath, '-'], options)).toString('utf8');
  const chunks = text.split('\f');
  // pdftotext ends every page with a form feed: the last chunk is what follows the last page.
  if (chunks.length > 1 && chunks[chunks.length - 1].trim() === '') chunks.pop();
  const images = await pdfImages(pdfPath, Math.min(chunks.length, options.maxImagePages), options);
  return chunks.map((pageText, i) => {
    const image = images.get(i + 1) ?? null;
    return { pageNumber: i + 1, text: pageText.replace(/[ \t]+\n/g, '\n').trim(), imageB64: image, imageMime: image ? 'image/png' : null };
  });
}

async function pdfImages(pdfPath: string, lastPage: number, options: PdfOptions): Promise<Map<number, string>> {
  const images = new Map<number, string>();
  if (lastPage < 1) return images;
  const dir = mkdtempSync(join(tmpdir(), 'ai-pages-'));
  try {
    await runTool(
      'pdftoppm',
      ['-png', '-scale-to-x', String(options.imageWidth), '-scale-to-y', '-1', '-f', '1', '-l', String(lastPage), pdfPath, join(dir, 'page')],
      options,
    );
    for (const file of readdirSync(dir)) {
      const match = /^page-0*(\d+)\.png$/.exec(file);
      if (match) images.set(Number(match[1]), readFileSync(join(dir, file)).toString('base64'));
    }
    return images;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
