/**
 * Writes one JSON catalogue per language (`src/i18n/generated/<lang>.json`) from the TypeScript
 * catalogues, before `vite build` and `vite`. The sources keep a feature's four languages side by side
 * (the compiler checks every key is translated); the app loads only the catalogue of the language in
 * use, as its own chunk, instead of one chunk with all four (issue 17: the learner's initial JS).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { de } from '../src/i18n/de';
import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';
import { fr } from '../src/i18n/fr';

const out = process.env.CATALOGUES_OUT ?? join(__dirname, '..', 'src', 'i18n', 'generated');
mkdirSync(out, { recursive: true });
for (const [language, messages] of Object.entries({ en, fr, es, de })) {
  writeFileSync(join(out, `${language}.json`), `${JSON.stringify(messages)}\n`);
}
console.log(`catalogues: ${Object.keys(en).length} messages in en, fr, es, de → ${out}`);
