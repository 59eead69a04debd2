import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

/** A zip of stored entries (what Keynote and Pages packages are), for fixtures. */
export function zipOf(entries: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(dir, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

const OFFICE_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ' +
  'xmlns:office:version="1.3"';

/** The text the word-processing fixtures hold: two chapters on two pages, the second with a sub-heading. */
export const TEXT_FIXTURE = {
  chapters: ['Forklift safety', 'Battery maintenance'],
  subheading: 'Charging the battery',
  sentences: [
    'The operator inspects the forklift before every shift.',
    'A forklift must never carry a load above the rated capacity.',
    'The battery is charged in a ventilated room away from sparks.',
    'Protective goggles are worn while the electrolyte level is checked.',
  ],
};

function flatText(): string {
  const [a, b] = TEXT_FIXTURE.chapters;
  const [s1, s2, s3, s4] = TEXT_FIXTURE.sentences;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
<office:body><office:text>
<text:h text:style-name="Heading_20_1" text:outline-level="1">${a}</text:h>
<text:p>${s1}</text:p><text:p>${s2}</text:p>
<text:p text:style-name="Break"/>
<text:h text:style-name="Heading_20_1" text:outline-level="1">${b}</text:h>
<text:p>${s3}</text:p>
<text:h text:style-name="Heading_20_2" text:outline-level="2">${TEXT_FIXTURE.subheading}</text:h>
<text:p>${s4}</text:p>
</office:text></office:body></office:document>`;
}

export const SHEET_FIXTURE = { sheets: ['Inventory', 'Prices'], cells: ['Pallet jack', 'Unit price'] };

function flatSheets(): string {
  const table = (name: string, cell: string) =>
    `<table:table table:name="${name}"><table:table-column/><table:table-row><table:table-cell office:value-type="string"><text:p>${cell}</text:p></table:table-cell></table:table-row>` +
    `<table:table-row><table:table-cell office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell></table:table-row></table:table>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet>${table('Inventory', 'Pallet jack')}${table('Prices', 'Unit price')}</office:spreadsheet></office:body></office:document>`;
}

export const SLIDE_FIXTURE = { titles: ['Welcome aboard', 'Emergency exits'], bodies: ['Your first day at the warehouse.', 'Exits are marked in green.'] };

function flatSlides(): string {
  const slide = (i: number) =>
    `<draw:page draw:name="page${i + 1}">` +
    `<draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${SLIDE_FIXTURE.titles[i]}</text:p></draw:text-box></draw:frame>` +
    `<draw:frame presentation:class="outline" svg:x="1cm" svg:y="5cm" svg:width="20cm" svg:height="8cm"><draw:text-box><text:p>${SLIDE_FIXTURE.bodies[i]}</text:p></draw:text-box></draw:frame>` +
    `</draw:page>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${OFFICE_NS} office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:body><office:presentation>${slide(0)}${slide(1)}</office:presentation></office:body></office:document>`;
}

function soffice(dir: string, format: string, inputs: string[]): void {
  const profile = join(tmpdir(), `ai-fixture-profile-${process.pid}`);
  try {
    execFileSync('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', format, '--outdir', dir, ...inputs], {
      stdio: 'pipe',
      timeout: 180_000,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'soffice is not installed: install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui (the AI document tests need it)',
      );
    }
    throw error;
  }
}

/**
 * One real small file of each of the 19 types in `dir`: the office ones made by LibreOffice from
 * flat OpenDocument files, Keynote/Pages packages around a real preview, the text ones written out.
 */
export function makeAiFixtures(dir: string = join(tmpdir(), `ai-fixtures-${FIXTURES_VERSION}`)): Record<string, string> {
  // Made once per machine: LibreOffice takes seconds per conversion.
  if (!existsSync(join(dir, 'done'))) build(dir);
  const files: Record<string, string> = {};
  for (const file of readdirSync(dir)) {
    const ext = file.split('.').pop()!;
    if (file.includes('.') && file !== 'broken.key') files[ext] = join(dir, file);
  }
  files.brokenKey = join(dir, 'broken.key');
  return files;
}

/** Bump when the fixtures change, so a machine's cached set is made again. */
const FIXTURES_VERSION = 2;

function build(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'manual.fodt'), flatText());
  writeFileSync(join(src, 'stock.fods'), flatSheets());
  writeFileSync(join(src, 'induction.fodp'), flatSlides());
  const manual = join(src, 'manual.fodt');
  const stock = join(src, 'stock.fods');
  const induction = join(src, 'induction.fodp');
  for (const format of ['pdf', 'docx', 'odt', 'rtf', 'doc:MS Word 97']) soffice(dir, format, [manual]);
  for (const format of ['xlsx', 'ods', 'xls:MS Excel 97', 'xlsm:Calc MS Excel 2007 VBA XML']) soffice(dir, format, [stock]);
  for (const format of ['pptx', 'odp', 'ppt:MS PowerPoint 97']) soffice(dir, format, [induction]);
  const [a, b] = TEXT_FIXTURE.chapters;
  const [s1, s2, s3, s4] = TEXT_FIXTURE.sentences;
  writeFileSync(join(dir, 'notes.txt'), `${a}\n\n${s1} ${s2}\n\n${b}\n\n${s3} ${s4}\n`);
  writeFileSync(join(dir, 'notes.md'), `# ${a}\n\n${s1} ${s2}\n\n# ${b}\n\n${s3}\n\n## ${TEXT_FIXTURE.subheading}\n\n${s4}\n`);
  writeFileSync(
    join(dir, 'notes.html'),
    `<!doctype html><html><body><h1>${a}</h1><p>${s1} ${s2}</p><h1>${b}</h1><p>${s3}</p><h2>${TEXT_FIXTURE.subheading}</h2><p>${s4}</p></body></html>`,
  );
  writeFileSync(
    join(dir, 'notes.xml'),
    `<?xml version="1.0"?><manual><chapter title="${a}"><p>${s1}</p><p>${s2}</p></chapter><chapter title="${b}"><p>${s3}</p><p>${s4}</p></chapter></manual>`,
  );
  writeFileSync(join(dir, 'stock.csv'), `item,quantity\n${SHEET_FIXTURE.cells[0]},12\nShelf,4\n`);
  const pdf = readFileSync(join(dir, 'manual.pdf'));
  writeFileSync(join(dir, 'deck.key'), zipOf({ 'Index.zip': 'iwa', 'QuickLook/Preview.pdf': pdf }));
  execFileSync('pdftoppm', ['-jpeg', '-f', '1', '-l', '1', '-scale-to', '200', join(dir, 'manual.pdf'), join(src, 'preview')]);
  const jpeg = readdirSync(src).find((f) => f.startsWith('preview') && f.endsWith('.jpg'))!;
  writeFileSync(join(dir, 'letter.pages'), zipOf({ 'Index/Document.iwa': 'iwa', 'preview.jpg': readFileSync(join(src, jpeg)) }));
  writeFileSync(join(dir, 'broken.key'), zipOf({ 'Index/Document.iwa': 'iwa' }));
  writeFileSync(join(dir, 'done'), '');
}
