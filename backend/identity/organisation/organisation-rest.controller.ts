import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../infrastructure/http/auth.decorators';
import { CategoryBody, CustomFieldBody, GroupBody } from './organisation.dto';
import { OrganisationService, categoryRecord, customFieldRecord } from './organisation.service';
import { restList } from './rest-list';

type RestQuery = Record<string, string | undefined>;

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

@Controller('api/rest/categories')
@Roles('ADMIN')
export class CategoriesRestController {
  constructor(private readonly organisation: OrganisationService) {}

  @Get()
  list(@Query() query: RestQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    return restList('categories', this.organisation.categories, query, reply, {
      sortable: ['id', 'name', 'createdAt'],
      defaultSort: 'name',
      searchFields: ['name'],
      toRecord: categoryRecord,
    });
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.organisation.category(id);
  }

  @Post()
  create(@Body() body: CategoryBody) {
    return this.organisation.createCategory(body);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: CategoryBody) {
    return this.organisation.updateCategory(id, body);
  }

  @Delete(':id')
  remove(@Param('id') id: string) {
    return this.organisation.deleteCategory(id);
  }
}

@Controller('api/rest/custom-fields')
@Roles('ADMIN')
export class CustomFieldsRestController {
  constructor(private readonly organisation: OrganisationService) {}

  @Get()
  list(@Query() query: RestQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    return restList('custom-fields', this.organisation.customFields, query, reply, {
      sortable: ['id', 'name'],
      defaultSort: 'name',
      searchFields: ['name', 'labelEn', 'labelFr', 'labelEs', 'labelDe'],
      toRecord: customFieldRecord,
    });
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.organisation.customField(id);
  }

  @Post()
  create(@Body() body: CustomFieldBody) {
    return this.organisation.createCustomField(body);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: CustomFieldBody) {
    return this.organisation.updateCustomField(id, body);
  }

  @Delete(':id')
  remove(@Param('id') id: string) {
    return this.organisation.deleteCustomField(id);
  }
}
