import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/**
 * The platform a projection may build on: the read store it writes to, the log it reads and the
 * checkpoints it keeps (tools/boundaries/layers.cjs, the list the lint rule uses too).
 */
const { PROJECTION_PLATFORM: PLATFORM } = require('../tools/boundaries/layers.cjs') as { PROJECTION_PLATFORM: RegExp[] };

/** Every module a source names: static imports and re-exports, dynamic imports and requires. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** The repository path (no extension) of each relative module a file imports. */
function localImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return specifiers(source)
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(ROOT, resolve(dirname(file), s))
        .split('\\')
        .join('/')
        .replace(/\.(ts|js)$/, ''),
    );
}

function sources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = join(ROOT, folder, entry.name);
    if (entry.isDirectory()) out.push(...sources(relative(ROOT, path)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}

function offending(folder: string, forbidden: (target: string) => boolean): string[] {
  return sources(folder).flatMap((file) =>
    localImports(file)
      .filter(forbidden)
      .map((target) => `${relative(ROOT, file)} -> ${target}`),
  );
}

describe('read side boundaries', () => {
  it('finds every kind of import a source can make', () => {
    const source = [
      "import type { A } from '../backend/a';",
      'import { b } from "./b";',
      "export * from '../events/c';",
      "import '../backend/side-effect';",
      "const d = await import('../backend/d');",
      "const e = require('../backend/e');",
    ].join('\n');
    expect(specifiers(source)).toEqual(['../backend/a', './b', '../events/c', '../backend/side-effect', '../backend/d', '../backend/e']);
  });

  it('reads the projection sources, so an empty scan cannot pass for a clean one', () => {
    const files = sources('projections').map((f) => relative(ROOT, f));
    expect(files).toEqual(
      expect.arrayContaining(['projections/speaches.projection.ts', 'projections/workflows.projection.ts', 'projections/audit.projection.ts']),
    );
    expect(files.every((f) => !f.endsWith('.spec.ts'))).toBe(true);
    expect(localImports(join(ROOT, 'projections/projection-runner.ts'))).toContain('backend/infrastructure/event-store/event-store.port');
  });

  it('lets projections import from backend/ only the platform (read store, event store port, checkpoints port)', () => {
    expect(offending('projections', (target) => target.startsWith('backend/') && !PLATFORM.some((allowed) => allowed.test(target)))).toEqual([]);
  });

  it('keeps events/ free of backend/ and projections/', () => {
    expect(offending('events', (target) => target.startsWith('backend/') || target.startsWith('projections/'))).toEqual([]);
  });
});
