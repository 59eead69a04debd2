import { Body, Controller, Inject, Param, Post } from '@nestjs/common';
import { speachShareStream, uuidv7 } from '../../events';
import { SPEACH_VERSIONS, type SpeachVersionDocument, readingOrder } from '../../projections/speaches.projection';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { shareDecider } from './share.decider';
import { SpeachAccess } from './speach-access';
import { SpeachQueries } from './speach-queries.service';
import { liveVersion, mayShare } from './speach-views';
import { ShareBody } from './speach.dto';

/** Spec §2 share component: copying the reading link records the share, which its author is told of ("speach shared"). */
@Controller('api/v2/speach')
export class ShareController {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly commands: CommandRunner,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Post(':id/share')
  async share(@CurrentUser() user: Actor, @Param('id') speachId: string, @Body() body: ShareBody) {
    const viewer = await this.queries.viewer(user);
    const doc = await this.access.readable(speachId, viewer, body.accessCode);
    const chapterId = body.chapterId?.trim() || null;
    if (chapterId) {
      const live = liveVersion(doc, viewer.now);
      const version = live ? await this.store.collection<SpeachVersionDocument>(SPEACH_VERSIONS).findById(`${speachId}:${live.version}`) : null;
      const chapters = version?.chapters ?? readingOrder(doc.draft);
      if (!chapters.some((c) => c.chapterId === chapterId)) throw new ValidationError('chapterId', 'chapterId must be a chapter of this speach');
    }
    const shareId = uuidv7();
    await this.commands.run(
      shareDecider,
      speachShareStream(shareId),
      { type: 'Share', shareId, speachId, userId: viewer.id, chapterId, mayShare: mayShare(doc, viewer) },
      { userId: viewer.id },
    );
    return { shareId, speachId, chapterId };
  }
}
