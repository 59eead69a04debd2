import { defineMessages } from './define';

/** Messages of the learning paths found by the search overlay. */
export const pathSearchMessages = defineMessages({
  en: {
    'pathSearch.heading': 'Learning paths ({count})',
    'pathSearch.speaches': '{count} speaches',
    'pathSearch.speaches_one': '{count} speach',
    'pathSearch.more': 'Show more learning paths',
  },
  fr: {
    'pathSearch.heading': 'Parcours de formation ({count})',
    'pathSearch.speaches': '{count} speaches',
    'pathSearch.speaches_one': '{count} speach',
    'pathSearch.more': 'Afficher plus de parcours',
  },
  es: {
    'pathSearch.heading': 'Itinerarios formativos ({count})',
    'pathSearch.speaches': '{count} speaches',
    'pathSearch.speaches_one': '{count} speach',
    'pathSearch.more': 'Mostrar más itinerarios',
  },
  de: {
    'pathSearch.heading': 'Lernpfade ({count})',
    'pathSearch.speaches': '{count} Speaches',
    'pathSearch.speaches_one': '{count} Speach',
    'pathSearch.more': 'Weitere Lernpfade anzeigen',
  },
});
