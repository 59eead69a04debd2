/** Which engine speaks: the configured OpenAI-compatible provider, or Debian's espeak-ng. */
export type SpeechEngine = 'provider' | 'espeak-ng';

export interface SpeechRequest {
  text: string;
  /** One of SPEECH_LANGUAGES (spec §3 languages). */
  lang: string;
}

export interface SynthesizedSpeech {
  /** The file written (the extension matches the format). */
  file: string;
  format: 'mp3' | 'wav';
}

/** What the API tells the UI about the voice it will hear. */
export interface SpeechEngineInfo {
  engine: SpeechEngine;
  /** A plain warning for the UI when the voice is the local robotic one; null otherwise. */
  note: string | null;
}

/**
 * Text to speech (issue 22). Writes to disk (`outputWithoutExtension` + `.mp3` or `.wav`) so the caller stores the
 * file as a blob without holding it in memory.
 */
export interface SpeechSynthesizer {
  readonly info: SpeechEngineInfo;
  synthesize(request: SpeechRequest, outputWithoutExtension: string, signal?: AbortSignal): Promise<SynthesizedSpeech>;
}

/** Injection token of the SpeechSynthesizer port. */
export const SPEECH_SYNTHESIZER = Symbol('SpeechSynthesizer');

/** The spec's languages (§9: en-US, en-GB, fr-FR, es-ES, de-DE, pt-PT, it-IT, zh-CN, plus the short UI codes) and their espeak-ng voice. */
const ESPEAK_VOICES: Record<string, string> = {
  'en-us': 'en-us',
  'en-gb': 'en-gb',
  'fr-fr': 'fr-fr',
  'es-es': 'es',
  'de-de': 'de',
  'pt-pt': 'pt',
  'pt-br': 'pt-br',
  'it-it': 'it',
  'zh-cn': 'cmn',
  'ja-jp': 'ja',
  en: 'en-us',
  fr: 'fr-fr',
  es: 'es',
  de: 'de',
  pt: 'pt',
  it: 'it',
  zh: 'cmn',
  ja: 'ja',
};

/** The espeak-ng voice of a spec language (`fr-FR`, `fr_FR` and `fr` alike), or null when it is not one we speak. */
export function espeakVoice(lang: string): string | null {
  return ESPEAK_VOICES[lang.trim().replace('_', '-').toLowerCase()] ?? null;
}
