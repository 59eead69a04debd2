import { LANGUAGES, formatNumber, pluralCategory, registerCatalogue, translate } from '../../web/learner/src/i18n/format';
import { de } from '../../web/learner/src/i18n/de';
import { en } from '../../web/learner/src/i18n/en';
import { es } from '../../web/learner/src/i18n/es';
import { fr } from '../../web/learner/src/i18n/fr';
import { footerLabel } from '../../web/learner/src/site/footer-label';

const NBSP = '\u00a0';

// The app loads one catalogue per language as its own chunk (i18n/load.ts); here they are registered directly.
for (const [language, messages] of Object.entries({ en, fr, es, de })) registerCatalogue(language as 'en', messages);

describe('learner i18n (issue 17 defect 6)', () => {
  it('picks the plural variant by Intl.PluralRules: French 0 and 1 are singular, English 1 only', () => {
    expect(translate('fr', 'speach.read.progress', { read: 1, total: 3, count: 1 })).toBe('1 chapitre lu sur 3');
    expect(translate('fr', 'speach.read.progress', { read: 2, total: 3, count: 2 })).toBe('2 chapitres lus sur 3');
    expect(translate('fr', 'engagement.rating.star', { value: 1, count: 1 })).toBe('1 étoile sur 5');
    expect(translate('fr', 'engagement.rating.star', { value: 4, count: 4 })).toBe('4 étoiles sur 5');
    expect(translate('en', 'card.more', { count: 1 })).toBe('1 more co-editor');
    expect(translate('en', 'card.more', { count: 2 })).toBe('2 more co-editors');
    expect(pluralCategory('fr', 0)).toBe('one');
    expect(pluralCategory('en', 0)).toBe('other');
  });

  it('writes numbers the language’s way', () => {
    expect(formatNumber('en', 1000.5)).toBe('1,000.5');
    expect(formatNumber('de', 1000.5)).toBe('1.000,5');
    expect(formatNumber('fr', 4.5)).toBe('4,5');
    expect(formatNumber('fr', 1000).replace(/\s/g, ' ')).toBe('1 000');
    expect(translate('de', 'grid.total', { count: 1234 })).toBe('Speaches: 1.234');
  });

  it('puts a non-breaking space before every colon of the French catalogue', () => {
    const plain = Object.entries(fr).filter(([, text]) => / :/.test(text));
    expect(plain).toEqual([]);
    expect(translate('fr', 'grid.total', { count: 3 })).toBe(`Speachs${NBSP}: 3`);
  });

  it('spells the product noun one way in English: speach, speaches', () => {
    // Spec §8 quotes this error message word for word; the error catalogue is the contract.
    const specVerbatim = new Set(['ai.restore.speach']);
    expect(Object.entries(en).filter(([key, text]) => !specVerbatim.has(key) && /speech|speachs/i.test(text))).toEqual([]);
  });

  it('names every role the home shows, in every language', () => {
    for (const language of LANGUAGES) {
      for (const role of ['ADMIN', 'FORMATEUR', 'APPROVER', 'AI_EDITOR', 'AUDITOR'] as const) {
        expect(translate(language, `role.${role}`)).not.toBe(`role.${role}`);
      }
    }
    expect({ fr: fr['role.AUDITOR'], de: de['role.AUDITOR'], es: es['role.AUDITOR'] }).toEqual({ fr: 'Auditeur', de: 'Prüfer', es: 'Auditor' });
  });

  it('translates the shipped footer labels and keeps one an administrator typed', () => {
    const t = (key: Parameters<typeof translate>[1]) => translate('de', key);
    expect(footerLabel({ code: 'GCU', label: 'Terms of use' }, t)).toBe('Nutzungsbedingungen');
    expect(footerLabel({ code: 'ACCESSIBILITY', label: 'Accessibility' }, t)).toBe('Barrierefreiheit');
    expect(footerLabel({ code: 'PDP', label: 'Datenschutz bei ACME' }, t)).toBe('Datenschutz bei ACME');
    expect(footerLabel({ code: 'PRODUCT', label: 'Speach' }, t)).toBe('Speach');
  });

  it('labels a scheduled speach "Scheduled for", not "Published on"', () => {
    expect(translate('en', 'card.tag.delayed', { date: '12/8/2026' })).toBe('Scheduled for 12/8/2026');
    expect(translate('fr', 'card.tag.delayed', { date: '08/12/2026' })).toBe('Programmé pour le 08/12/2026');
  });
});
