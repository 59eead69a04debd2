import { Body, Controller, Put } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { DueDateBody, LockedSubchaptersBody, UnpublishAfterDueDateBody } from './speach.dto';
import { SpeachCommands } from './speach-commands.service';
import { SpeachQueries } from './speach-queries.service';

/** Spec §7 speach settings an editor changes from the side panel or the editor. */
@Controller('api/v2/speach')
export class SpeachSettingsController {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly commands: SpeachCommands,
  ) {}

  @Put('setDueDate')
  async setDueDate(@CurrentUser() user: Actor, @Body() body: DueDateBody) {
    await this.commands.run(user, body.speachID, [{ type: 'SetDueDate', dueDate: body.dueDate, now: this.commands.now() }]);
    const card = await this.queries.card(body.speachID, await this.queries.viewer(user));
    return { dueDateTimestamp: card.metadata.dueDateTimestamp, unpublishAfterDueDate: card.metadata.unpublishAfterDueDate };
  }

  @Put('setUnpublishedAfterDueDate')
  async setUnpublishedAfterDueDate(@CurrentUser() user: Actor, @Body() body: UnpublishAfterDueDateBody) {
    await this.commands.run(user, body.speachID, [{ type: 'SetUnpublishAfterDueDate', unpublish: body.unpublish }]);
    return this.queries.card(body.speachID, await this.queries.viewer(user));
  }

  @Put('setLockedSubchapters')
  async setLockedSubchapters(@CurrentUser() user: Actor, @Body() body: LockedSubchaptersBody) {
    await this.commands.run(user, body.speachID, [{ type: 'LockSubchapters', locked: body.lockedSubchapters }]);
    return this.queries.card(body.speachID, await this.queries.viewer(user));
  }
}
