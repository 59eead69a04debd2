/** Unit, contract and API tests. Browser tests have their own config (jest.browser.config.js). */
const swc = JSON.parse(require('node:fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
module.exports = {
  testEnvironment: 'node',
  // file-type exports its ESM build under `import`/`module-sync` only (Node 20.19+ `require`s it natively): jest is pointed at it.
  moduleNameMapper: { '^file-type$': '<rootDir>/node_modules/file-type/index.js' },
  roots: ['<rootDir>/backend', '<rootDir>/bench', '<rootDir>/events', '<rootDir>/projections', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.browser\\.spec\\.ts$'],
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { ...swc, swcrc: false }],
    // ESM-only dependencies of @fastify/static: Node 20.19 requires them natively, jest needs them compiled.
    '^.+\\.m?js$': ['@swc/jest', { ...swc, swcrc: false, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } }],
    // The OTLP exporter loads `http` with a dynamic import(), which jest's VM refuses: compiled to a require.
    '^.+\\.cjs$': ['@swc/jest', { ...swc, swcrc: false, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } }],
  },
  // file-type (magic bytes of uploads) and its ESM-only dependencies likewise.
  transformIgnorePatterns: [
    '/node_modules/(?!(content-disposition|glob|minimatch|path-scurry|lru-cache|minipass|@isaacs|jackspeak|package-json-from-dist|file-type|strtok3|token-types|@tokenizer|@borewit|uint8array-extras|@opentelemetry/otlp-exporter-base)/)',
  ],
  // A guard, not a speed check: the seeded app starts in 5-15 s alone, several times that on a loaded 2-core machine.
  testTimeout: 90000,
};
