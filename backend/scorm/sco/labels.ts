/** The few words a SCO shows, in the speach's language (en, fr, es, de; English otherwise). */
export interface ScoLabels {
  previous: string;
  next: string;
  submit: string;
  score: string;
  passed: string;
  failed: string;
  completed: string;
  saved: string;
  finish: string;
  openPdf: string;
  openLink: string;
  playerTitle: string;
}

const LABELS: Record<string, ScoLabels> = {
  en: {
    previous: 'Previous',
    next: 'Next',
    submit: 'Submit my answers',
    score: 'Score: {score} / {max}.',
    passed: 'Passed.',
    failed: 'Not passed.',
    completed: 'Completed.',
    saved: 'Your progress is saved.',
    finish: 'Save and quit',
    openPdf: 'Open the PDF',
    openLink: 'Open the content',
    playerTitle: 'Speach player',
  },
  fr: {
    previous: 'Précédent',
    next: 'Suivant',
    submit: 'Valider mes réponses',
    score: 'Score : {score} / {max}.',
    passed: 'Réussi.',
    failed: 'Non réussi.',
    completed: 'Terminé.',
    saved: 'Votre progression est enregistrée.',
    finish: 'Enregistrer et quitter',
    openPdf: 'Ouvrir le PDF',
    openLink: 'Ouvrir le contenu',
    playerTitle: 'Lecteur Speach',
  },
  es: {
    previous: 'Anterior',
    next: 'Siguiente',
    submit: 'Enviar mis respuestas',
    score: 'Puntuación: {score} / {max}.',
    passed: 'Aprobado.',
    failed: 'No aprobado.',
    completed: 'Completado.',
    saved: 'Tu progreso está guardado.',
    finish: 'Guardar y salir',
    openPdf: 'Abrir el PDF',
    openLink: 'Abrir el contenido',
    playerTitle: 'Reproductor Speach',
  },
  de: {
    previous: 'Zurück',
    next: 'Weiter',
    submit: 'Antworten absenden',
    score: 'Punktzahl: {score} / {max}.',
    passed: 'Bestanden.',
    failed: 'Nicht bestanden.',
    completed: 'Abgeschlossen.',
    saved: 'Ihr Fortschritt ist gespeichert.',
    finish: 'Speichern und beenden',
    openPdf: 'PDF öffnen',
    openLink: 'Inhalt öffnen',
    playerTitle: 'Speach-Player',
  },
};

export function scoLabels(language: string): ScoLabels {
  return LABELS[language.slice(0, 2).toLowerCase()] ?? LABELS.en;
}
