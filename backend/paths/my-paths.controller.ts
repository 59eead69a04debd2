import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { PathLists } from './path-lists.service';
import { PathQueries } from './path-queries.service';
import { PageQuery } from './paths.dto';

/** The learner's own paths: the account's ASSIGNED tab and the home's "assigned to you". */
@Controller('api/v2/my')
export class MyPathsController {
  constructor(
    private readonly queries: PathQueries,
    private readonly lists: PathLists,
  ) {}

  @Get('learningPaths')
  async assigned(@CurrentUser() user: Actor, @Query() query: PageQuery) {
    return this.lists.assigned(await this.queries.viewer(user), query.page ?? 0);
  }

  /** The paths I own (authors and administrators): the home's "My learning paths". */
  @Get('learningPathsEdited')
  @Roles('FORMATEUR', 'ADMIN')
  async edited(@CurrentUser() user: Actor, @Query() query: PageQuery) {
    return this.lists.edited(await this.queries.viewer(user), query.page ?? 0);
  }
}
