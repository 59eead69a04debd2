import { Inject, Injectable } from '@nestjs/common';
import { AI_AVATARS, AI_AVATAR_BACKGROUNDS, AI_AVATAR_LAYOUTS, AI_AVATAR_TIME_STREAM, AI_AVATAR_VOICES } from '../../events';
import { AI_AVATAR_TOTALS_ID, AI_AVATAR_USAGE, type AiAvatarUsageDocument } from '../../projections/ai-avatar.projection';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { aiAvatarTimeDecider } from './ai-avatar-time.decider';
import { ChapterLocator } from './chapter-locator';
import type { AvatarUsageView } from './ai-avatar-time.view';

export const AVATAR_RENDERING_OFF =
  'AI avatars need an external rendering service (AVATAR_RENDER_URL), which is not configured: only the voice-only layout is available.';

/** AI avatar accounting (spec §2 usage panel, §7 updateTimeAIAvatar and addTime, §9 one-hour unit). */
@Injectable()
export class AiAvatarTime {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly chapters: ChapterLocator,
  ) {}

  /** The organisation's usage, limit and percentage (the limit is the plan's included seconds plus the hours added). */
  async usage(): Promise<AvatarUsageView> {
    const doc = await this.store.collection<AiAvatarUsageDocument>(AI_AVATAR_USAGE).findById(AI_AVATAR_TOTALS_ID);
    const usedSeconds = doc?.usedSeconds ?? 0;
    const limitSeconds = this.config.mediaText.avatarIncludedSeconds + (doc?.addedSeconds ?? 0);
    return {
      usedSeconds,
      limitSeconds,
      remainingSeconds: Math.max(0, limitSeconds - usedSeconds),
      percentage: limitSeconds === 0 ? (usedSeconds > 0 ? 100 : 0) : Math.round((usedSeconds / limitSeconds) * 1000) / 10,
      byMonth: doc?.byMonth ?? {},
    };
  }

  /** Spec §7 updateTimeAIAvatar: seconds of avatar video rendered for a chapter, by one of its editors. */
  async record(user: Actor, body: { weetID: string; chapitreId: string; seconds: number }) {
    const { doc } = await this.chapters.editable(user, body.chapitreId);
    await this.commands.run(aiAvatarTimeDecider, AI_AVATAR_TIME_STREAM, {
      type: 'RecordAvatarTime',
      weetId: body.weetID,
      chapterId: body.chapitreId,
      speachId: doc._id,
      seconds: body.seconds,
    });
    await this.readModels.settled();
    return this.usage();
  }

  /** Spec §7 addTime: one hour more; answers the new limit in seconds. */
  async add(seconds: number): Promise<number> {
    await this.commands.run(aiAvatarTimeDecider, AI_AVATAR_TIME_STREAM, { type: 'AddAvatarTime', seconds });
    await this.readModels.settled();
    return (await this.usage()).limitSeconds;
  }

  /** Spec §3 enumerations; without a rendering service only what needs no avatar stays enabled, with the reason. */
  options() {
    const rendering = this.config.mediaText.avatarRenderUrl !== null;
    const reason = rendering ? null : AVATAR_RENDERING_OFF;
    return {
      renderingAvailable: rendering,
      reason,
      avatars: AI_AVATARS.map((code) => ({ code, enabled: rendering || code === 'NO_AVATAR' })),
      backgrounds: AI_AVATAR_BACKGROUNDS.map((code) => ({ code, enabled: rendering })),
      layouts: AI_AVATAR_LAYOUTS.map((code) => ({ code, enabled: rendering || code === 'VOICE_ONLY' })),
      voices: AI_AVATAR_VOICES,
    };
  }
}
