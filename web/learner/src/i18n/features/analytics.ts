import { defineMessages } from './define';

/** Messages of the analytics screens. */
export const analyticsMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
