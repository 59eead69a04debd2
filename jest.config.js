/** Unit, contract and API tests. Browser tests have their own config (jest.browser.config.js). */
const swc = JSON.parse(require('node:fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/backend', '<rootDir>/events', '<rootDir>/projections', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.browser\\.spec\\.ts$'],
  transform: { '^.+\\.tsx?$': ['@swc/jest', { ...swc, swcrc: false }] },
  testTimeout: 30000,
};
