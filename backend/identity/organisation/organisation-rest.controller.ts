import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../infrastructure/http/auth.decorators';
import { GroupBody } from './organisation.dto';
import { OrganisationService } from './organisation.service';
import { restList } from './rest-list';
import type { RestQuery } from './organisation.dto';

/** `groups` for react-admin (the /administration/listGroupe screen and the group-to-categories association). */
@Controller('api/rest/groups')
@Roles('ADMIN')
export class GroupsRestController {
  constructor(private readonly organisation: OrganisationService) {}

  @Get()
  async list(@Query() query: RestQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const docs = await restList('groups', this.organisation.groups, query, reply, {
      sortable: ['id', 'name', 'order', 'createdAt'],
      defaultSort: 'order',
      searchFields: ['name', 'description'],
      equalityFilters: { categoryIds: 'strings' },
      toRecord: (doc) => doc,
    });
    return this.organisation.groupRecords(docs);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.organisation.group(id);
  }

  @Post()
  create(@Body() body: GroupBody) {
    return this.organisation.createGroup(body);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: GroupBody) {
    return this.organisation.updateGroup(id, body);
  }

  @Delete(':id')
  remove(@Param('id') id: string) {
    return this.organisation.deleteGroup(id);
  }
}
