import { defineMessages } from './define';

/** The editor's save indicator and leave warning (issue 17). */
export const editorSaveMessages = defineMessages({
  en: {
    'editorSave.saved': 'All changes saved',
    'editorSave.unsaved': 'Unsaved changes',
    'editorSave.saving': 'Saving…',
    'editorSave.leaveTitle': 'Leave without saving?',
    'editorSave.leaveText': 'Some changes in this editor have not been saved. If you leave now, they will be lost.',
    'editorSave.stay': 'Stay on the page',
    'editorSave.leave': 'Leave and lose changes',
  },
  fr: {
    'editorSave.saved': 'Toutes les modifications sont enregistrées',
    'editorSave.unsaved': 'Modifications non enregistrées',
    'editorSave.saving': 'Enregistrement…',
    'editorSave.leaveTitle': 'Quitter sans enregistrer\u00a0?',
    'editorSave.leaveText': 'Certaines modifications de cet éditeur ne sont pas enregistrées. Si vous quittez maintenant, elles seront perdues.',
    'editorSave.stay': 'Rester sur la page',
    'editorSave.leave': 'Quitter et perdre les modifications',
  },
  es: {
    'editorSave.saved': 'Todos los cambios guardados',
    'editorSave.unsaved': 'Cambios sin guardar',
    'editorSave.saving': 'Guardando…',
    'editorSave.leaveTitle': '¿Salir sin guardar?',
    'editorSave.leaveText': 'Algunos cambios de este editor no se han guardado. Si sale ahora, se perderán.',
    'editorSave.stay': 'Permanecer en la página',
    'editorSave.leave': 'Salir y perder los cambios',
  },
  de: {
    'editorSave.saved': 'Alle Änderungen gespeichert',
    'editorSave.unsaved': 'Ungespeicherte Änderungen',
    'editorSave.saving': 'Wird gespeichert…',
    'editorSave.leaveTitle': 'Ohne Speichern verlassen?',
    'editorSave.leaveText': 'Einige Änderungen in diesem Editor wurden nicht gespeichert. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.',
    'editorSave.stay': 'Auf der Seite bleiben',
    'editorSave.leave': 'Verlassen und Änderungen verwerfen',
  },
});
