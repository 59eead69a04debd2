/**
 * The one description of the import boundaries (issue 24), shared by the ESLint rule (eslint/boundaries.mjs),
 * the codemod (tools/boundaries/rewrite-imports.ts) and the jest guard (tools/boundaries/boundaries.spec.ts),
 * so the three can never disagree. Paths are repository paths without extension, with forward slashes.
 *
 * - platform: what every context builds on (ports, adapters, configuration, observability, backups).
 * - shell: what assembles the application (app module, bootstrap, CLI, health pages, demo seed).
 * - context: every other folder of backend/; others reach it only through its index.ts or its view modules.
 * - view modules (`*.view.ts`, in events/, projections/ or a context): the API's answer types and the spec's
 *   vocabularies. They import only other view modules, so the web apps can type-check against them without
 *   pulling Node or Nest in; the web reaches backend code only through `import type` of a view module.
 */
const PLATFORM = ['infrastructure', 'config', 'observability', 'operations'];
const SHELL_FOLDERS = ['cli', 'seed', 'health'];
const SHELL_FILES = ['backend/app.module', 'backend/app', 'backend/main'];
/** Who may import the demo seed: the app module wires it, the bootstrap and the CLI run it. */
const SEED_IMPORTERS = [/^backend\/app\.module$/, /^backend\/app$/, /^backend\/main$/, /^backend\/cli\//, /^backend\/seed\//];
/** What a projection may build on besides events/ and projections/: the read store, the log, the checkpoints. */
const PROJECTION_PLATFORM = [
  /^backend\/infrastructure\/read-store\/[^/]+$/,
  /^backend\/infrastructure\/event-store\/event-store\.port$/,
  /^backend\/infrastructure\/checkpoints\/checkpoint-store\.port$/,
];

function normalise(path) {
  return path
    .split('\\')
    .join('/')
    .replace(/\.(d\.ts|ts|tsx|js|cjs|mjs)$/, '');
}

/** The layer and, for backend/, the folder a repository path belongs to. */
function classify(path) {
  const p = normalise(path);
  const parts = p.split('/');
  if (parts[0] === 'events') return { layer: 'events' };
  if (parts[0] === 'projections') return { layer: 'projections' };
  if (parts[0] !== 'backend') return { layer: 'outside' };
  if (parts.length === 2) return { layer: SHELL_FILES.includes(p) ? 'shell' : 'platform', folder: null };
  const folder = parts[1];
  if (PLATFORM.includes(folder)) return { layer: 'platform', folder };
  if (SHELL_FOLDERS.includes(folder)) return { layer: folder === 'seed' ? 'seed' : 'shell', folder };
  return { layer: 'context', folder };
}

/** A view module: an answer type or a vocabulary, free of runtime dependencies (docs/web-shared-and-data-layer.md). */
const isView = (path) => /\.view$/.test(normalise(path));

/** A context's public face: its folder, its index, or one of its view modules (the answers it gives). */
function isFace(path) {
  const parts = normalise(path).split('/');
  return parts[0] === 'backend' && (parts.length === 2 || (parts.length === 3 && (parts[2] === 'index' || isView(path))));
}

/** The code folders the web apps may reach only through view modules. */
const SERVER_ROOTS = /^(?:backend|events|projections)\//;

/**
 * Why `from` may not import the package `specifier` (not a relative path), or null when it may: a view module
 * imports no package at all (no Node, no Nest, no validation library), so the browser's type check can hold it.
 */
function packageViolation(fromPath, specifier) {
  if (isView(fromPath)) return `a view module imports only other view modules, not the package ${specifier}`;
  return null;
}

/**
 * Why web code `from` may not import `to` (repository paths), `typeOnly` being true for `import type` / `export type`:
 * the web apps use the server's code only as types of its view modules (nothing of the backend is bundled).
 */
function webViolation(fromPath, toPath, typeOnly) {
  const to = normalise(toPath);
  if (!normalise(fromPath).startsWith('web/') || !SERVER_ROOTS.test(to)) return null;
  if (!isView(to)) return `web code reaches the server's code only through its view modules (*.view.ts), not ${to}`;
  if (!typeOnly) return `web code imports a view module with \`import type\` / \`export type\` only (nothing of the server is bundled): ${to}`;
  return null;
}

const isSpec = (path) => /\.spec$/.test(normalise(path));

/**
 * Why `from` may not import `to` (both repository paths), or null when it may.
 * Spec files follow the same rules as the code beside them, except that a projection's spec may use test helpers.
 */
function violation(fromPath, toPath) {
  const from = normalise(fromPath);
  const to = normalise(toPath);
  const source = classify(from);
  const target = classify(to);
  if (isView(from) && !isView(to)) {
    return `a view module imports only other view modules (*.view.ts), not ${to}`;
  }
  if (source.layer === 'events' && (to.startsWith('backend/') || to.startsWith('projections/'))) {
    return `events/ is the contract: it imports nothing from backend/ or projections/ (${to})`;
  }
  if (source.layer === 'projections' && !isSpec(from) && to.startsWith('backend/') && !PROJECTION_PLATFORM.some((r) => r.test(to))) {
    return `projections/ imports only events/ and the read-store/projection platform, not ${to}`;
  }
  if (!from.startsWith('backend/')) return null;
  if (target.layer === 'seed' && !SEED_IMPORTERS.some((r) => r.test(from))) {
    return `only the app module and the CLI import the demo seed (${to})`;
  }
  if (target.layer === 'shell' && source.layer !== 'shell' && source.layer !== 'seed') {
    return `the app shell (app module, CLI, health) is imported by nobody but itself (${to})`;
  }
  if (target.layer === 'context' && target.folder !== source.folder && !isFace(to)) {
    return `${to} is an internal of the ${target.folder} context: import '${'backend/' + target.folder}' (its index.ts) instead`;
  }
  return null;
}

module.exports = { PLATFORM, SHELL_FOLDERS, SHELL_FILES, PROJECTION_PLATFORM, classify, isFace, isView, violation, packageViolation, webViolation, normalise };
