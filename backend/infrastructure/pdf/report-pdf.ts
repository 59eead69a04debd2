import type { PDFFont, PDFPage } from 'pdf-lib';

export interface ReportTable {
  title: string;
  /** Lines under the title: what was asked, when, the chain head... */
  subtitle: string[];
  columns: { header: string; width: number }[];
  rows: string[][];
}

/** The standard fonts encode Windows-1252 only: other letters lose their accents, or become "?". */
function encodable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (ch === '\n' || ch === '\t') return ' ';
      if (ch.charCodeAt(0) < 256 || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(ch)) return ch.charCodeAt(0) < 32 ? ' ' : ch;
      const plain = ch.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      return plain.length && plain.charCodeAt(0) < 256 ? plain : '?';
    })
    .join('');
}

/** Breaks text to lines of the width; a word longer than the width is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  const push = (word: string) => {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    return rest;
  };
  for (const word of encodable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) out.push(line);
      line = push(word);
    }
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

/**
 * A landscape A4 table an inspector can read on paper: the title and context on the first page, the
 * header row again on every page, page numbers "n / total". Same input, same bytes (no dates of its own).
 */
export async function renderReportPdf(report: ReportTable): Promise<Buffer> {
  // pdf-lib and its fonts load with the first PDF, not at every server start (a thirtieth of a profiled restart).
  const { PDFDocument, StandardFonts, rgb } = require('pdf-lib') as typeof import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(encodable(report.title));
  pdf.setProducer('speach-platform');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [pageW, pageH] = [841.89, 595.28];
  const margin = 36;
  const size = 8;
  const lineH = size + 2.5;
  const total = report.columns.reduce((s, c) => s + c.width, 0);
  const widths = report.columns.map((c) => ((pageW - 2 * margin) * c.width) / total);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const ink = rgb(0.1, 0.1, 0.15);
  const drawRow = (cells: string[], font: PDFFont) => {
    const wrapped = cells.map((cell, i) => wrap(cell, font, size, widths[i] - 4));
    const height = Math.max(...wrapped.map((l) => l.length)) * lineH + 3;
    if (y - height < margin + 14) newPage();
    let x = margin;
    wrapped.forEach((lines, i) => {
      lines.forEach((line, n) => page.drawText(line, { x: x + 2, y: y - size - n * lineH, size, font, color: ink }));
      x += widths[i];
    });
    y -= height;
    page.drawLine({ start: { x: margin, y: y + 1 }, end: { x: pageW - margin, y: y + 1 }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7) });
  };
  const newPage = () => {
    page = pdf.addPage([pageW, pageH]);
    pages.push(page);
    y = pageH - margin;
    if (pages.length === 1) {
      for (const line of wrap(report.title, bold, 16, pageW - 2 * margin)) {
        page.drawText(line, { x: margin, y: y - 16, size: 16, font: bold, color: ink });
        y -= 20;
      }
      for (const sub of report.subtitle) {
        for (const line of wrap(sub, regular, 9, pageW - 2 * margin)) {
          page.drawText(line, { x: margin, y: y - 9, size: 9, font: regular, color: ink });
          y -= 12;
        }
      }
      y -= 8;
    }
    drawRow(
      report.columns.map((c) => c.header),
      bold,
    );
  };
  newPage();
  if (report.rows.length === 0) drawRow(['(none)', ...report.columns.slice(1).map(() => '')], regular);
  for (const row of report.rows) drawRow(row, regular);
  pages.forEach((p, i) => p.drawText(`${i + 1} / ${pages.length}`, { x: pageW - margin - 40, y: margin - 14, size: 8, font: regular, color: ink }));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
