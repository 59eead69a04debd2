import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import boundaries of issue 24, checked by `npm test` as well as by the lint: the same rules
 * (tools/boundaries/layers.cjs), so a forbidden import fails whichever one runs.
 */
const { violation, classify } = require('../../tools/boundaries/layers.cjs') as {
  violation: (from: string, to: string) => string | null;
  classify: (path: string) => { layer: string; folder?: string | null };
};

const ROOT = resolve(__dirname, '..', '..');

function specifiers(source: string): string[] {
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function crossings(folders: string[]): string[] {
  return folders.flatMap(sources).flatMap((file) =>
    specifiers(readFileSync(join(ROOT, file), 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) =>
        relative(ROOT, resolve(dirname(join(ROOT, file)), s))
          .split('\\')
          .join('/'),
      )
      .map((target) => violation(file, target))
      .filter((reason): reason is string => reason !== null)
      .map((reason) => `${file}: ${reason}`),
  );
}

describe('bounded context boundaries', () => {
  it('refuses an import of another context internals and accepts its face', () => {
    expect(violation('backend/engagement/engagement.module.ts', 'backend/speach/speach.module')).toMatch(/internal of the speach context/);
    expect(violation('backend/engagement/engagement.module.ts', 'backend/speach')).toBeNull();
    expect(violation('backend/engagement/engagement.module.ts', 'backend/speach/index')).toBeNull();
    expect(violation('backend/speach/speach.module.ts', 'backend/speach/speach-views')).toBeNull();
  });

  it('lets every part of backend/ use the platform, and only the app module and the CLI use the seed', () => {
    expect(violation('backend/speach/speach.module.ts', 'backend/infrastructure/decider/command-runner')).toBeNull();
    expect(violation('backend/analytics/analytics.module.ts', 'backend/seed/demo-activity')).toMatch(/demo seed/);
    expect(violation('backend/app.module.ts', 'backend/seed/demo-seeder')).toBeNull();
    expect(violation('backend/cli/restore.ts', 'backend/seed/demo-seeder')).toBeNull();
    expect(violation('backend/identity/identity.module.ts', 'backend/health/health.controller')).toMatch(/app shell/);
  });

  it('keeps the seed and the shell on the faces too', () => {
    expect(violation('backend/seed/demo-workflow.ts', 'backend/speach/speach-commands.service')).toMatch(/internal of the speach context/);
    expect(violation('backend/health/health.controller.ts', 'backend/audit/audit-chain')).toMatch(/internal of the audit context/);
  });

  it('keeps projections on events/ and the read-store platform, and events/ on itself', () => {
    expect(violation('projections/speaches.projection.ts', 'backend/speach/speach.decider')).toMatch(/projections/);
    expect(violation('projections/speaches.projection.ts', 'backend/infrastructure/read-store/read-store.port')).toBeNull();
    expect(violation('events/speach.events.ts', 'backend/infrastructure/clock/clock')).toMatch(/events/);
    expect(violation('events/speach.events.ts', 'projections/speaches.projection')).toMatch(/events/);
  });

  it('classifies the folders of backend/', () => {
    expect(classify('backend/operations/backup').layer).toBe('platform');
    expect(classify('backend/config/app-config').layer).toBe('platform');
    expect(classify('backend/health/health.controller').layer).toBe('shell');
    expect(classify('backend/speach/speach.module')).toEqual({ layer: 'context', folder: 'speach' });
  });

  it('finds no crossing in backend/, projections/ and events/', () => {
    expect(sources('backend').length).toBeGreaterThan(300);
    expect(crossings(['backend', 'projections', 'events'])).toEqual([]);
  });
});
