import type { PDFFont } from 'pdf-lib';

export interface CertificateContent {
  learnerName: string;
  pathTitle: string;
  completedAt: string;
  validUntil: string | null;
  speaches: { title: string; version: number | null }[];
  certificateCode: string;
  /** Where anyone may check the code. */
  verificationUrl: string;
}

/**
 * The standard PDF fonts only encode Windows-1252: accented Latin letters pass, anything else is
 * written without its accents, or as "?" (the verification page shows the exact names).
 */
function encodable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (ch.charCodeAt(0) < 256 || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(ch)) return ch;
      const plain = ch.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      return plain.length && plain.charCodeAt(0) < 256 ? plain : '?';
    })
    .join('');
}

function lines(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of encodable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

const day = (iso: string) => iso.slice(0, 10);

/** A one-page A4 certificate; the same content gives the same bytes (dates come from the completion). */
export async function renderCertificate(content: CertificateContent): Promise<Buffer> {
  // pdf-lib and its fonts load with the first PDF, not at every server start (a thirtieth of a profiled restart).
  const { PDFDocument, StandardFonts, rgb } = require('pdf-lib') as typeof import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const at = new Date(content.completedAt);
  pdf.setTitle(encodable(`Certificate: ${content.pathTitle}`));
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  pdf.setProducer('speach-platform');
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 60;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - 100;
  const write = (text: string, font: PDFFont, size: number, gap = 6) => {
    for (const line of lines(text, font, size, width)) {
      if (y < 80) return;
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.15) });
      y -= size + gap;
    }
  };
  write('Certificate of completion', bold, 26, 20);
  write('This certifies that', regular, 12);
  write(content.learnerName, bold, 20, 14);
  write('completed the learning path', regular, 12);
  write(content.pathTitle, bold, 18, 14);
  write(`on ${day(content.completedAt)}${content.validUntil ? `, valid until ${day(content.validUntil)}` : ''}.`, regular, 12, 18);
  write('Speaches completed:', bold, 12);
  for (const speach of content.speaches) write(`- ${speach.title}${speach.version !== null ? ` (version ${speach.version})` : ''}`, regular, 11, 4);
  y = Math.min(y, 130);
  write(`Verification code: ${content.certificateCode}`, bold, 12);
  write(`Check it at ${content.verificationUrl}`, regular, 10);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
