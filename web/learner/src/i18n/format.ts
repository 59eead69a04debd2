import { formatDate, formatNumber, pluralCategory } from '@speach/web-shared/format';
import type { MessageKey } from './en';

// Numbers, plurals and dates are formatted by the package both apps share.
export { formatDate, formatNumber, pluralCategory };

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
