import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { makeDocx, makePdf, makeZip } from './ai-documents';

/** Reads a stored-entries zip back: name → text (what the browser test's DOCX holds). */
function unzip(buffer: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const method = buffer.readUInt16LE(offset + 8);
    const size = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extra = buffer.readUInt16LE(offset + 28);
    const name = buffer.toString('utf8', offset + 30, offset + 30 + nameLength);
    const data = buffer.subarray(offset + 30 + nameLength + extra, offset + 30 + nameLength + extra + size);
    out[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    offset += 30 + nameLength + extra + size;
  }
  return out;
}

describe('documents made for the AI authoring browser test', () => {
  let dir = '';
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'ai-docs-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a PDF that poppler reads page by page, headings and body text included', () => {
    const file = join(dir, 'a.pdf');
    writeFileSync(
      file,
      makePdf([
        { heading: 'Hand hygiene (basics)', lines: ['Wash for twenty seconds.'] },
        { heading: 'Gloves', lines: ['Change them between tasks.'] },
      ]),
    );
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+2/);
    const second = execFileSync('pdftotext', ['-f', '2', '-l', '2', file, '-']).toString();
    expect(second).toContain('Gloves');
    expect(second).toContain('Change them between tasks.');
    expect(second).not.toContain('Hand hygiene');
    expect(execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString()).toContain('Hand hygiene (basics)');
  });

  it('makes a zip whose central directory lists every entry with its size', () => {
    const zip = makeZip({ 'a.txt': 'alpha', 'dir/b.txt': 'béta' });
    expect(unzip(zip)).toEqual({ 'a.txt': 'alpha', 'dir/b.txt': 'béta' });
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(2);
  });

  it('makes a DOCX whose document holds each heading styled Heading1 before its paragraphs', () => {
    const parts = unzip(makeDocx([{ heading: 'Cleaning & rinsing', paragraphs: ['Clean daily.'] }]));
    expect(Object.keys(parts)).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml']));
    expect(parts['word/document.xml']).toMatch(
      /<w:pStyle w:val="Heading1"\/><\/w:pPr><w:r><w:t xml:space="preserve">Cleaning &amp; rinsing<\/w:t>.*Clean daily\./,
    );
  });
});
