import { defineMessages } from './define';

/**
 * Issue 17 (learner and author experience): labels that were missing, plural variants (`<key>_one`, chosen by
 * Intl.PluralRules in translate), the completion tile and the step-validation confirmation.
 */
export const learnerMessages = defineMessages({
  en: {
    'role.AUDITOR': 'Auditor',
    'site.footer.code.ACCESSIBILITY': 'Accessibility',
    'site.footer.code.GCU': 'Terms of use',
    'site.footer.code.PDP': 'Personal data',
    'speach.read.progress_one': '{read} of {total} chapters read',
    'engagement.rating.star_one': '{value} out of 5 stars',
    'card.more_one': '{count} more co-editor',
    'analytics.readsSummary_one': '{count} read from {from} to {to}',
    'analytics.stat.completion': 'Completed',
    'analytics.completionValue': '{finished} ({percent})',
    'workflow.step.confirmTitle': 'Validate step {step} of {total}?',
    'workflow.step.confirmText': 'The speach then goes to the approvers of the next step. This cannot be undone.',
  },
  fr: {
    'role.AUDITOR': 'Auditeur',
    'site.footer.code.ACCESSIBILITY': 'Accessibilité',
    'site.footer.code.GCU': "Conditions générales d'utilisation",
    'site.footer.code.PDP': 'Données personnelles',
    'speach.read.progress_one': '{read} chapitre lu sur {total}',
    'engagement.rating.star_one': '{value} étoile sur 5',
    'card.more_one': '{count} coéditeur de plus',
    'analytics.readsSummary_one': '{count} lecture du {from} au {to}',
    'analytics.stat.completion': 'Terminé',
    'analytics.completionValue': '{finished} ({percent})',
    'workflow.step.confirmTitle': 'Valider l’étape {step} sur {total}\u00a0?',
    'workflow.step.confirmText': 'Le speach passe alors aux valideurs de l’étape suivante. Cette action est définitive.',
  },
  es: {
    'role.AUDITOR': 'Auditor',
    'site.footer.code.ACCESSIBILITY': 'Accesibilidad',
    'site.footer.code.GCU': 'Condiciones de uso',
    'site.footer.code.PDP': 'Datos personales',
    'speach.read.progress_one': '{read} de {total} capítulos leídos',
    'engagement.rating.star_one': '{value} de 5 estrellas',
    'card.more_one': '{count} coeditor más',
    'analytics.readsSummary_one': '{count} lectura del {from} al {to}',
    'analytics.stat.completion': 'Terminado',
    'analytics.completionValue': '{finished} ({percent})',
    'workflow.step.confirmTitle': '¿Validar el paso {step} de {total}?',
    'workflow.step.confirmText': 'El speach pasa entonces a los validadores del paso siguiente. No se puede deshacer.',
  },
  de: {
    'role.AUDITOR': 'Prüfer',
    'site.footer.code.ACCESSIBILITY': 'Barrierefreiheit',
    'site.footer.code.GCU': 'Nutzungsbedingungen',
    'site.footer.code.PDP': 'Personenbezogene Daten',
    'speach.read.progress_one': '{read} von {total} Kapiteln gelesen',
    'engagement.rating.star_one': '{value} von 5 Sternen',
    'card.more_one': '{count} weiterer Mitautor',
    'analytics.readsSummary_one': '{count} Lesevorgang vom {from} bis {to}',
    'analytics.stat.completion': 'Abgeschlossen',
    'analytics.completionValue': '{finished} ({percent})',
    'workflow.step.confirmTitle': 'Schritt {step} von {total} freigeben?',
    'workflow.step.confirmText': 'Der Speach geht dann an die Freigebenden des nächsten Schritts. Dies lässt sich nicht rückgängig machen.',
  },
});
