import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { appMessages } from './messages';
import { raDe } from './ra-de';
import { raEs } from './ra-es';

type Catalog = Record<string, unknown>;

/** Deep merge: a language's catalog over English, so a missing key shows English rather than its name. */
function merge(base: Catalog, over: Catalog): Catalog {
  const out: Catalog = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) && typeof base[key] === 'object' ? merge(base[key] as Catalog, value as Catalog) : value;
  }
  return out;
}

const english = merge(englishMessages as unknown as Catalog, appMessages.en);
const catalogs: Record<string, Catalog> = {
  en: english,
  fr: merge(merge(english, frenchMessages as unknown as Catalog), appMessages.fr),
  es: merge(merge(english, raEs), appMessages.es),
  de: merge(merge(english, raDe), appMessages.de),
};

const LOCALES = ['en', 'fr', 'es', 'de'];
const stored = localStorage.getItem('RaStore.locale')?.replace(/"/g, '');
const browser = navigator.language.slice(0, 2);
const initial = stored && LOCALES.includes(stored) ? stored : LOCALES.includes(browser) ? browser : 'en';

export const i18nProvider = polyglotI18nProvider((locale) => (catalogs[locale] ?? english) as unknown as TranslationMessages, initial, [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
  { locale: 'es', name: 'Español' },
  { locale: 'de', name: 'Deutsch' },
]);
