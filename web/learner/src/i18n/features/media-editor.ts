import { defineMessages } from './define';

/** Messages of the video editor's cut outcomes and transcript mode (issue 22 gaps). */
export const mediaEditorMessages = defineMessages({
  en: {
    'mediaEditor.cut.status.PENDING': 'Being applied to the video…',
    'mediaEditor.cut.status.DONE': 'Applied: the chapter now plays the cut video',
    'mediaEditor.cut.status.FAILED': 'Could not be applied: {reason}',
    'mediaEditor.transcript.track': 'Language',
    'mediaEditor.transcript.lines': 'Lines of the transcript',
    'mediaEditor.transcript.seek': 'Play from {time}',
    'mediaEditor.transcript.empty': 'This language has no lines yet.',
    'mediaEditor.transcript.auto': '{label} (automatic transcript)',
  },
  fr: {
    'mediaEditor.cut.status.PENDING': 'En cours d’application à la vidéo…',
    'mediaEditor.cut.status.DONE': 'Appliquée : le chapitre lit désormais la vidéo coupée',
    'mediaEditor.cut.status.FAILED': 'N’a pas pu être appliquée : {reason}',
    'mediaEditor.transcript.track': 'Langue',
    'mediaEditor.transcript.lines': 'Lignes de la transcription',
    'mediaEditor.transcript.seek': 'Lire à partir de {time}',
    'mediaEditor.transcript.empty': 'Cette langue n’a pas encore de lignes.',
    'mediaEditor.transcript.auto': '{label} (transcription automatique)',
  },
  es: {
    'mediaEditor.cut.status.PENDING': 'Aplicándose al vídeo…',
    'mediaEditor.cut.status.DONE': 'Aplicado: el capítulo reproduce ahora el vídeo cortado',
    'mediaEditor.cut.status.FAILED': 'No se ha podido aplicar: {reason}',
    'mediaEditor.transcript.track': 'Idioma',
    'mediaEditor.transcript.lines': 'Líneas de la transcripción',
    'mediaEditor.transcript.seek': 'Reproducir desde {time}',
    'mediaEditor.transcript.empty': 'Este idioma aún no tiene líneas.',
    'mediaEditor.transcript.auto': '{label} (transcripción automática)',
  },
  de: {
    'mediaEditor.cut.status.PENDING': 'Wird auf das Video angewendet…',
    'mediaEditor.cut.status.DONE': 'Angewendet: Das Kapitel spielt jetzt das geschnittene Video',
    'mediaEditor.cut.status.FAILED': 'Konnte nicht angewendet werden: {reason}',
    'mediaEditor.transcript.track': 'Sprache',
    'mediaEditor.transcript.lines': 'Zeilen des Transkripts',
    'mediaEditor.transcript.seek': 'Ab {time} abspielen',
    'mediaEditor.transcript.empty': 'Diese Sprache hat noch keine Zeilen.',
    'mediaEditor.transcript.auto': '{label} (automatisches Transkript)',
  },
});
