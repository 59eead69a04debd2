import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../infrastructure/http/auth.decorators';
import { CustomFieldBody } from './organisation.dto';
import { OrganisationService, customFieldRecord } from './organisation.service';
import { restList } from './rest-list';
import type { RestQuery } from './organisation.dto';

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
