/**
 * The video editor's, the video player's and the subtitle calls' answers, as the server declares them
 * (backend/video-editor/video-editor.view.ts, backend/media-text/subtitles.view.ts): types only, nothing of the
 * server is bundled.
 */
import type { AvatarLayout } from '../../../../backend/media-text/avatar-layout.view';
import type { SubtitleLocale } from '../../../../backend/media-text/subtitles.view';
import { listOf } from './vocabulary';

export type {
  VideoAnnotationView,
  VideoAnswerRecord,
  VideoAnswerResult,
  VideoCutStatus,
  VideoCutView,
  VideoEditorView,
  VideoInteraction,
  VideoOverlaysView,
  VideoQuestionView,
  VideoRange,
  VideoSyncTarget,
} from '../../../../backend/video-editor/video-editor.view';
export type {
  SubtitleCue,
  SubtitleLanguageView,
  SubtitleDeleted,
  SubtitleLocale,
  SubtitleSaved,
  SubtitleSource,
  SubtitleTrackDetail,
  SubtitleTrackView,
  TranscriptToken,
  TranscriptView,
} from '../../../../backend/media-text/subtitles.view';
export type { AvatarLayout, AvatarLayoutView } from '../../../../backend/media-text/avatar-layout.view';
export type { AvatarUsageView } from '../../../../backend/media-text/ai-avatar-time.view';
export type { VersionVideo } from '../../../../backend/media/media.view';

/** Spec §5: the languages a subtitle track may be in (the server refuses any other); the choosers disable the rest. */
export const SUBTITLE_LOCALES = listOf<SubtitleLocale>()([
  'ar_SA',
  'bg_BG',
  'cs_CZ',
  'da_DK',
  'de_DE',
  'el_GR',
  'en_GB',
  'en_US',
  'es_ES',
  'es_MX',
  'fi_FI',
  'fr_CA',
  'fr_FR',
  'he_IL',
  'hi_IN',
  'hr_HR',
  'hu_HU',
  'id_ID',
  'it_IT',
  'ja_JP',
  'ko_KR',
  'ms_MY',
  'nb_NO',
  'nl_NL',
  'pl_PL',
  'pt_BR',
  'pt_PT',
  'ro_RO',
  'ru_RU',
  'sk_SK',
  'sl_SI',
  'sv_SE',
  'th_TH',
  'tr_TR',
  'uk_UA',
  'vi_VN',
  'zh_CN',
  'zh_TW',
]);

/** Spec §3: the layouts an AI avatar may take beside the content (the player's picker). */
export const AI_AVATAR_LAYOUTS = listOf<AvatarLayout>()(['VOICE_ONLY', 'CAMERA_LEFT', 'CAMERA_RIGHT', 'SMALL_CAMERA_LEFT', 'SMALL_CAMERA_RIGHT']);
