import { defineMessages } from './define';

/** Messages of the site screens. */
export const siteMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
