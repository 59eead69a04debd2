import type { Language, MessageKey } from '../i18n';

type Counted = 'ai.upload.pages' | 'aiQuizGeneration.popup.generated';

/** The message of `count` things in `language` (Intl plural rules: "one" or "other"), with the count formatted. */
export function counted(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  language: Language,
  base: Counted,
  count: number,
  params: Record<string, string | number> = {},
): string {
  const form = new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
  return t(`${base}.${form}` as MessageKey, { ...params, count: new Intl.NumberFormat(language).format(count) });
}
