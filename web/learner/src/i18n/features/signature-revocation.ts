import { defineMessages } from './define';

/** The mark of a signature whose approval was revoked (issue 23: the content changed after approval). */
export const signatureRevocationMessages = defineMessages({
  en: {
    'signatureRevocation.revoked': 'Revoked',
    'signatureRevocation.revokedOn': 'Approval revoked on {date}: {reason}',
    'signatureRevocation.contentChanged': 'the content changed after approval',
  },
  fr: {
    'signatureRevocation.revoked': 'Révoquée',
    'signatureRevocation.revokedOn': 'Approbation révoquée le {date} : {reason}',
    'signatureRevocation.contentChanged': "le contenu a changé après l'approbation",
  },
  es: {
    'signatureRevocation.revoked': 'Revocada',
    'signatureRevocation.revokedOn': 'Aprobación revocada el {date}: {reason}',
    'signatureRevocation.contentChanged': 'el contenido cambió después de la aprobación',
  },
  de: {
    'signatureRevocation.revoked': 'Widerrufen',
    'signatureRevocation.revokedOn': 'Freigabe widerrufen am {date}: {reason}',
    'signatureRevocation.contentChanged': 'der Inhalt wurde nach der Freigabe geändert',
  },
});
