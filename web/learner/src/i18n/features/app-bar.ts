import { defineMessages } from './define';

/** Messages of the app bar on narrow screens, where the main links fold into one menu (issue 17). */
export const appBarMessages = defineMessages({
  en: { 'nav.menu': 'Main menu' },
  fr: { 'nav.menu': 'Menu principal' },
  es: { 'nav.menu': 'Menú principal' },
  de: { 'nav.menu': 'Hauptmenü' },
});
