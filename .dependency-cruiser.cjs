/**
 * dependency-cruiser (`npm run deps`): the boundaries of issue 24 as a second, independent check of the import graph
 * (the same rules as eslint/boundaries.mjs and tools/boundaries/layers.cjs), and the graph report in
 * docs/dependency-graph.md (`npm run deps:report`).
 */
const NOT_A_CONTEXT = '(?:infrastructure|config|observability|operations|cli|seed|health)/';
// A context's face: its index.ts and its view modules (the answers it gives, types only).
const CONTEXT_INTERNAL = `^backend/(?!${NOT_A_CONTEXT})[^/]+/(?!index\\.ts$|[^/]+\\.view\\.ts$)`;
const SHELL = '^backend/(?:cli|health)/|^backend/(?:app\\.module|app|main)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-context-internals',
      severity: 'error',
      comment: 'A context, the platform, the seed or the shell imports another context only through its index.ts or its view modules (its public face).',
      from: { path: '^backend/([^/]+)/' },
      to: { path: CONTEXT_INTERNAL, pathNot: '^backend/$1/' },
    },
    {
      name: 'no-context-internals-from-app',
      severity: 'error',
      comment: 'The app module and the bootstrap import contexts through their faces too.',
      from: { path: '^backend/[^/]+\\.ts$' },
      to: { path: CONTEXT_INTERNAL },
    },
    {
      name: 'seed-only-from-app',
      severity: 'error',
      comment: 'Only the app module (which wires it) and the CLI import the demo seed.',
      from: { path: '^(?:backend|projections|events)/', pathNot: '^backend/(?:app\\.module|app|main)\\.ts$|^backend/(?:cli|seed)/' },
      to: { path: '^backend/seed/' },
    },
    {
      name: 'shell-only-from-shell',
      severity: 'error',
      comment: 'Nothing but the app shell imports the app module, the CLI or the health pages.',
      from: { path: '^(?:backend|projections|events)/', pathNot: `${SHELL}|^backend/seed/` },
      to: { path: SHELL },
    },
    {
      name: 'projections-on-events-and-read-store',
      severity: 'error',
      comment: 'A projection imports events/, projections/ and the read-store/projection platform only.',
      from: { path: '^projections/', pathNot: '\\.spec\\.ts$' },
      to: {
        path: '^backend/',
        pathNot:
          '^backend/infrastructure/read-store/[^/]+\\.ts$|^backend/infrastructure/event-store/event-store\\.port\\.ts$|^backend/infrastructure/checkpoints/checkpoint-store\\.port\\.ts$',
      },
    },
    {
      name: 'views-import-only-views',
      severity: 'error',
      comment:
        'A view module (*.view.ts: an answer type or a vocabulary) imports only other view modules: no package, no Node, no Nest, so the web apps type-check against it (docs/web-shared-and-data-layer.md).',
      from: { path: '\\.view\\.ts$' },
      to: { pathNot: '\\.view\\.ts$' },
    },
    {
      name: 'events-are-the-contract',
      severity: 'error',
      comment: 'events/ imports nothing from backend/ or projections/.',
      from: { path: '^events/' },
      to: { path: '^(?:backend|projections)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:dist|web|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
