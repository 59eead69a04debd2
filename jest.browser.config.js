/** Browser tests: playwright-core driving Debian's Chromium against the built app. */
const base = require('./jest.config.js');
module.exports = {
  ...base,
  roots: ['<rootDir>/test/browser'],
  testMatch: ['**/*.browser.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 120000,
};
