import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { featureMessages } from './features';
import { appMessages } from './messages';
import { raDe } from './ra-de';
import { raEs } from './ra-es';

type Catalog = Record<string, unknown>;

/** Deep merge: a language's catalog over English, so a missing key shows English rather than its name. */
function merge(base: Catalog, over: Catalog): Catalog {
  const out: Catalog = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && typeof base[key] === 'object' ? merge(base[key] as Catalog, value as Catalog) : value;
  }
  return out;
}

type Language = 'en' | 'fr' | 'es' | 'de';
/** The app's messages of one language: the core ones, then each feature's. */
function own(language: Language): Catalog {
  return featureMessages.reduce<Catalog>((all, feature) => merge(all, feature[language] as Catalog), appMessages[language] as Catalog);
}

const english = merge(englishMessages as unknown as Catalog, own('en'));
const catalogs: Record<string, Catalog> = {
  en: english,
  fr: merge(merge(english, frenchMessages as unknown as Catalog), own('fr')),
  es: merge(merge(english, raEs), own('es')),
  de: merge(merge(english, raDe), own('de')),
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
