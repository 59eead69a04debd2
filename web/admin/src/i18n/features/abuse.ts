/** Messages of the back office's abuse report queue, per language (deep-merged into the catalogues). */
const reasons = {
  en: { SPAM: 'Spam or advertising', HARASSMENT: 'Harassment', HATE: 'Hateful content', INAPPROPRIATE: 'Inappropriate content', MISINFORMATION: 'False information', COPYRIGHT: 'Copyright infringement', OTHER: 'Other' },
  fr: { SPAM: 'Spam ou publicité', HARASSMENT: 'Harcèlement', HATE: 'Contenu haineux', INAPPROPRIATE: 'Contenu inapproprié', MISINFORMATION: 'Fausse information', COPYRIGHT: 'Atteinte au droit d’auteur', OTHER: 'Autre' },
  es: { SPAM: 'Spam o publicidad', HARASSMENT: 'Acoso', HATE: 'Contenido de odio', INAPPROPRIATE: 'Contenido inapropiado', MISINFORMATION: 'Información falsa', COPYRIGHT: 'Infracción de derechos de autor', OTHER: 'Otro' },
  de: { SPAM: 'Spam oder Werbung', HARASSMENT: 'Belästigung', HATE: 'Hassinhalte', INAPPROPRIATE: 'Unangemessene Inhalte', MISINFORMATION: 'Falschinformation', COPYRIGHT: 'Urheberrechtsverletzung', OTHER: 'Sonstiges' },
};

export const abuseMessages = {
  en: {
    admin: {
      menu: { abuseReports: 'Abuse reports' },
      abuse: {
        title: 'Abuse reports',
        resolved: 'Report resolved',
        commentGone: 'comment removed',
        actions: { resolve: 'Resolve', hideComment: 'Hide the comment', deactivateUser: 'Deactivate %{name}' },
        fields: { createdAt: 'Reported on', what: 'Reported', reason: 'Reason', details: 'Details', reporter: 'Reported by', status: 'Status', target: 'Type', resolution: 'Resolution' },
        status: { OPEN: 'Open', RESOLVED: 'Resolved' },
        target: { USER: 'User', SPEACH: 'Speach', COMMENT: 'Comment' },
        reason: reasons.en,
      },
      dashboard: { badges: { title: 'Badges awarded', AVANCEMENT: 'Completion', RESULTAT: 'Result', FORMATEUR: 'Trainer', MIX: 'Completion and result' } },
    },
  },
  fr: {
    admin: {
      menu: { abuseReports: 'Signalements' },
      abuse: {
        title: 'Signalements d’abus',
        resolved: 'Signalement traité',
        commentGone: 'commentaire supprimé',
        actions: { resolve: 'Classer', hideComment: 'Masquer le commentaire', deactivateUser: 'Désactiver %{name}' },
        fields: { createdAt: 'Signalé le', what: 'Signalé', reason: 'Motif', details: 'Précisions', reporter: 'Signalé par', status: 'État', target: 'Type', resolution: 'Décision' },
        status: { OPEN: 'Ouvert', RESOLVED: 'Traité' },
        target: { USER: 'Utilisateur', SPEACH: 'Speach', COMMENT: 'Commentaire' },
        reason: reasons.fr,
      },
      dashboard: { badges: { title: 'Badges obtenus', AVANCEMENT: 'Avancement', RESULTAT: 'Résultat', FORMATEUR: 'Formateur', MIX: 'Avancement et résultat' } },
    },
  },
  es: {
    admin: {
      menu: { abuseReports: 'Denuncias' },
      abuse: {
        title: 'Denuncias de abuso',
        resolved: 'Denuncia resuelta',
        commentGone: 'comentario eliminado',
        actions: { resolve: 'Resolver', hideComment: 'Ocultar el comentario', deactivateUser: 'Desactivar a %{name}' },
        fields: { createdAt: 'Denunciado el', what: 'Denunciado', reason: 'Motivo', details: 'Detalles', reporter: 'Denunciado por', status: 'Estado', target: 'Tipo', resolution: 'Decisión' },
        status: { OPEN: 'Abierta', RESOLVED: 'Resuelta' },
        target: { USER: 'Usuario', SPEACH: 'Speach', COMMENT: 'Comentario' },
        reason: reasons.es,
      },
      dashboard: { badges: { title: 'Insignias obtenidas', AVANCEMENT: 'Progreso', RESULTAT: 'Resultado', FORMATEUR: 'Formador', MIX: 'Progreso y resultado' } },
    },
  },
  de: {
    admin: {
      menu: { abuseReports: 'Meldungen' },
      abuse: {
        title: 'Missbrauchsmeldungen',
        resolved: 'Meldung erledigt',
        commentGone: 'Kommentar entfernt',
        actions: { resolve: 'Erledigen', hideComment: 'Kommentar ausblenden', deactivateUser: '%{name} deaktivieren' },
        fields: { createdAt: 'Gemeldet am', what: 'Gemeldet', reason: 'Grund', details: 'Einzelheiten', reporter: 'Gemeldet von', status: 'Status', target: 'Art', resolution: 'Entscheidung' },
        status: { OPEN: 'Offen', RESOLVED: 'Erledigt' },
        target: { USER: 'Benutzer', SPEACH: 'Speach', COMMENT: 'Kommentar' },
        reason: reasons.de,
      },
      dashboard: { badges: { title: 'Verliehene Abzeichen', AVANCEMENT: 'Fortschritt', RESULTAT: 'Ergebnis', FORMATEUR: 'Trainer', MIX: 'Fortschritt und Ergebnis' } },
    },
  },
};
