import type { MessageKey } from './en';

/** The pure side of the catalogues (no React): the app's context and the tests share it. */
export const LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The catalogues loaded so far. The app loads the language in use (`load.ts`, one chunk per language);
 * the tests register the TypeScript catalogues directly.
 */
const CATALOGS: Partial<Record<Language, Record<string, string>>> = {};

export function registerCatalogue(language: Language, messages: Record<string, string>): void {
  CATALOGS[language] = messages;
}

export function hasCatalogue(language: Language): boolean {
  return CATALOGS[language] !== undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/** The CLDR plural category of a count in a language (`one`, `other`, …), by Intl.PluralRules. */
export function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/** A number as the language writes it (fr "1 000,5", de "1.000,5", en "1,000.5"), by Intl.NumberFormat. */
export function formatNumber(language: Language, value: number, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(language, options).format(value);
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 })));
  return format.format(value);
}

/**
 * A message with its `{name}` parameters filled. A numeric `count` picks the variant `<key>_<category>`
 * (e.g. `_one`) of its plural category when the catalogue has one, else the key itself (the `other` form);
 * numeric parameters are written the language's way.
 */
export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const catalog = CATALOGS[language] ?? CATALOGS.en ?? {};
  const variant = typeof params.count === 'number' ? catalog[`${key}_${pluralCategory(language, params.count)}`] : undefined;
  const template = variant ?? catalog[key] ?? CATALOGS.en?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value === 'number') return formatNumber(language, value);
    return String(value ?? `{${name}}`);
  });
}

/** Spec §9: en M/D/YYYY, de D.M.YYYY, es D/M/YYYY, fr DD/MM/YYYY. */
export function formatDate(language: Language, value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const d = date.getDate();
  const m = date.getMonth() + 1;
  const y = date.getFullYear();
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (language) {
    case 'fr':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'de':
      return `${d}.${m}.${y}`;
    case 'es':
      return `${d}/${m}/${y}`;
    default:
      return `${m}/${d}/${y}`;
  }
}
