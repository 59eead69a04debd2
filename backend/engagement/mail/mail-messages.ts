import type { MailLanguage, NotificationType } from '../../../events';
import type { DigestFrequency } from './digest-period';

/** The words of the mails, in the learner app's four languages. Counts go through Intl.PluralRules, dates through Intl.DateTimeFormat. */
export interface MailMessages {
  locale: string;
  /** What joins a label to what follows it: French typography puts a non-breaking space before the colon. */
  colon: string;
  digestSubject: Record<DigestFrequency, string>;
  /** `{count}` notifications, by plural category. */
  notifications: { one: string; other: string };
  greeting: string;
  intro: Record<DigestFrequency, string>;
  viewMore: { one: string; other: string };
  openAll: string;
  footer: string;
  frequencyName: Record<DigestFrequency, string>;
  unsubscribe: string;
  sections: Record<NotificationType, string>;
  assignmentSubject: string;
  assignmentBody: string;
  /** The same for a learning path. */
  pathAssignmentBody: string;
  open: string;
}

export const MAIL_MESSAGES: Record<MailLanguage, MailMessages> = {
  en: {
    locale: 'en-GB',
    colon: ': ',
    digestSubject: { JOURNALIER: 'Your daily summary', HEBDOMADAIRE: 'Your weekly summary', MENSUEL: 'Your monthly summary' },
    notifications: { one: '{count} new notification', other: '{count} new notifications' },
    greeting: 'Hello {name},',
    intro: {
      JOURNALIER: 'Here is what happened on {period}.',
      HEBDOMADAIRE: 'Here is what happened in the week of {period}.',
      MENSUEL: 'Here is what happened in {period}.',
    },
    viewMore: { one: 'View {count} more', other: 'View {count} more' },
    openAll: 'Open my notifications',
    footer: 'You receive this summary because your e-mail frequency is "{frequency}". You can change it in your notification settings.',
    frequencyName: { JOURNALIER: 'daily', HEBDOMADAIRE: 'weekly', MENSUEL: 'monthly' },
    unsubscribe: 'Unsubscribe from these e-mails',
    sections: {
      NEW_LEARNER: 'New learners',
      NEW_COMMENT: 'New comments',
      FAVORITE_ADDED: 'Added to favourites',
      SPEACH_SHARED: 'Speaches shared',
      EXAM_ANSWER: 'Exam answers',
      SURVEY_ANSWER: 'Survey answers',
      NEW_COEDITING: 'New co-editing',
      WORKFLOW_VALIDATED: 'Validation completed',
      VALIDATED_BY_USER: 'Validated by an approver',
      REFUSED: 'Refused',
      REFUSED_BY_USER: 'Refused by an approver',
      PUBLISHED: 'Published',
      UNPUBLISHED: 'Unpublished',
      DUE_DATE_EXPIRED: 'Due dates passed',
      NEW_SPEACH_PUBLISHED: 'New speaches published',
      NEW_PATH_PUBLISHED: 'New learning paths published',
      NEW_USER: 'New users',
      ABUSE_REPORTED_USER: 'Abuse reported on a user',
      ABUSE_REPORTED_SPEACH: 'Abuse reported on a speach',
      PERIODIC_REVIEW_ASSIGNED: 'Periodic reviews assigned',
      NEW_MESSAGE: 'New messages',
      NEW_ASSIGNMENT: 'New assignments',
      NEW_TOPIC_MESSAGE: 'New forum messages',
      BADGE_OBTAINED: 'Badges obtained',
      DUE_DATE_APPROACHING: 'Due dates approaching',
      SPEACH_TO_VALIDATE: 'Speaches to validate',
    },
    assignmentSubject: 'New assignment: "{title}", due {date}',
    assignmentBody: 'You have been assigned the speach "{title}". Please complete it by {date}.',
    pathAssignmentBody: 'You have been assigned the learning path "{title}". Please complete it by {date}.',
    open: 'Open',
  },
  fr: {
    locale: 'fr-FR',
    colon: '\u00a0: ',
    digestSubject: { JOURNALIER: 'Votre résumé du jour', HEBDOMADAIRE: 'Votre résumé de la semaine', MENSUEL: 'Votre résumé du mois' },
    notifications: { one: '{count} nouvelle notification', other: '{count} nouvelles notifications' },
    greeting: 'Bonjour {name},',
    intro: {
      JOURNALIER: 'Voici ce qui s’est passé le {period}.',
      HEBDOMADAIRE: 'Voici ce qui s’est passé la semaine du {period}.',
      MENSUEL: 'Voici ce qui s’est passé en {period}.',
    },
    viewMore: { one: 'Voir {count} de plus', other: 'Voir {count} de plus' },
    openAll: 'Ouvrir mes notifications',
    footer: 'Vous recevez ce résumé car votre fréquence d’e-mails est «\u00a0{frequency}\u00a0». Vous pouvez la changer dans vos paramètres de notification.',
    frequencyName: { JOURNALIER: 'quotidienne', HEBDOMADAIRE: 'hebdomadaire', MENSUEL: 'mensuelle' },
    unsubscribe: 'Se désabonner de ces e-mails',
    sections: {
      NEW_LEARNER: 'Nouveaux apprenants',
      NEW_COMMENT: 'Nouveaux commentaires',
      FAVORITE_ADDED: 'Ajouts aux favoris',
      SPEACH_SHARED: 'Speachs partagés',
      EXAM_ANSWER: 'Réponses aux examens',
      SURVEY_ANSWER: 'Réponses aux sondages',
      NEW_COEDITING: 'Nouvelles co-éditions',
      WORKFLOW_VALIDATED: 'Validation terminée',
      VALIDATED_BY_USER: 'Validés par un approbateur',
      REFUSED: 'Refusés',
      REFUSED_BY_USER: 'Refusés par un approbateur',
      PUBLISHED: 'Publiés',
      UNPUBLISHED: 'Dépubliés',
      DUE_DATE_EXPIRED: 'Échéances dépassées',
      NEW_SPEACH_PUBLISHED: 'Nouveaux speachs publiés',
      NEW_PATH_PUBLISHED: 'Nouveaux parcours publiés',
      NEW_USER: 'Nouveaux utilisateurs',
      ABUSE_REPORTED_USER: 'Signalements d’un utilisateur',
      ABUSE_REPORTED_SPEACH: 'Signalements d’un speach',
      PERIODIC_REVIEW_ASSIGNED: 'Revues périodiques attribuées',
      NEW_MESSAGE: 'Nouveaux messages',
      NEW_ASSIGNMENT: 'Nouvelles affectations',
      NEW_TOPIC_MESSAGE: 'Nouveaux messages du forum',
      BADGE_OBTAINED: 'Badges obtenus',
      DUE_DATE_APPROACHING: 'Échéances proches',
      SPEACH_TO_VALIDATE: 'Speachs à valider',
    },
    assignmentSubject: 'Nouvelle affectation\u00a0: «\u00a0{title}\u00a0», à terminer le {date}',
    assignmentBody: 'Le speach «\u00a0{title}\u00a0» vous a été affecté. Merci de le terminer d’ici le {date}.',
    pathAssignmentBody: 'Le parcours «\u00a0{title}\u00a0» vous a été affecté. Merci de le terminer d’ici le {date}.',
    open: 'Ouvrir',
  },
  es: {
    locale: 'es-ES',
    colon: ': ',
    digestSubject: { JOURNALIER: 'Su resumen diario', HEBDOMADAIRE: 'Su resumen semanal', MENSUEL: 'Su resumen mensual' },
    notifications: { one: '{count} notificación nueva', other: '{count} notificaciones nuevas' },
    greeting: 'Hola, {name}:',
    intro: {
      JOURNALIER: 'Esto es lo que pasó el {period}.',
      HEBDOMADAIRE: 'Esto es lo que pasó la semana del {period}.',
      MENSUEL: 'Esto es lo que pasó en {period}.',
    },
    viewMore: { one: 'Ver {count} más', other: 'Ver {count} más' },
    openAll: 'Abrir mis notificaciones',
    footer: 'Recibe este resumen porque su frecuencia de correo es «{frequency}». Puede cambiarla en sus ajustes de notificaciones.',
    frequencyName: { JOURNALIER: 'diaria', HEBDOMADAIRE: 'semanal', MENSUEL: 'mensual' },
    unsubscribe: 'Darse de baja de estos correos',
    sections: {
      NEW_LEARNER: 'Nuevos alumnos',
      NEW_COMMENT: 'Nuevos comentarios',
      FAVORITE_ADDED: 'Añadidos a favoritos',
      SPEACH_SHARED: 'Speachs compartidos',
      EXAM_ANSWER: 'Respuestas a exámenes',
      SURVEY_ANSWER: 'Respuestas a encuestas',
      NEW_COEDITING: 'Nuevas coediciones',
      WORKFLOW_VALIDATED: 'Validación completada',
      VALIDATED_BY_USER: 'Validados por un aprobador',
      REFUSED: 'Rechazados',
      REFUSED_BY_USER: 'Rechazados por un aprobador',
      PUBLISHED: 'Publicados',
      UNPUBLISHED: 'Despublicados',
      DUE_DATE_EXPIRED: 'Fechas límite vencidas',
      NEW_SPEACH_PUBLISHED: 'Nuevos speachs publicados',
      NEW_PATH_PUBLISHED: 'Nuevos itinerarios publicados',
      NEW_USER: 'Nuevos usuarios',
      ABUSE_REPORTED_USER: 'Abusos denunciados sobre un usuario',
      ABUSE_REPORTED_SPEACH: 'Abusos denunciados sobre un speach',
      PERIODIC_REVIEW_ASSIGNED: 'Revisiones periódicas asignadas',
      NEW_MESSAGE: 'Nuevos mensajes',
      NEW_ASSIGNMENT: 'Nuevas asignaciones',
      NEW_TOPIC_MESSAGE: 'Nuevos mensajes del foro',
      BADGE_OBTAINED: 'Insignias obtenidas',
      DUE_DATE_APPROACHING: 'Fechas límite próximas',
      SPEACH_TO_VALIDATE: 'Speachs por validar',
    },
    assignmentSubject: 'Nueva asignación: «{title}», fecha límite {date}',
    assignmentBody: 'Se le ha asignado el speach «{title}». Complételo antes del {date}.',
    pathAssignmentBody: 'Se le ha asignado el itinerario de aprendizaje «{title}». Complételo antes del {date}.',
    open: 'Abrir',
  },
  de: {
    locale: 'de-DE',
    colon: ': ',
    digestSubject: {
      JOURNALIER: 'Ihre tägliche Zusammenfassung',
      HEBDOMADAIRE: 'Ihre wöchentliche Zusammenfassung',
      MENSUEL: 'Ihre monatliche Zusammenfassung',
    },
    notifications: { one: '{count} neue Benachrichtigung', other: '{count} neue Benachrichtigungen' },
    greeting: 'Hallo {name},',
    intro: {
      JOURNALIER: 'Das ist am {period} passiert.',
      HEBDOMADAIRE: 'Das ist in der Woche vom {period} passiert.',
      MENSUEL: 'Das ist im {period} passiert.',
    },
    viewMore: { one: '{count} weitere anzeigen', other: '{count} weitere anzeigen' },
    openAll: 'Meine Benachrichtigungen öffnen',
    footer: 'Sie erhalten diese Zusammenfassung, weil Ihre E-Mail-Häufigkeit „{frequency}“ ist. Sie können sie in Ihren Benachrichtigungseinstellungen ändern.',
    frequencyName: { JOURNALIER: 'täglich', HEBDOMADAIRE: 'wöchentlich', MENSUEL: 'monatlich' },
    unsubscribe: 'Diese E-Mails abbestellen',
    sections: {
      NEW_LEARNER: 'Neue Lernende',
      NEW_COMMENT: 'Neue Kommentare',
      FAVORITE_ADDED: 'Zu Favoriten hinzugefügt',
      SPEACH_SHARED: 'Geteilte Speachs',
      EXAM_ANSWER: 'Prüfungsantworten',
      SURVEY_ANSWER: 'Umfrageantworten',
      NEW_COEDITING: 'Neue Mitbearbeitungen',
      WORKFLOW_VALIDATED: 'Freigabe abgeschlossen',
      VALIDATED_BY_USER: 'Von einem Prüfer freigegeben',
      REFUSED: 'Abgelehnt',
      REFUSED_BY_USER: 'Von einem Prüfer abgelehnt',
      PUBLISHED: 'Veröffentlicht',
      UNPUBLISHED: 'Nicht mehr veröffentlicht',
      DUE_DATE_EXPIRED: 'Abgelaufene Fristen',
      NEW_SPEACH_PUBLISHED: 'Neu veröffentlichte Speachs',
      NEW_PATH_PUBLISHED: 'Neu veröffentlichte Lernpfade',
      NEW_USER: 'Neue Benutzer',
      ABUSE_REPORTED_USER: 'Gemeldeter Missbrauch: Benutzer',
      ABUSE_REPORTED_SPEACH: 'Gemeldeter Missbrauch: Speach',
      PERIODIC_REVIEW_ASSIGNED: 'Zugewiesene regelmäßige Überprüfungen',
      NEW_MESSAGE: 'Neue Nachrichten',
      NEW_ASSIGNMENT: 'Neue Zuweisungen',
      NEW_TOPIC_MESSAGE: 'Neue Forenbeiträge',
      BADGE_OBTAINED: 'Erhaltene Abzeichen',
      DUE_DATE_APPROACHING: 'Nahende Fristen',
      SPEACH_TO_VALIDATE: 'Freizugebende Speachs',
    },
    assignmentSubject: 'Neue Zuweisung: „{title}“, fällig am {date}',
    assignmentBody: 'Ihnen wurde der Speach „{title}“ zugewiesen. Bitte schließen Sie ihn bis zum {date} ab.',
    pathAssignmentBody: 'Ihnen wurde der Lernpfad „{title}“ zugewiesen. Bitte schließen Sie ihn bis zum {date} ab.',
    open: 'Öffnen',
  },
};

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function plural(messages: MailMessages, forms: { one: string; other: string }, count: number): string {
  const category = new Intl.PluralRules(messages.locale).select(count);
  return fill(category === 'one' ? forms.one : forms.other, { count: new Intl.NumberFormat(messages.locale).format(count) });
}
