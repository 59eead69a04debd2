/** Unit, contract and API tests. Browser tests have their own config (jest.browser.config.js). */
const swc = JSON.parse(require('node:fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/backend', '<rootDir>/bench', '<rootDir>/events', '<rootDir>/projections', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.browser\\.spec\\.ts$'],
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { ...swc, swcrc: false }],
    // ESM-only dependencies of @fastify/static: Node 20.19 requires them natively, jest needs them compiled.
    '^.+\\.m?js$': ['@swc/jest', { ...swc, swcrc: false, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|glob|minimatch|path-scurry|lru-cache|minipass|@isaacs|jackspeak|package-json-from-dist)/)'],
  testTimeout: 30000,
};
