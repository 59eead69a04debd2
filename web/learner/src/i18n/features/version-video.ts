import { defineMessages } from './define';

/** Messages of the version video download on the versions page (issue 22). */
export const versionVideoMessages = defineMessages({
  en: {
    'versionVideo.download': 'Download video',
    'versionVideo.preparing': 'Preparing the video…',
    'versionVideo.ready': 'Save the video',
    'versionVideo.error': 'The video could not be prepared.',
  },
  fr: {
    'versionVideo.download': 'Télécharger la vidéo',
    'versionVideo.preparing': 'Préparation de la vidéo…',
    'versionVideo.ready': 'Enregistrer la vidéo',
    'versionVideo.error': "La vidéo n'a pas pu être préparée.",
  },
  es: {
    'versionVideo.download': 'Descargar el vídeo',
    'versionVideo.preparing': 'Preparando el vídeo…',
    'versionVideo.ready': 'Guardar el vídeo',
    'versionVideo.error': 'No se ha podido preparar el vídeo.',
  },
  de: {
    'versionVideo.download': 'Video herunterladen',
    'versionVideo.preparing': 'Video wird vorbereitet…',
    'versionVideo.ready': 'Video speichern',
    'versionVideo.error': 'Das Video konnte nicht vorbereitet werden.',
  },
});
