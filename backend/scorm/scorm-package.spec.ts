import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChapterContent } from '../../events';
import { type PackageChapter, buildPackage, contentSha256 } from './scorm-package';
import { readZip, writeZip } from './zip-writer';

const VALIDATE = join(__dirname, '..', '..', 'test', 'scorm', 'validate-manifest.sh');

/** A speach of 10 chapters with 10 sub-chapters each (100 SCOs): texts and a quiz in every chapter. */
function bigSpeach(): PackageChapter[] {
  const chapters: PackageChapter[] = [];
  for (let c = 0; c < 10; c++) {
    chapters.push({ chapterId: `c${c}`, parentId: null, title: `Chapter ${c + 1}`, content: { type: 'NONE' } });
    for (let s = 0; s < 10; s++) {
      const content: ChapterContent =
        s === 9
          ? {
              type: 'QUIZZ',
              passingScore: 60,
              questions: [
                {
                  questionId: `q${c}`,
                  text: `Question ${c}`,
                  multiple: false,
                  points: 2,
                  options: [
                    { optionId: 'a', text: 'Yes', correct: true },
                    { optionId: 'b', text: 'No' },
                  ],
                },
              ],
            }
          : { type: 'HTML', html: `<p>Part ${c}.${s} &amp; more</p>` };
      chapters.push({ chapterId: `c${c}s${s}`, parentId: `c${c}`, title: `Part ${c + 1}.${s + 1}`, content });
    }
  }
  return chapters;
}

describe('SCORM package builder', () => {
  const input = {
    speachId: 'speach-1',
    version: 3,
    title: 'Big <speach>',
    language: 'de-DE',
    type: 'SCORM_FULL' as const,
    contentNavigation: true,
    chapters: bigSpeach(),
  };
  const noBlobs = async () => Buffer.alloc(0);

  it('builds 100 SCOs grouped by chapter, with a valid manifest and the content hash in its metadata', async () => {
    const progress: [number, number][] = [];
    const built = await buildPackage(input, noBlobs, async (done, total) => void progress.push([done, total]));
    expect(built.scoCount).toBe(100);
    expect(progress.at(-1)).toEqual([100, 100]);
    const manifest = built.entries.find((e) => e.path === 'imsmanifest.xml')!.data.toString('utf8');
    expect(manifest.match(/adlcp:scormType="sco"/g)).toHaveLength(100);
    expect(manifest.match(/<item identifier="CHAPTER-/g)).toHaveLength(10);
    expect(manifest).toContain(`<lom:entry>${contentSha256(input)}</lom:entry>`);
    const dir = mkdtempSync(join(tmpdir(), 'scorm-pkg-'));
    try {
      writeFileSync(join(dir, 'imsmanifest.xml'), manifest);
      execFileSync(VALIDATE, [join(dir, 'imsmanifest.xml')], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const quiz = built.entries.find((e) => e.path === 'sco/10.html')!.data.toString('utf8');
    expect(quiz).toContain('Antworten absenden');
    expect(quiz).not.toMatch(/<script>(?!.*src)/);
  });

  it('gives the same bytes twice, and another hash when the content changes', async () => {
    const first = writeZip((await buildPackage(input, noBlobs)).entries);
    const second = writeZip((await buildPackage({ ...input, chapters: bigSpeach() }, noBlobs)).entries);
    expect(second.equals(first)).toBe(true);
    const changed = bigSpeach();
    changed[1] = { ...changed[1], title: 'Renamed' };
    expect(contentSha256({ ...input, chapters: changed })).not.toBe(contentSha256(input));
    expect([...readZip(first).keys()]).toContain('imsss_v1p0.xsd');
  });

  it('keeps a title from closing the JSON island or the markup', async () => {
    const chapters: PackageChapter[] = [
      { chapterId: 'x', parentId: null, title: '</script><script>alert(1)</script>', content: { type: 'HTML', html: '<p>x</p>' } },
    ];
    const built = await buildPackage({ ...input, chapters }, noBlobs);
    const page = built.entries.find((e) => e.path === 'sco/1.html')!.data.toString('utf8');
    expect(page).not.toContain('<script>alert(1)</script>');
  });
});
