import { defineMessages } from './define';

/** Messages of the notifications screens. */
export const notificationsMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
