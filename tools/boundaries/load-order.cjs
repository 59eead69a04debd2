/**
 * Finds load-order cycles between context faces (issue 24): under CommonJS a face loaded half-way leaves a class
 * undefined at decorator time. Requires every file of backend/ first, in a fresh module registry, then the app module.
 * Run: node tools/boundaries/load-order.cjs (exit 1 when any file fails to load).
 */
require('reflect-metadata');
const fs = require('fs'),
  path = require('path');
const { transformSync } = require('@swc/core');
const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '.swcrc'), 'utf8'));
const cache = new Map();
require.extensions['.ts'] = function (module, filename) {
  let code = cache.get(filename);
  if (!code) {
    code = transformSync(fs.readFileSync(filename, 'utf8'), { ...swcrc, swcrc: false, filename, sourceMaps: false }).code;
    cache.set(filename, code);
  }
  module._compile(code, filename);
};
function walk(d) {
  return fs
    .readdirSync(d, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? walk(path.join(d, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.d.ts')
          ? [path.join(d, e.name)]
          : [],
    );
}
const files = walk('backend').filter((f) => !/backend\/(main|cli\/)/.test(f));
let bad = 0;
for (const f of files) {
  for (const k of Object.keys(require.cache)) if (k.endsWith('.ts')) delete require.cache[k];
  try {
    require(path.resolve(f));
    require(path.resolve('backend/app.module.ts'));
  } catch (e) {
    bad++;
    console.log(f, '->', String(e.message).split('\n')[0]);
  }
}
console.log('files', files.length, 'failing', bad);
process.exitCode = bad ? 1 : 0;
