import { defineMessages } from './define';

/** Words of the shared feedback components (web/shared: loading, error, toast) beyond the core ones. */
export const feedbackMessages = defineMessages({
  en: {
    'feedback.close': 'Close',
  },
  fr: {
    'feedback.close': 'Fermer',
  },
  es: {
    'feedback.close': 'Cerrar',
  },
  de: {
    'feedback.close': 'Schließen',
  },
});
