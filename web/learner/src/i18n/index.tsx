import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { MessageKey } from './en';
import { LANGUAGES, type Language, formatDate, formatNumber, translate } from './format';

export { LANGUAGES, type Language, formatDate, formatNumber, pluralCategory, translate } from './format';
const STORAGE_KEY = 'speach.language';
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español', de: 'Deutsch' };

/** The user's choice, else the browser's language, else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const browser = (navigator.language || 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(browser) ? (browser as Language) : 'en';
}

interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
  date: (value: string | Date) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({ language, setLanguage, t: (key, params) => translate(language, key, params), date: (v) => formatDate(language, v), number: (v, o) => formatNumber(language, v, o) }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export type { MessageKey };
