import { closeSync, openSync, readSync, rmSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AiDocumentType } from '../../../events';
import { convertToPdf } from './office';
import { type DocumentPage, pdfPages } from './pdf';
import { type DocumentSection, type NativeHeading, inferredSections, locate, nativeHeadings } from './structure';
import { MissingToolError } from './tools';
import { decodeEntities } from './xml-text';
import { ZipFile } from './zip';

export interface ParsedDocument {
  name: string;
  type: AiDocumentType;
  pages: DocumentPage[];
  sections: DocumentSection[];
  /** How it was read: `poppler`, `libreoffice+poppler`, `embedded-preview`. */
  parser: string;
}

export interface ParseOptions {
  signal?: AbortSignal;
  /** For each external tool run. */
  timeoutMs: number;
  imageWidth: number;
  maxImagePages: number;
}

/** The file cannot be read: the message the author sees names the file (spec §8). */
export class DocumentRefusedError extends Error {
  constructor(
    readonly fileName: string,
    readonly detail: string,
  ) {
    super(`Something wrong on your file: ${fileName}`);
  }
}

const ZIPPED = new Set<AiDocumentType>(['docx', 'xlsx', 'xlsm', 'pptx', 'odt', 'ods', 'odp']);
const TEXT = new Set<AiDocumentType>(['txt', 'md', 'csv', 'xml', 'html']);
const SLIDES = new Set<AiDocumentType>(['pptx', 'odp', 'ppt']);
/** Headings are looked for in the first part of a text file only: a 1 GB log is not read whole into memory. */
const TEXT_STRUCTURE_BYTES = 8 * 1024 * 1024;

function head(path: string, bytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(bytes, statSync(path).size));
    const got = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, got).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

async function fromPdf(pdf: string, options: ParseOptions, headings: NativeHeading[], slides: boolean) {
  const pages = await pdfPages(pdf, options);
  if (slides && headings.length === 0)
    headings = pages.map((p) => ({
      title:
        p.text
          .split('\n')
          .find((l) => l.trim())
          ?.trim()
          .slice(0, 80) || `Slide ${p.pageNumber}`,
      level: 1,
      page: p.pageNumber,
    }));
  const sections = headings.length ? locate(headings, pages) : inferredSections(pages);
  return { pages, sections };
}

async function converted(path: string, type: AiDocumentType, options: ParseOptions, headings: NativeHeading[]) {
  const pdf = await convertToPdf(path, type, options);
  try {
    return await fromPdf(pdf, options, headings, SLIDES.has(type));
  } finally {
    rmSync(dirname(dirname(pdf)), { recursive: true, force: true });
  }
}

/** Plain text, markup and CSV are read directly (no drawing to do): pages of about PAGE_CHARS characters, cut between paragraphs. */
const PAGE_CHARS = 3000;

function plainText(type: AiDocumentType, raw: string): string {
  if (type === 'html') {
    const body = raw.replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, '').replace(/<\/?(p|div|h[1-6]|li|tr|br|section|article|table|ul|ol)\b[^>]*>/gi, '\n\n');
    return decodeEntities(body.replace(/<[^>]*>/g, ' ')).replace(/[ \t]+/g, ' ');
  }
  if (type === 'xml')
    return decodeEntities(
      raw
        .replace(/<\?[\s\S]*?\?>/g, '')
        .replace(/<([\w:.-]+)\b[^>]*\btitle="([^"]*)"[^>]*>/g, '\n\n$2\n\n')
        .replace(/<[^>]*>/g, '\n'),
    ).replace(/[ \t]+/g, ' ');
  return raw;
}

function textPages(type: AiDocumentType, raw: string) {
  const headings = nativeHeadings(type, null, raw);
  const titles = new Set(headings.map((h) => h.title));
  const paragraphs = plainText(type, raw)
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
  const pages: DocumentPage[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    // A heading starts a page, so each part has pages of its own.
    const heading = titles.has(paragraph.replace(/^#{1,6}\s+/, '').trim());
    if (current && (heading || current.length + paragraph.length > PAGE_CHARS)) {
      pages.push({ pageNumber: pages.length + 1, text: current, imageB64: null, imageMime: null });
      current = '';
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) pages.push({ pageNumber: pages.length + 1, text: current, imageB64: null, imageMime: null });
  return { pages, sections: headings.length ? locate(headings, pages) : inferredSections(pages) };
}

/** Keynote and Pages files carry a preview of the document: a PDF (QuickLook/Preview.pdf) or a JPEG. */
async function embeddedPreview(path: string, name: string, options: ParseOptions) {
  let zip: ZipFile;
  try {
    zip = ZipFile.open(path);
  } catch (error) {
    throw new DocumentRefusedError(name, `not a ${name.split('.').pop()} package: ${(error as Error).message}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'ai-preview-'));
  try {
    const pdf = zip.find((n) => /(^|\/)preview\.pdf$/i.test(n));
    if (pdf) {
      const file = join(dir, 'preview.pdf');
      writeFileSync(file, zip.bytes(pdf)!);
      return await fromPdf(file, options, [], false);
    }
    const jpeg = zip.find((n) => /(^|\/)(preview(-web)?|thumbnail)\.jpe?g$/i.test(n));
    if (!jpeg) throw new DocumentRefusedError(name, 'the file holds no preview (QuickLook/Preview.pdf or preview.jpg): export it as PDF');
    const page: DocumentPage = { pageNumber: 1, text: '', imageB64: zip.bytes(jpeg)!.toString('base64'), imageMime: 'image/jpeg' };
    return { pages: [page], sections: [{ title: name.replace(/\.[^.]+$/, ''), level: 1, firstPage: 1, lastPage: 1 }] };
  } finally {
    zip.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function read(
  path: string,
  name: string,
  type: AiDocumentType,
  options: ParseOptions,
): Promise<{ pages: DocumentPage[]; sections: DocumentSection[]; parser: string }> {
  if (type === 'pdf') return { ...(await fromPdf(path, options, [], false)), parser: 'poppler' };
  if (type === 'key' || type === 'pages') return { ...(await embeddedPreview(path, name, options)), parser: 'embedded-preview' };
  let headings: NativeHeading[] = [];
  if (ZIPPED.has(type)) {
    const zip = ZipFile.open(path);
    try {
      headings = nativeHeadings(type, zip, null);
    } finally {
      zip.close();
    }
  } else if (TEXT.has(type)) {
    return { ...textPages(type, head(path, TEXT_STRUCTURE_BYTES)), parser: 'text' };
  }
  return { ...(await converted(path, type, options, headings)), parser: 'libreoffice+poppler' };
}

/** Text per page, a page image and the document's parts, for any of the 19 accepted types. */
export async function parseDocument(path: string, name: string, type: AiDocumentType, options: ParseOptions): Promise<ParsedDocument> {
  try {
    const { pages, sections, parser } = await read(path, name, type, options);
    if (pages.length === 0) throw new DocumentRefusedError(name, 'the document has no pages');
    return { name, type, pages, sections, parser };
  } catch (error) {
    if (error instanceof DocumentRefusedError || error instanceof MissingToolError || (error as Error).name === 'AbortError') throw error;
    throw new DocumentRefusedError(name, (error as Error).message);
  }
}
