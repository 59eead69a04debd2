/**
 * `npm run bench` (full) and `npm run bench -- --quick`: generates its own data in a temporary
 * directory, runs every scenario, prints one table and writes bench/results.json. Each figure is
 * held against a limit or a peer measured in the same run: the ratio is what counts on a noisy
 * machine.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FULL_SIZE, QUICK_SIZE, generateDataSet } from './data/generate';
import { collectGarbage } from './lib/collect-garbage';
import { ROOT } from './lib/processes';
import { type Result, printTable } from './lib/report';
import { aiPlanScenario } from './scenarios/ai-plan';
import { appendScenario } from './scenarios/append';
import { httpFloors } from './scenarios/http';
import { productScenarios, restartScenario } from './scenarios/product';
import { rebuildScenario } from './scenarios/rebuild';
import { scormExportScenario } from './scenarios/scorm-export';
import { mediaTranscodeScenario } from './scenarios/media-transcode';
import { webScenario } from './scenarios/web';

const quick = process.argv.includes('--quick');
/**
 * `--only=product,restart` runs those steps (and the floors the product lines are held against) on freshly
 * generated data: to measure again what a long run lost, without the rest. Steps: floors, append, rebuild,
 * product, restart, web, ai, scorm, transcode.
 */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (name: string) => !only || only.includes(name) || (name === 'floors' && only.includes('product'));
const SIZE = quick ? QUICK_SIZE : FULL_SIZE;

function save(results: Result[]): void {
  writeFileSync(
    join(ROOT, 'bench/results.json'),
    `${JSON.stringify(
      results.map(({ scenario, figure, unit, reference, referenceFigure, ratio, note }) => ({
        scenario,
        figure,
        unit,
        reference,
        referenceFigure,
        ratio,
        ...(note ? { note } : {}),
      })),
      null,
      2,
    )}\n`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'speach-bench-'));
  const results: Result[] = [];
  const step = (name: string) => console.error(`[bench] ${name}…`);
  try {
    if (!existsSync(join(ROOT, 'dist/backend/main.js'))) {
      step('building the server');
      execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
    }
    const dataDir = join(dir, 'data');
    // Only what the scenarios read is kept (the published ids, not every generated speach and its chapters).
    const { identity, publishedIds, paths, notifications } = await generateDataSet(dataDir, SIZE, step).then(({ speaches, ...rest }) => ({
      ...rest,
      publishedIds: speaches.filter((s) => s.published).map((s) => s.speachId),
    }));
    collectGarbage();

    // A scenario that fails is reported as such and the others still run: a long full run never
    // loses what it already measured.
    const attempt = async (name: string, run: () => Promise<unknown> | unknown, key: string) => {
      if (!runs(key)) return;
      step(name);
      try {
        await run();
      } catch (error) {
        console.error(error);
        results.push({
          scenario: `${name}: failed`,
          figure: null,
          unit: '',
          reference: '—',
          referenceFigure: null,
          ratio: null,
          note: String((error as Error).message ?? error).slice(0, 200),
        });
      }
      save(results);
    };
    let floors: Awaited<ReturnType<typeof httpFloors>> | null = null;
    await attempt('HTTP and framework floors', async () => (floors = await httpFloors(SIZE.seconds, results)), 'floors');
    await attempt('event store append', () => appendScenario(dir, SIZE.appends, results), 'append');
    await attempt('rebuild', () => rebuildScenario(join(dataDir, 'events.sqlite'), dir, results), 'rebuild');
    await attempt(
      'product over HTTP',
      () => {
        if (!floors) throw new Error('no floors to compare with');
        return productScenarios(dataDir, identity, publishedIds, SIZE.seconds, SIZE.reads, floors, results, paths, notifications);
      },
      'product',
    );
    // Its own step: it runs even when a measure of the running server failed (that server was stopped).
    await attempt('restart on the stored read models', () => restartScenario(dataDir, results), 'restart');
    await attempt('web', () => webScenario(results), 'web');
    await attempt('AI plan of a 200-page PDF', () => aiPlanScenario(results), 'ai');
    await attempt('SCORM_FULL export of 100 sub-chapters', () => scormExportScenario(results), 'scorm');
    await attempt('transcode of a 1-minute 720p video', () => mediaTranscodeScenario(results), 'transcode');
  } finally {
    // BENCH_KEEP=1 leaves the generated data (and the read models the run wrote) to look into afterwards.
    if (process.env.BENCH_KEEP === '1') console.error(`[bench] data kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  printTable(results);
  save(results);
  console.error(`[bench] ${quick ? 'quick ' : ''}run written to bench/results.json`);
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
