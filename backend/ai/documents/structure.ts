import type { AiDocumentType } from '../../../events';
import type { DocumentPage } from './pdf';
import { decodeEntities, innerTexts, markupText } from './xml-text';
import type { ZipFile } from './zip';

/** A part of a document: a heading with what follows it, a slide, a sheet, or a range of pages. */
export interface DocumentSection {
  title: string;
  /** 1 for top-level parts (chapters), 2 and more below. */
  level: number;
  firstPage: number;
  lastPage: number;
}

/** A heading found in the file itself, before its pages are known. */
export interface NativeHeading {
  title: string;
  level: number;
  /** Known for slides (one page each); otherwise found by looking for the title in the pages' text. */
  page?: number;
  /** What to look for instead of the title (a sheet's first cell: sheet names are not printed). */
  anchor?: string;
}

const HEADING_STYLE = /^(heading|titre|title|berschrift|t[ií]tulo|kop)\s*(\d)?$/i;

function docxHeadings(zip: ZipFile): NativeHeading[] {
  const xml = zip.text('word/document.xml') ?? '';
  const out: NativeHeading[] = [];
  for (const [paragraph] of xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)) {
    const style = /<w:pStyle w:val="([^"]+)"/.exec(paragraph)?.[1] ?? '';
    const outline = /<w:outlineLvl w:val="(\d)"/.exec(paragraph)?.[1];
    const match = HEADING_STYLE.exec(style.replace(/[_-]/g, ''));
    if (!match && outline === undefined) continue;
    const title = innerTexts(paragraph, /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)
      .join('')
      .trim();
    const level = outline !== undefined ? Number(outline) + 1 : /^title$|^titre$/i.test(match![1]) && !match![2] ? 1 : Number(match![2] ?? 1);
    if (title) out.push({ title, level: Math.max(1, level) });
  }
  return out;
}

function odtHeadings(zip: ZipFile): NativeHeading[] {
  const xml = zip.text('content.xml') ?? '';
  const out: NativeHeading[] = [];
  for (const match of xml.matchAll(/<text:h\b([^>]*)>([\s\S]*?)<\/text:h>/g)) {
    const level = Number(/text:outline-level="(\d+)"/.exec(match[1])?.[1] ?? 1);
    const title = markupText(match[2]);
    if (title) out.push({ title, level });
  }
  return out;
}

function pptxSlides(zip: ZipFile): NativeHeading[] {
  const slides = zip.entries
    .map((e) => ({ entry: e, number: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(e.name)?.[1] ?? NaN) }))
    .filter((s) => Number.isFinite(s.number))
    .sort((a, b) => a.number - b.number);
  return slides.map((slide, i) => {
    const xml = zip.bytes(slide.entry)?.toString('utf8') ?? '';
    const shapes = [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)].map((m) => m[0]);
    const titleShape = shapes.find((s) => /<p:ph[^>]*type="(title|ctrTitle)"/.test(s)) ?? shapes[0] ?? '';
    const title = innerTexts(titleShape, /<a:t>([^<]*)<\/a:t>/g)
      .join(' ')
      .trim();
    return { title: title || `Slide ${i + 1}`, level: 1, page: i + 1 };
  });
}

function odpSlides(zip: ZipFile): NativeHeading[] {
  const xml = zip.text('content.xml') ?? '';
  return [...xml.matchAll(/<draw:page\b([^>]*)>([\s\S]*?)<\/draw:page>/g)].map((match, i) => {
    const titleFrame = /<draw:frame[^>]*presentation:class="title"[^>]*>([\s\S]*?)<\/draw:frame>/.exec(match[2])?.[1];
    const firstText = innerTexts(titleFrame ?? match[2], /<text:p\b[^>]*>([\s\S]*?)<\/text:p>/g).find(Boolean);
    const name = decodeEntities(/draw:name="([^"]*)"/.exec(match[1])?.[1] ?? '');
    return { title: firstText || name || `Slide ${i + 1}`, level: 1, page: i + 1 };
  });
}

function xlsxSheets(zip: ZipFile): NativeHeading[] {
  const workbook = zip.text('xl/workbook.xml') ?? '';
  const shared = innerTexts(zip.text('xl/sharedStrings.xml') ?? '', /<si>([\s\S]*?)<\/si>/g);
  const names = [...workbook.matchAll(/<sheet\b[^>]*name="([^"]*)"/g)].map((m) => decodeEntities(m[1]));
  return names.map((name, i) => {
    const sheet = zip.text(`xl/worksheets/sheet${i + 1}.xml`) ?? '';
    const cell = /<c\b[^>]*t="s"[^>]*>\s*<v>(\d+)<\/v>/.exec(sheet);
    const inline = /<is>([\s\S]*?)<\/is>/.exec(sheet);
    const anchor = cell ? shared[Number(cell[1])] : inline ? markupText(inline[1]) : undefined;
    return { title: name, level: 1, ...(anchor ? { anchor } : {}) };
  });
}

