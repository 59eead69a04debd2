import { Inject, Injectable } from '@nestjs/common';
import { avatarLayoutStream } from '../../events';
import { AVATAR_LAYOUTS, type AvatarLayoutDocument } from '../../projections/avatar-layout.projection';
import type { Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { AiAvatarTime } from './ai-avatar-time.service';
import { avatarLayoutDecider } from './avatar-layout.decider';
import type { AvatarLayoutView } from './avatar-layout.view';

export type { AvatarLayoutView } from './avatar-layout.view';

/** The learner's avatar layout beside the player, remembered per learner (stream `avatar-layout-{userId}`). */
@Injectable()
export class AvatarLayouts {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly avatars: AiAvatarTime,
  ) {}

  async view(user: Actor): Promise<AvatarLayoutView> {
    const { layouts, reason } = this.avatars.options();
    const enabled = layouts.filter((l) => l.enabled).map((l) => l.code);
    const chosen = (await this.store.collection<AvatarLayoutDocument>(AVATAR_LAYOUTS).findById(user.id))?.layout;
    // A layout chosen while a renderer was configured falls back to voice only when it no longer is.
    return { layout: chosen && enabled.includes(chosen) ? chosen : 'VOICE_ONLY', layouts, reason };
  }

  async choose(user: Actor, layout: string): Promise<AvatarLayoutView> {
    const enabled = this.avatars
      .options()
      .layouts.filter((l) => l.enabled)
      .map((l) => l.code);
    await this.commands.run(avatarLayoutDecider, avatarLayoutStream(user.id), { type: 'ChooseAvatarLayout', userId: user.id, layout, enabled });
    await this.readModels.settled();
    return this.view(user);
  }
}
