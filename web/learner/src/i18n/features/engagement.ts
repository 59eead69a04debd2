import { defineMessages } from './define';

/** Messages of the engagement screens. */
export const engagementMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
