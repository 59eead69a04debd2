import { FeedbackLabelsProvider } from '@speach/web-shared/feedback';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { MessageKey } from './en';
import { LANGUAGES, type Language, formatDate, formatNumber, hasCatalogue, translate } from './format';
import { loadCatalogue } from './load';

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

/**
 * Renders the app once the catalogue of the user's language is loaded (its own chunk); a change of
 * language loads the new catalogue first, so no screen shows keys in between.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [ready, setReady] = useState(() => hasCatalogue(language));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.documentElement.lang = language;
    if (hasCatalogue(language)) return;
    let current = true;
    loadCatalogue(language)
      .then(() => current && setReady(true))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    loadCatalogue(next)
      .then(() => setLanguageState(next))
      .catch(() => setFailed(true));
  }, []);
  const value = useMemo<I18n>(
    () => ({
      language,
      setLanguage,
      t: (key, params) => translate(language, key, params),
      date: (v) => formatDate(language, v),
      number: (v, o) => formatNumber(language, v, o),
    }),
    [language, setLanguage],
  );
  const feedbackLabels = useMemo(
    () => ({ loading: translate(language, 'common.loading'), retry: translate(language, 'common.retry'), close: translate(language, 'feedback.close') }),
    [language],
  );
  if (failed && !ready) {
    // No catalogue to say it with: the four languages at once.
    return (
      <p role="alert" style={{ padding: 24 }}>
        The page could not load. · La page n’a pas pu se charger. · No se pudo cargar la página. · Die Seite konnte nicht geladen werden.{' '}
        <button type="button" onClick={() => window.location.reload()}>
          ↻
        </button>
      </p>
    );
  }
  if (!ready) return <div aria-busy="true" />;
  return (
    <I18nContext.Provider value={value}>
      <FeedbackLabelsProvider labels={feedbackLabels}>{children}</FeedbackLabelsProvider>
    </I18nContext.Provider>
  );
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export type { MessageKey };
