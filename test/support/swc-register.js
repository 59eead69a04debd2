/* Lets a child process `require` the TypeScript sources directly (crash tests spawn real processes). */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const swcrc = JSON.parse(readFileSync(join(__dirname, '..', '..', '.swcrc'), 'utf8'));
require.extensions['.ts'] = function compile(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcrc, swcrc: false, filename, sourceMaps: false });
  module._compile(code, filename);
};
