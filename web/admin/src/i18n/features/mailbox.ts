/** Messages of the dev mailbox (issue 19), per language (deep-merged into the catalogues). */
export const mailboxMessages = {
  en: {
    admin: {
      menu: { mailbox: 'Dev mailbox' },
      mailbox: { title: 'Dev mailbox', to: 'To', subject: 'Subject', date: 'Date', headers: 'Headers', text: 'Text' },
    },
  },
  fr: {
    admin: {
      menu: { mailbox: 'Boîte mail de développement' },
      mailbox: { title: 'Boîte mail de développement', to: 'Destinataire', subject: 'Objet', date: 'Date', headers: 'En-têtes', text: 'Texte' },
    },
  },
  es: {
    admin: {
      menu: { mailbox: 'Buzón de desarrollo' },
      mailbox: { title: 'Buzón de desarrollo', to: 'Destinatario', subject: 'Asunto', date: 'Fecha', headers: 'Cabeceras', text: 'Texto' },
    },
  },
  de: {
    admin: {
      menu: { mailbox: 'Entwickler-Postfach' },
      mailbox: { title: 'Entwickler-Postfach', to: 'Empfänger', subject: 'Betreff', date: 'Datum', headers: 'Kopfzeilen', text: 'Text' },
    },
  },
};
