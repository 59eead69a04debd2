import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../infrastructure/http/auth.decorators';
import { CategoryBody } from './organisation.dto';
import { OrganisationService, categoryRecord } from './organisation.service';
import { restList } from './rest-list';
import type { RestQuery } from './organisation.dto';

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
