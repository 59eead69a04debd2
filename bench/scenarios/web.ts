import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/processes';
import { type Result, ratio } from '../lib/report';

/** Gzip bytes of the JavaScript an app's index.html loads before anything else. */
function initialJs(app: string): number | null {
  const dist = join(ROOT, 'web', app, 'dist');
  if (!existsSync(join(dist, 'index.html'))) return null;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const base = app === 'admin' ? '/admin/' : '/';
  const scripts = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1].replace(base, ''));
  return scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
}

export function webScenario(results: Result[]): void {
  for (const [app, label, limit] of [
    ['learner', 'learner app', 250],
    ['admin', 'back office', 450],
  ] as const) {
    const bytes = initialJs(app);
    results.push({
      scenario: `Web: initial JS of the ${label} (gzip)`,
      figure: bytes === null ? null : bytes / 1024,
      unit: 'KiB',
      reference: `target ${limit} KiB`,
      referenceFigure: limit,
      ratio: ratio(bytes === null ? null : bytes / 1024, limit, true),
      note: bytes === null ? 'not built: run npm run build:web' : undefined,
    });
  }
}
