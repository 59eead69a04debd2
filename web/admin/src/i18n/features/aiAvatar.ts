/** Messages of the AI avatar usage panel (issue 22), per language. */
export const aiAvatarMessages = {
  en: {
    admin: {
      menu: { aiAvatar: 'AI avatar usage' },
      aiAvatar: {
        title: 'AI avatar usage',
        used: 'Used: %{used} of %{limit} (%{percent})',
        remaining: 'Remaining: %{remaining}',
        overrun: 'Usage is over the limit: add time to keep rendering avatars.',
        addTime: 'Add one hour',
        confirmTitle: 'Add one hour of AI avatar time?',
        confirmContent: 'One hour (3,600 seconds) is added to the limit and billed once on the next invoice.',
        added: 'One hour added. New limit: %{limit}.',
        month: 'Month',
        monthUsage: 'Usage',
      },
    },
  },
  fr: {
    admin: {
      menu: { aiAvatar: 'Utilisation des avatars IA' },
      aiAvatar: {
        title: 'Utilisation des avatars IA',
        used: 'Utilisé : %{used} sur %{limit} (%{percent})',
        remaining: 'Restant : %{remaining}',
        overrun: 'L’utilisation dépasse la limite : ajoutez du temps pour continuer à générer des avatars.',
        addTime: 'Ajouter une heure',
        confirmTitle: 'Ajouter une heure de temps d’avatar IA ?',
        confirmContent: 'Une heure (3 600 secondes) est ajoutée à la limite et facturée une fois sur la prochaine facture.',
        added: 'Une heure ajoutée. Nouvelle limite : %{limit}.',
        month: 'Mois',
        monthUsage: 'Utilisation',
      },
    },
  },
  es: {
    admin: {
      menu: { aiAvatar: 'Uso de avatares IA' },
      aiAvatar: {
        title: 'Uso de avatares IA',
        used: 'Usado: %{used} de %{limit} (%{percent})',
        remaining: 'Restante: %{remaining}',
        overrun: 'El uso supera el límite: añada tiempo para seguir generando avatares.',
        addTime: 'Añadir una hora',
        confirmTitle: '¿Añadir una hora de tiempo de avatar IA?',
        confirmContent: 'Se añade una hora (3.600 segundos) al límite, facturada una sola vez en la próxima factura.',
        added: 'Una hora añadida. Nuevo límite: %{limit}.',
        month: 'Mes',
        monthUsage: 'Uso',
      },
    },
  },
  de: {
    admin: {
      menu: { aiAvatar: 'KI-Avatar-Nutzung' },
      aiAvatar: {
        title: 'KI-Avatar-Nutzung',
        used: 'Genutzt: %{used} von %{limit} (%{percent})',
        remaining: 'Verbleibend: %{remaining}',
        overrun: 'Die Nutzung überschreitet das Limit: Fügen Sie Zeit hinzu, um weiter Avatare zu erstellen.',
        addTime: 'Eine Stunde hinzufügen',
        confirmTitle: 'Eine Stunde KI-Avatar-Zeit hinzufügen?',
        confirmContent: 'Eine Stunde (3.600 Sekunden) wird dem Limit hinzugefügt und einmalig mit der nächsten Rechnung abgerechnet.',
        added: 'Eine Stunde hinzugefügt. Neues Limit: %{limit}.',
        month: 'Monat',
        monthUsage: 'Nutzung',
      },
    },
  },
};
