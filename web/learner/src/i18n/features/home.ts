import { defineMessages } from './define';

/** Messages of the home screens. */
export const homeMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
