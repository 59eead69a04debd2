type Env = Record<string, string | undefined>;

/** Settings of subtitles, transcripts and AI avatars (README "Media text" rows; docs/subtitles-and-transcripts.md). */
export interface MediaTextConfig {
  /** The provider's speech-to-text model (only with AI_BASE_URL). */
  transcriptionModel: string;
  /** The external service that renders AI avatars; null: avatar layouts are disabled and say why. */
  avatarRenderUrl: string | null;
  /** AI avatar seconds the organisation's plan includes before any hour is added. */
  avatarIncludedSeconds: number;
}

export function loadMediaTextConfig(env: Env): MediaTextConfig {
  const avatarRenderUrl = env.AVATAR_RENDER_URL?.trim() || null;
  if (avatarRenderUrl && !/^https?:\/\//.test(avatarRenderUrl)) throw new Error(`AVATAR_RENDER_URL must be an http(s) URL, got "${avatarRenderUrl}"`);
  const included = env.AI_AVATAR_INCLUDED_SECONDS;
  if (included !== undefined && included !== '' && !/^\d{1,9}$/.test(included))
    throw new Error(`AI_AVATAR_INCLUDED_SECONDS must be a non-negative integer, got "${included}"`);
  return {
    transcriptionModel: env.AI_MODEL_TRANSCRIPTION || 'whisper-1',
    avatarRenderUrl,
    avatarIncludedSeconds: included ? Number(included) : 0,
  };
}