function odsSheets(zip: ZipFile): NativeHeading[] {
  const xml = zip.text('content.xml') ?? '';
  return [...xml.matchAll(/<table:table\b[^>]*table:name="([^"]*)"[^>]*>([\s\S]*?)<\/table:table>/g)].map((m) => {
    const anchor = innerTexts(m[2], /<text:p\b[^>]*>([\s\S]*?)<\/text:p>/g).find(Boolean);
    return { title: decodeEntities(m[1]), level: 1, ...(anchor ? { anchor } : {}) };
  });
}

export function markdownHeadings(text: string): NativeHeading[] {
  return [...text.matchAll(/^(#{1,3})\s+(.+?)\s*#*\s*$/gm)].map((m) => ({ title: m[2].trim(), level: m[1].length }));
}

export function htmlHeadings(html: string): NativeHeading[] {
  return [...html.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map((m) => ({ title: markupText(m[2]), level: Number(m[1]) })).filter((h) => h.title);
}

/** The structure the file itself declares (headings, slides, sheets), when its format has one. */
export function nativeHeadings(type: AiDocumentType, zip: ZipFile | null, text: string | null): NativeHeading[] {
  switch (type) {
    case 'docx':
      return zip ? docxHeadings(zip) : [];
    case 'odt':
      return zip ? odtHeadings(zip) : [];
    case 'pptx':
      return zip ? pptxSlides(zip) : [];
    case 'odp':
      return zip ? odpSlides(zip) : [];
    case 'xlsx':
    case 'xlsm':
      return zip ? xlsxSheets(zip) : [];
    case 'ods':
      return zip ? odsSheets(zip) : [];
    case 'md':
      return text ? markdownHeadings(text) : [];
    case 'html':
      return text ? htmlHeadings(text) : [];
    default:
      return [];
  }
}

const normalise = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Places each heading on the first page (from the previous heading's on) whose text contains it. */
export function locate(headings: NativeHeading[], pages: DocumentPage[]): DocumentSection[] {
  const texts = pages.map((p) => normalise(p.text));
  let from = 0;
  const placed = headings.map((h) => {
    let page = h.page;
    if (page === undefined) {
      const needle = normalise(h.anchor ?? h.title).slice(0, 60);
      const found = needle ? texts.findIndex((t, i) => i >= from && t.includes(needle)) : -1;
      page = found >= 0 ? found + 1 : from + 1;
    }
    from = Math.max(0, page - 1);
    return { title: h.title, level: h.level, firstPage: Math.min(page, Math.max(1, pages.length)) };
  });
  return withEnds(placed, pages.length);
}

/** Each section runs to the page before the next one starts (or shares its page), the last to the end. */
function withEnds(sections: Omit<DocumentSection, 'lastPage'>[], pageCount: number): DocumentSection[] {
  return sections.map((s, i) => {
    const next = sections[i + 1];
    const end = next ? Math.max(s.firstPage, next.firstPage - (next.firstPage > s.firstPage ? 1 : 0)) : pageCount;
    return { ...s, lastPage: Math.max(s.firstPage, Math.min(end, Math.max(1, pageCount))) };
  });
}

/** A line that reads like a heading: short, no final period, numbered or capitalised. */
function headingLine(line: string): { title: string; level: number } | null {
  const clean = line.trim();
  if (clean.length < 3 || clean.length > 80 || /[.,;:]$/.test(clean) || !/\p{L}/u.test(clean)) return null;
  const numbered = /^(\d+(?:\.\d+)*)\.?\s+(\S.*)$/.exec(clean);
  if (numbered) return { title: numbered[2], level: numbered[1].split('.').length };
  if (clean === clean.toUpperCase() && /\p{Lu}/u.test(clean)) return { title: clean, level: 1 };
  // A short capitalised line opening a page ("Battery maintenance"): a title more often than not.
  if (clean.length <= 60 && /^\p{Lu}/u.test(clean) && clean.split(/\s+/).length <= 8 && !/[!?]$/.test(clean)) return { title: clean, level: 1 };
  return null;
}

/** No declared structure: headings read from the pages (a numbered or upper-case first line), else one section per few pages. */
export function inferredSections(pages: DocumentPage[], pagesPerSection = 5): DocumentSection[] {
  const found: Omit<DocumentSection, 'lastPage'>[] = [];
  for (const page of pages) {
    const first = page.text.split('\n').find((l) => l.trim());
    const heading = first ? headingLine(first) : null;
    if (heading) found.push({ ...heading, firstPage: page.pageNumber });
  }
  if (found.length >= 2 || (found.length === 1 && pages.length <= pagesPerSection)) {
    if (found[0].firstPage > 1) found.unshift({ title: firstLine(pages[0]) ?? 'Introduction', level: 1, firstPage: 1 });
    return withEnds(found, pages.length);
  }
  const sections: Omit<DocumentSection, 'lastPage'>[] = [];
  for (let start = 1; start <= Math.max(1, pages.length); start += pagesPerSection) {
    const page = pages[start - 1];
    sections.push({ title: (page && firstLine(page)) ?? `Pages ${start}-${Math.min(pages.length, start + pagesPerSection - 1)}`, level: 1, firstPage: start });
  }
  return withEnds(sections, pages.length);
}

function firstLine(page: DocumentPage): string | null {
  const line = page.text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /\p{L}/u.test(l));
  return line ? line.slice(0, 80) : null;
}
