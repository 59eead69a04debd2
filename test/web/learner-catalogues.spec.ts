import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { de } from '../../web/learner/src/i18n/de';
import { en } from '../../web/learner/src/i18n/en';
import { es } from '../../web/learner/src/i18n/es';
import { fr } from '../../web/learner/src/i18n/fr';

/** Issue 17: the learner app loads only its language's catalogue; the build writes one per language. */
describe('learner catalogues split per language', () => {
  it('writes en, fr, es and de as separate JSON files holding exactly each language', () => {
    const root = join(__dirname, '..', '..');
    const out = mkdtempSync(join(tmpdir(), 'catalogues-'));
    try {
      execFileSync(
        process.execPath,
        ['-r', join(root, 'test/support/swc-register.js'), '-e', `require(${JSON.stringify(join(root, 'web/learner/scripts/catalogues.ts'))})`],
        { env: { ...process.env, CATALOGUES_OUT: out }, stdio: 'pipe' },
      );
      for (const [language, messages] of Object.entries({ en, fr, es, de })) {
        const written = JSON.parse(readFileSync(join(out, `${language}.json`), 'utf8')) as Record<string, string>;
        expect(written).toEqual(messages);
      }
      expect(JSON.parse(readFileSync(join(out, 'fr.json'), 'utf8'))['nav.home']).toBe('Accueil');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
