/** Messages of regulated training in the back office (issue 23): qualification at a date, the audit trail on paper. */
export const gxpMessages = {
  en: {
    admin: {
      menu: { qualification: 'Qualification' },
      audit: { exportPdf: 'Export PDF' },
      gxp: {
        title: 'Qualification at a date', kind: 'Query', bySpeach: 'Who, on a speach', byPath: 'Who, on a path', byUser: 'What, for a user',
        id: 'Speach, path or user id', date: 'Date', search: 'Search', learner: 'Learner', training: 'Training', version: 'Version',
        completedAt: 'Completed', status: 'Status', none: 'Nobody was trained by that date.',
        statuses: { QUALIFIED: 'Qualified', RETRAINING_DUE: 'Qualified, retraining due', SUPERSEDED: 'Superseded version', LAPSED: 'Lapsed' },
      },
    },
  },
  fr: {
    admin: {
      menu: { qualification: 'Qualification' },
      audit: { exportPdf: 'Exporter en PDF' },
      gxp: {
        title: 'Qualification à une date', kind: 'Requête', bySpeach: 'Qui, sur un speach', byPath: 'Qui, sur un parcours', byUser: 'Quoi, pour un utilisateur',
        id: 'Identifiant du speach, du parcours ou de l’utilisateur', date: 'Date', search: 'Rechercher', learner: 'Apprenant', training: 'Formation', version: 'Version',
        completedAt: 'Terminé le', status: 'Statut', none: 'Personne n’était formé à cette date.',
        statuses: { QUALIFIED: 'Qualifié', RETRAINING_DUE: 'Qualifié, reformation à faire', SUPERSEDED: 'Version remplacée', LAPSED: 'Expiré' },
      },
    },
  },
  es: {
    admin: {
      menu: { qualification: 'Cualificación' },
      audit: { exportPdf: 'Exportar PDF' },
      gxp: {
        title: 'Cualificación en una fecha', kind: 'Consulta', bySpeach: 'Quién, en un speach', byPath: 'Quién, en un itinerario', byUser: 'Qué, para un usuario',
        id: 'Identificador del speach, del itinerario o del usuario', date: 'Fecha', search: 'Buscar', learner: 'Alumno', training: 'Formación', version: 'Versión',
        completedAt: 'Completado', status: 'Estado', none: 'Nadie estaba formado en esa fecha.',
        statuses: { QUALIFIED: 'Cualificado', RETRAINING_DUE: 'Cualificado, reciclaje pendiente', SUPERSEDED: 'Versión sustituida', LAPSED: 'Caducado' },
      },
    },
  },
  de: {
    admin: {
      menu: { qualification: 'Qualifikation' },
      audit: { exportPdf: 'PDF exportieren' },
      gxp: {
        title: 'Qualifikation zu einem Datum', kind: 'Abfrage', bySpeach: 'Wer, für ein Speach', byPath: 'Wer, für einen Lernpfad', byUser: 'Was, für einen Benutzer',
        id: 'ID des Speachs, Lernpfads oder Benutzers', date: 'Datum', search: 'Suchen', learner: 'Lernende Person', training: 'Schulung', version: 'Version',
        completedAt: 'Abgeschlossen', status: 'Status', none: 'Zu diesem Datum war niemand geschult.',
        statuses: { QUALIFIED: 'Qualifiziert', RETRAINING_DUE: 'Qualifiziert, Nachschulung fällig', SUPERSEDED: 'Ersetzte Version', LAPSED: 'Abgelaufen' },
      },
    },
  },
};
