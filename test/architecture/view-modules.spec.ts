import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * View modules (`*.view.ts`, docs/web-shared-and-data-layer.md): the server's answer types, which the web apps
 * type-check against. The rules of tools/boundaries/layers.cjs (also run by ESLint and, for the server side, by
 * dependency-cruiser): a view imports only views and no package; the web reaches the server only through
 * `import type` / `export type` of a view.
 */
const { violation, packageViolation, webViolation, isFace } = require('../../tools/boundaries/layers.cjs') as {
  violation: (from: string, to: string) => string | null;
  packageViolation: (from: string, specifier: string) => string | null;
  webViolation: (from: string, to: string, typeOnly: boolean) => string | null;
  isFace: (path: string) => boolean;
};

const ROOT = resolve(__dirname, '..', '..');

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every module specifier of a source, and whether its declaration is erased (`import type`, `export type`). */
function imports(source: string): Import[] {
  const declarations = [...source.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => ({
    specifier: m[3],
    typeOnly: m[2] !== undefined,
  }));
  const dynamic = [...source.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => ({ specifier: m[1], typeOnly: false }));
  return [...declarations, ...dynamic];
}

function files(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : files(path, keep);
    return keep(entry.name) ? [path.split('\\').join('/')] : [];
  });
}

const target = (file: string, specifier: string) =>
  relative(ROOT, resolve(dirname(join(ROOT, file)), specifier))
    .split('\\')
    .join('/');

/** What the rules find wrong in these files' imports, one line per import. */
function problems(sources: string[]): string[] {
  return sources.flatMap((file) =>
    imports(readFileSync(join(ROOT, file), 'utf8'))
      .map(({ specifier, typeOnly }) =>
        specifier.startsWith('.')
          ? (violation(file, target(file, specifier)) ?? webViolation(file, target(file, specifier), typeOnly))
          : packageViolation(file, specifier),
      )
      .filter((reason): reason is string => reason !== null)
      .map((reason) => `${file}: ${reason}`),
  );
}

describe('view modules', () => {
  it('refuses a view that imports a module with runtime dependencies, or any package', () => {
    expect(violation('backend/speach/speach-card.view.ts', 'backend/speach/speach-views')).toMatch(/view module imports only other view modules/);
    expect(violation('events/speach-vocabulary.view.ts', 'events/schema-registry')).toMatch(/view module/);
    expect(violation('projections/analytics-vocabulary.view.ts', 'projections/analytics-buckets')).toMatch(/view module/);
    expect(packageViolation('backend/paths/path.view.ts', '@nestjs/common')).toMatch(/not the package @nestjs\/common/);
    expect(packageViolation('backend/paths/path.view.ts', 'node:crypto')).toMatch(/node:crypto/);
  });

  it('lets a view import another context view, which is part of that context face', () => {
    expect(violation('backend/home/home.view.ts', 'backend/speach/speach-card.view')).toBeNull();
    expect(violation('backend/workflow/workflow.view.ts', 'events/workflow-vocabulary.view')).toBeNull();
    expect(isFace('backend/speach/speach-card.view')).toBe(true);
    expect(violation('backend/home/learner-home.service.ts', 'backend/speach/speach-card.view')).toBeNull();
    expect(violation('backend/home/learner-home.service.ts', 'backend/speach/speach-views')).toMatch(/internal of the speach context/);
    expect(packageViolation('backend/paths/path-views.ts', '@nestjs/common')).toBeNull();
  });

  it('lets the web reach the server only through `import type` of a view module', () => {
    expect(webViolation('web/shared/src/api/speach.ts', 'backend/speach/speach-card.view', true)).toBeNull();
    expect(webViolation('web/shared/src/api/speach.ts', 'backend/speach/speach-card.view', false)).toMatch(/import type/);
    expect(webViolation('web/learner/src/cards/cardsApi.ts', 'backend/speach/speach-views', true)).toMatch(/only through its view modules/);
    expect(webViolation('web/admin/src/dashboard/api.ts', 'projections/analytics.projection', true)).toMatch(/view modules/);
    expect(webViolation('web/learner/src/cards/cardsApi.ts', 'web/shared/src/api/index', false)).toBeNull();
  });

  it('reads `import type` and `export type` as erased, anything else as bundled', () => {
    const source = [
      "import type { A } from './a.view';",
      "export type { B } from './b.view';",
      "import { C } from './c.view';",
      "export * from './d.view';",
      "const e = import('./e.view');",
    ].join('\n');
    expect(imports(source)).toEqual([
      { specifier: './a.view', typeOnly: true },
      { specifier: './b.view', typeOnly: true },
      { specifier: './c.view', typeOnly: false },
      { specifier: './d.view', typeOnly: false },
      { specifier: './e.view', typeOnly: false },
    ]);
  });

  it('finds the views pure and every web import of the server type-only', () => {
    const views = ['backend', 'events', 'projections'].flatMap((folder) => files(folder, (name) => name.endsWith('.view.ts')));
    expect(views).toEqual(expect.arrayContaining(['backend/speach/speach-card.view.ts', 'events/speach-vocabulary.view.ts']));
    const web = ['web/shared/src', 'web/learner/src', 'web/admin/src'].flatMap((folder) => files(folder, (name) => /\.tsx?$/.test(name)));
    expect(web.length).toBeGreaterThan(100);
    expect(problems([...views, ...web])).toEqual([]);
  });

  it('types the web answers with the server views (the shared package re-exports them)', () => {
    const shared = readFileSync(join(ROOT, 'web/shared/src/api/speach.ts'), 'utf8');
    expect(imports(shared)).toEqual(expect.arrayContaining([{ specifier: '../../../../backend/speach/speach-card.view', typeOnly: true }]));
  });
});
