import { makeAiFixtures, SHEET_FIXTURE, SLIDE_FIXTURE, TEXT_FIXTURE } from '../../../test/support/ai-fixtures';
import type { AiDocumentType } from '../../../events';
import { DocumentRefusedError, type ParsedDocument, parseDocument } from './parse-document';

const OPTIONS = { timeoutMs: 300_000, imageWidth: 200, maxImagePages: 20 };
const PNG = (b64: string | null) => (b64 ? Buffer.from(b64, 'base64').subarray(1, 4).toString() : null);
const JPEG = (b64: string | null) =>
  b64
    ? Buffer.from(b64, 'base64')
        .subarray(0, 3)
        .equals(Buffer.from([0xff, 0xd8, 0xff]))
    : false;
const titles = (doc: ParsedDocument) => doc.sections.map((s) => s.title);
const allText = (doc: ParsedDocument) =>
  doc.pages
    .map((p) => p.text)
    .join('\n')
    .replace(/\s+/g, ' ');

/**
 * One real file of each of the 19 accepted types (made by LibreOffice from flat OpenDocument files,
 * or written out), read as the generator reads them. LibreOffice must be installed: without it the
 * fixtures cannot be made and these tests fail saying so.
 */
describe("document parsing: text per page, a page image, the document's own parts", () => {
  let files: Record<string, string>;
  // Each file is read once: LibreOffice takes seconds per conversion.
  const parsed = new Map<AiDocumentType, Promise<ParsedDocument>>();
  const parse = (type: AiDocumentType) => {
    if (!parsed.has(type)) parsed.set(type, parseDocument(files[type], `file.${type}`, type, OPTIONS));
    return parsed.get(type)!;
  };

  beforeAll(() => {
    files = makeAiFixtures();
  }, 900_000);

  it.each(['pdf', 'docx', 'odt', 'doc', 'rtf'] as const)(
    '%s: two pages with their text and PNG images, headings as sections',
    async (type) => {
      const doc = await parse(type);
      expect(doc.pages).toHaveLength(2);
      expect(doc.pages[0].text).toContain(TEXT_FIXTURE.sentences[0]);
      expect(doc.pages[1].text).toContain(TEXT_FIXTURE.sentences[2]);
      expect(doc.pages.map((p) => PNG(p.imageB64))).toEqual(['PNG', 'PNG']);
      expect(titles(doc)).toEqual(expect.arrayContaining(TEXT_FIXTURE.chapters));
      expect(doc.sections.find((s) => s.title === TEXT_FIXTURE.chapters[1])?.firstPage).toBe(2);
    },
    300_000,
  );

  it.each(['docx', 'odt'] as const)(
    '%s: the sub-heading is a level-2 section on its page',
    async (type) => {
      const doc = await parse(type);
      expect(doc.sections).toContainEqual({ title: TEXT_FIXTURE.subheading, level: 2, firstPage: 2, lastPage: 2 });
    },
    300_000,
  );

  it.each(['pptx', 'odp', 'ppt'] as const)(
    '%s: one page per slide, titled by the slide',
    async (type) => {
      const doc = await parse(type);
      expect(doc.pages).toHaveLength(2);
      expect(titles(doc)).toEqual(SLIDE_FIXTURE.titles);
      expect(doc.pages[1].text).toContain(SLIDE_FIXTURE.bodies[1]);
      expect(doc.pages.map((p) => PNG(p.imageB64))).toEqual(['PNG', 'PNG']);
    },
    300_000,
  );

  it.each(['xlsx', 'xlsm', 'ods', 'xls'] as const)(
    "%s: the sheets' cells as text, with page images",
    async (type) => {
      const doc = await parse(type);
      expect(allText(doc)).toContain(SHEET_FIXTURE.cells[0]);
      expect(allText(doc)).toContain(SHEET_FIXTURE.cells[1]);
      expect(PNG(doc.pages[0].imageB64)).toBe('PNG');
      if (type !== 'xls') expect(titles(doc)).toEqual(SHEET_FIXTURE.sheets);
    },
    300_000,
  );

  it.each(['md', 'html'] as const)('%s: headings as sections, each starting its page', async (type) => {
    const doc = await parse(type);
    expect(titles(doc)).toEqual([...TEXT_FIXTURE.chapters, TEXT_FIXTURE.subheading]);
    expect(doc.sections.map((s) => s.level)).toEqual([1, 1, 2]);
    expect(doc.pages[doc.sections[1].firstPage - 1].text).toContain(TEXT_FIXTURE.chapters[1]);
    expect(allText(doc)).toContain(TEXT_FIXTURE.sentences[3]);
    expect(doc.pages[0].imageB64).toBeNull();
  });

  it.each(['txt', 'xml', 'csv'] as const)('%s: the text read directly', async (type) => {
    const doc = await parse(type);
    expect(doc.parser).toBe('text');
    expect(allText(doc)).toContain(type === 'csv' ? SHEET_FIXTURE.cells[0] : TEXT_FIXTURE.sentences[1]);
    expect(allText(doc)).not.toContain('<');
  });

  it('key: the embedded QuickLook preview PDF, pages and images', async () => {
    const doc = await parse('key');
    expect(doc.parser).toBe('embedded-preview');
    expect(doc.pages).toHaveLength(2);
    expect(doc.pages[0].text).toContain(TEXT_FIXTURE.sentences[0]);
    expect(PNG(doc.pages[0].imageB64)).toBe('PNG');
  });

  it('pages: the embedded preview image as its one page', async () => {
    const doc = await parse('pages');
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0].imageMime).toBe('image/jpeg');
    expect(JPEG(doc.pages[0].imageB64)).toBe(true);
  });

  it('key without a preview: refused, naming the file', async () => {
    const refused = parseDocument(files.brokenKey, 'Quarterly deck.key', 'key', OPTIONS);
    await expect(refused).rejects.toThrow(DocumentRefusedError);
    await expect(refused).rejects.toThrow('Something wrong on your file: Quarterly deck.key');
  });

  it('a file that is not what its extension says: refused, naming the file', async () => {
    await expect(parseDocument(files.txt, 'notes.docx', 'docx', OPTIONS)).rejects.toThrow('Something wrong on your file: notes.docx');
  });
});
