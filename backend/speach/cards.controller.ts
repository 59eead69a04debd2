import { Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import { learnerDecider } from './learner.decider';
import { learnerStream } from './reading.controller';
import { GridQuery, IdQuery, SearchQuery, SpeachIdQuery, ToggleFavoriQuery } from './speach.dto';
import { SpeachCommands } from './speach-commands.service';
import { GRIDS, type Grid, SpeachLists } from './speach-lists.service';
import { SpeachQueries } from './speach-queries.service';
import { canView } from './speach-views';
import { ChangesState } from '../infrastructure/http/csrf';

/** Spec §7 "Cards, search, grid": search, account grids, bookmark toggle, archive and restore. */
@Controller()
export class CardsController {
  constructor(
    private readonly lists: SpeachLists,
    private readonly queries: SpeachQueries,
    private readonly speachCommands: SpeachCommands,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
  ) {}

  @Get('api/v2/speach/search')
  async search(@CurrentUser() user: Actor, @Query() query: SearchQuery) {
    return this.lists.search(await this.queries.viewer(user), query);
  }

  /** Categories for any signed-in user (the editor's category select). */
  @Get('api/v2/speach/categories')
  categories() {
    return this.queries.categories();
  }

  @Get('api/v2/my/:grid')
  async grid(@CurrentUser() user: Actor, @Param('grid') grid: string, @Query() query: GridQuery) {
    if (!(GRIDS as readonly string[]).includes(grid)) throw new NotFoundError(`Unknown list ${grid}`);
    return this.lists.grid(await this.queries.viewer(user), grid as Grid, query);
  }

  /** The card menu's duplicate (spec §6: an author duplicates what they may edit; admins any speach). */
  @Put('api/v2/speach/duplicate')
  @Roles('ADMIN', 'FORMATEUR')
  async duplicate(@CurrentUser() user: Actor, @Query() query: SpeachIdQuery) {
    const id = await this.speachCommands.copy(user, query.speachId, false);
    return this.queries.card(id, await this.queries.viewer(user));
  }

  @Get('favori.FavoriController/toggleFavori')
  @ChangesState()
  async toggleFavori(@CurrentUser() user: Actor, @Query() query: ToggleFavoriQuery) {
    const viewer = await this.queries.viewer(user);
    const doc = await this.queries.document(query.idCour);
    if (!canView(doc, viewer)) throw new NotFoundError('Unknown speach');
    const { events } = await this.commands.run(learnerDecider, learnerStream(user.id), { type: 'ToggleBookmark', userId: user.id, speachId: query.idCour });
    await this.readModels.settled();
    return { isFavori: events[0]?.type === 'SpeachBookmarked' };
  }

  @Delete('user/speach/delete')
  async archive(@CurrentUser() user: Actor, @Query() query: IdQuery) {
    await this.speachCommands.run(user, query.id, [{ type: 'Archive' }]);
    return this.queries.card(query.id, await this.queries.viewer(user));
  }

  @Put('user/speach/restore')
  async restore(@CurrentUser() user: Actor, @Query() query: IdQuery) {
    await this.speachCommands.run(user, query.id, [{ type: 'Restore' }]);
    return this.queries.card(query.id, await this.queries.viewer(user));
  }
}
