import { defineMessages } from './define';

/** Messages of the account screens. */
export const accountMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
