/**
 * Issue 20's speed target: a SCORM_FULL export of a 100-sub-chapter speach in under 60 s, from the
 * `exportScorm` request to the zip on disk (the job's events, the package, the schemas, deflate level 9).
 * Runs the real application in process (in-memory event and read stores: the export's cost is building
 * and compressing the package, not the few events it appends). Standalone:
 * `node -r ./test/support/swc-register.js bench/scenarios/scorm-export.ts`.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScormExports } from '../../backend/scorm';
import { startTestApp } from '../../test/support/test-app';
import { type Result, printTable, ratio } from '../lib/report';

const TARGET_SECONDS = 60;
const CHAPTERS = 10;
const SUBS = 10;
const PDF_BYTES = 1_000_000;

/** Text that compresses like prose, not like a repeated line: deterministic pseudo-random words. */
function prose(seed: string, words: number): string {
  const vocabulary = [
    'the',
    'operator',
    'checks',
    'valve',
    'pressure',
    'before',
    'each',
    'shift',
    'records',
    'reading',
    'safety',
    'harness',
    'ladder',
    'inspection',
    'report',
    'team',
    'leader',
    'signs',
    'procedure',
    'emergency',
  ];
  const hash = createHash('sha256');
  let bytes = hash.update(seed).digest();
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    if (i % 32 === 0 && i) bytes = createHash('sha256').update(bytes).digest();
    out.push(vocabulary[bytes[i % 32] % vocabulary.length]);
  }
  return out.join(' ');
}

/** A PDF-looking upload of incompressible bytes: the worst case for the package's deflate. */
function pdf(seed: number): Buffer {
  const body = Buffer.alloc(PDF_BYTES);
  let block = createHash('sha256').update(`pdf${seed}`).digest();
  for (let at = 0; at < PDF_BYTES; at += 32) {
    block.copy(body, at);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), body]);
}

export async function scormExportScenario(results: Result[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scorm-'));
  // The bench signs in as the demo accounts: the test app no longer seeds unless asked.
  const t = await startTestApp({ seed: true, env: { DATA_DIR: dataDir, SCORM_CLASSIC_ENABLED: 'true' } });
  try {
    const [admin, author] = await Promise.all([t.login('admin@example.com'), t.login('author@example.com')]);
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Bench: SCORM export', language: 'en-US' }).expect(201)).body;
    const add = async (title: string, parentId?: string) =>
      (
        await t.http
          .post(`/api/v2/recorder/speach/${id}/chapters`)
          .set(as(author))
          .send({ title, ...(parentId ? { parentId } : {}) })
          .expect(201)
      ).body.chapterId as string;
    for (let c = 0; c < CHAPTERS; c++) {
      const chapter = await add(`Chapter ${c + 1}`);
      for (let s = 0; s < SUBS; s++) {
        const sub = await add(`Part ${c + 1}.${s + 1}`, chapter);
        const path = `/api/v2/recorder/speach/${id}/chapters/${sub}`;
        if (s === 4) {
          await t.http
            .post(`${path}/file`)
            .query({ type: 'PDF_UPLOAD', name: `manual-${c + 1}.pdf` })
            .set({ ...as(author), 'content-type': 'application/pdf' })
            .send(pdf(c))
            .expect(201);
        } else if (s === SUBS - 1) {
          const questions = Array.from({ length: 5 }, (_, q) => ({
            questionId: `q${q}`,
            text: prose(`q${c}.${q}`, 20),
            multiple: q % 2 === 1,
            points: 1,
            options: [
              { optionId: 'a', text: 'Yes', correct: true },
              { optionId: 'b', text: 'No' },
              { optionId: 'c', text: prose(`o${c}.${q}`, 6) },
            ],
          }));
          await t.http.put(`${path}/content`).set(as(author)).send({ type: 'QUIZZ', passingScore: 60, questions }).expect(200);
        } else {
          const html = Array.from({ length: 6 }, (_, p) => `<p>${prose(`${c}.${s}.${p}`, 80)}</p>`).join('');
          await t.http.put(`${path}/content`).set(as(author)).send({ type: 'HTML', html }).expect(200);
        }
      }
    }
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);

    const started = performance.now();
    const res = await t.http.get('/administration/scorm/exportScorm').query({ id, type: 'SCORM_FULL', contentNavigation: 'true' }).set(as(admin)).expect(200);
    const name = res.body.dataValue as string;
    await t.app.get(ScormExports).settled(name);
    const seconds = (performance.now() - started) / 1000;
    const created = (await t.http.get('/administration/scorm/checkScormCreated').query({ name }).set(as(admin))).body;
    if (created !== true) throw new Error(`The export did not complete: ${JSON.stringify(created)}`);
    const status = (await t.http.get(`/administration/scorm/status/${name}`).set(as(admin)).expect(200)).body as { done: number; total: number; bytes: number };
    const bytes = statSync(join(dataDir, 'exports', 'scorm', name)).size;
    results.push({
      scenario: `SCORM_FULL export of a ${CHAPTERS * SUBS}-sub-chapter speach (request to zip on disk)`,
      figure: Math.round(seconds * 100) / 100,
      unit: 's',
      reference: 'target',
      referenceFigure: TARGET_SECONDS,
      ratio: ratio(seconds, TARGET_SECONDS, true),
      note: `${status.total} SCOs, ${CHAPTERS} PDFs of ${PDF_BYTES / 1e6} MB, zip ${(bytes / 1e6).toFixed(1)} MB`,
    });
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const results: Result[] = [];
  scormExportScenario(results)
    .then(() => {
      printTable(results);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
