import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../infrastructure/http/auth.decorators';
import { PathLists } from './path-lists.service';
import { AdminPathListQuery } from './paths.dto';

/** The back-office path list (archive goes through `PUT /api/v2/learningPath/{pathId}/archive`). */
@Controller('api/v2/admin/learningPath')
@Roles('ADMIN')
export class AdminPathsController {
  constructor(private readonly lists: PathLists) {}

  @Get()
  list(@Query() query: AdminPathListQuery) {
    return this.lists.admin(query);
  }
}
