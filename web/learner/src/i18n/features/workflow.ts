import { defineMessages } from './define';

/** Messages of the workflow screens. */
export const workflowMessages = defineMessages({
  en: {},
  fr: {},
  es: {},
  de: {},
});
