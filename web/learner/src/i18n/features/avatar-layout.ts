import { defineMessages } from './define';

/** Messages of the learner's AI avatar layout picker beside the player (issue 22). */
export const avatarLayoutMessages = defineMessages({
  en: {
    'avatarLayout.title': 'Avatar layout',
    'avatarLayout.VOICE_ONLY': 'Voice only',
    'avatarLayout.CAMERA_LEFT': 'Avatar on the left',
    'avatarLayout.CAMERA_RIGHT': 'Avatar on the right',
    'avatarLayout.SMALL_CAMERA_LEFT': 'Small avatar on the left',
    'avatarLayout.SMALL_CAMERA_RIGHT': 'Small avatar on the right',
    'avatarLayout.unavailable': 'Avatar layouts need an avatar rendering service, which this platform does not have: only the voice is available.',
    'avatarLayout.saved': 'Your layout is saved.',
    'avatarLayout.error': 'Your layout could not be saved: {reason}',
  },
  fr: {
    'avatarLayout.title': 'Disposition de l’avatar',
    'avatarLayout.VOICE_ONLY': 'Voix seule',
    'avatarLayout.CAMERA_LEFT': 'Avatar à gauche',
    'avatarLayout.CAMERA_RIGHT': 'Avatar à droite',
    'avatarLayout.SMALL_CAMERA_LEFT': 'Petit avatar à gauche',
    'avatarLayout.SMALL_CAMERA_RIGHT': 'Petit avatar à droite',
    'avatarLayout.unavailable':
      'Les dispositions d’avatar demandent un service de rendu d’avatars, dont cette plateforme ne dispose pas : seule la voix est disponible.',
    'avatarLayout.saved': 'Votre disposition est enregistrée.',
    'avatarLayout.error': 'Votre disposition n’a pas pu être enregistrée : {reason}',
  },
  es: {
    'avatarLayout.title': 'Disposición del avatar',
    'avatarLayout.VOICE_ONLY': 'Solo voz',
    'avatarLayout.CAMERA_LEFT': 'Avatar a la izquierda',
    'avatarLayout.CAMERA_RIGHT': 'Avatar a la derecha',
    'avatarLayout.SMALL_CAMERA_LEFT': 'Avatar pequeño a la izquierda',
    'avatarLayout.SMALL_CAMERA_RIGHT': 'Avatar pequeño a la derecha',
    'avatarLayout.unavailable':
      'Las disposiciones de avatar necesitan un servicio de renderizado de avatares, que esta plataforma no tiene: solo está disponible la voz.',
    'avatarLayout.saved': 'Su disposición se ha guardado.',
    'avatarLayout.error': 'No se ha podido guardar su disposición: {reason}',
  },
  de: {
    'avatarLayout.title': 'Avatar-Anordnung',
    'avatarLayout.VOICE_ONLY': 'Nur Stimme',
    'avatarLayout.CAMERA_LEFT': 'Avatar links',
    'avatarLayout.CAMERA_RIGHT': 'Avatar rechts',
    'avatarLayout.SMALL_CAMERA_LEFT': 'Kleiner Avatar links',
    'avatarLayout.SMALL_CAMERA_RIGHT': 'Kleiner Avatar rechts',
    'avatarLayout.unavailable': 'Avatar-Anordnungen benötigen einen Avatar-Renderdienst, über den diese Plattform nicht verfügt: Nur die Stimme ist verfügbar.',
    'avatarLayout.saved': 'Ihre Anordnung ist gespeichert.',
    'avatarLayout.error': 'Ihre Anordnung konnte nicht gespeichert werden: {reason}',
  },
});
