import { useLocaleState, useTranslate } from 'react-admin';
import { SPEACH_LANGUAGES, SPEACH_STATES, VISIBILITIES } from '@speach/web-shared/api';

export function useStateChoices() {
  const translate = useTranslate();
  return SPEACH_STATES.map((id) => ({ id, name: translate(`admin.speaches.state.${id}`) }));
}

export function useVisibilityChoices() {
  const translate = useTranslate();
  return VISIBILITIES.map((id) => ({ id, name: translate(`admin.speaches.visibility.${id}`) }));
}

export function useYesNoChoices() {
  const translate = useTranslate();
  return [
    { id: true, name: translate('ra.boolean.true') },
    { id: false, name: translate('ra.boolean.false') },
  ];
}

/** Speach languages (spec §9) named in the interface language. */
export function useLanguageChoices() {
  const [locale] = useLocaleState();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'language' });
  } catch {
    names = null;
  }
  return SPEACH_LANGUAGES.map((id) => ({ id, name: names?.of(id) ?? id }));
}
