import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Spec §3 AI enumerations: the avatars, backgrounds and layouts the avatar editor offers. */
export const AI_AVATARS = ['MEG-FORMAL', 'LORI-GRACEFUL', 'MAX-CASUAL', 'NO_AVATAR'] as const;
export const AI_AVATAR_BACKGROUNDS = ['TRANSPARENT', ...Array.from({ length: 12 }, (_, i) => `OFFICE_${i + 1}`)] as const;
export { AI_AVATAR_LAYOUTS } from './avatar-layout-vocabulary.view';
/** Spec §3: about 20 voice codes across fr, en-US, de, es, it, pt-BR, zh, ja. */
export const AI_AVATAR_VOICES = [
  { code: 'fr-FR-DeniseNeural', lang: 'fr' },
  { code: 'fr-FR-HenriNeural', lang: 'fr' },
  { code: 'fr-FR-EloiseNeural', lang: 'fr' },
  { code: 'en-US-JennyNeural', lang: 'en-US' },
  { code: 'en-US-GuyNeural', lang: 'en-US' },
  { code: 'en-US-AriaNeural', lang: 'en-US' },
  { code: 'en-US-DavisNeural', lang: 'en-US' },
  { code: 'de-DE-KatjaNeural', lang: 'de' },
  { code: 'de-DE-ConradNeural', lang: 'de' },
  { code: 'de-DE-AmalaNeural', lang: 'de' },
  { code: 'es-ES-ElviraNeural', lang: 'es' },
  { code: 'es-ES-AlvaroNeural', lang: 'es' },
  { code: 'it-IT-ElsaNeural', lang: 'it' },
  { code: 'it-IT-DiegoNeural', lang: 'it' },
  { code: 'pt-BR-FranciscaNeural', lang: 'pt-BR' },
  { code: 'pt-BR-AntonioNeural', lang: 'pt-BR' },
  { code: 'zh-CN-XiaoxiaoNeural', lang: 'zh' },
  { code: 'zh-CN-YunxiNeural', lang: 'zh' },
  { code: 'ja-JP-NanamiNeural', lang: 'ja' },
  { code: 'ja-JP-KeitaNeural', lang: 'ja' },
] as const;

/** Spec §9: time is added by the hour, billed once on the invoice. */
export const AI_AVATAR_TIME_UNIT_SECONDS = 3600;

/** Stream `ai-avatar-time`: the organisation's AI avatar seconds, used and bought (one stream: the limit is one rule). */
export type AiAvatarTimeUsed = DomainEvent<'AiAvatarTimeUsed', { weetId: string; chapterId: string; speachId: string; seconds: number }>;
export type AiAvatarTimeAdded = DomainEvent<'AiAvatarTimeAdded', { seconds: number }>;
export type AiAvatarEvent = AiAvatarTimeUsed | AiAvatarTimeAdded;

export const AI_AVATAR_TIME_STREAM = 'ai-avatar-time';

registerEventType('AiAvatarTimeUsed', 1);
registerEventType('AiAvatarTimeAdded', 1);
