/**
 * Spec §5 subtitles: the languages a track may be in and a track's timed lines, shared by the subtitle events, the
 * subtitle answers and the learner app's language chooser. A view module: it imports nothing
 * (docs/web-shared-and-data-layer.md).
 */

/**
 * Spec §5: subtitle languages outside this list are disabled ("about 38 locales", including en_US,
 * fr_FR, de_DE, es_ES, it_IT, ja_JP, pt_BR). Written as the spec writes them, with an underscore.
 */
export const SUBTITLE_LOCALES = [
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
  'ms_MY',
] as const;
export type SubtitleLocale = (typeof SUBTITLE_LOCALES)[number];

/** A timed line, in milliseconds. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/** Where a track came from: uploaded by an author, or made from the automatic transcript. */
export type SubtitleSource = 'UPLOAD' | 'TRANSCRIPT';
