import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { restList } from '../identity';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { WorkflowDefinitions } from './workflow-definitions.service';
import { DefinitionBody } from './workflow.dto';

/** react-admin resource `workflow-definitions` (ra-data-simple-rest protocol). */
@Controller('api/rest/workflow-definitions')
@Roles('ADMIN')
export class WorkflowDefinitionsRestController {
  constructor(private readonly definitions: WorkflowDefinitions) {}

  @Get()
  async list(@Query() query: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    const docs = await restList('workflow-definitions', this.definitions.definitions, query, reply, {
      sortable: ['id', 'name', 'createdAt', 'updatedAt', 'version'],
      defaultSort: 'name',
      searchFields: ['name'],
      toRecord: (doc) => doc,
    });
    return this.definitions.records(docs);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.definitions.record(id);
  }

  @Post()
  async create(@CurrentUser() actor: Actor, @Body() body: DefinitionBody) {
    return this.definitions.record(await this.definitions.save(actor, null, body));
  }

  @Put(':id')
  async update(@CurrentUser() actor: Actor, @Param('id') id: string, @Body() body: DefinitionBody) {
    return this.definitions.record(await this.definitions.save(actor, id, body));
  }

  @Delete(':id')
  async remove(@CurrentUser() actor: Actor, @Param('id') id: string) {
    const record = await this.definitions.record(id);
    await this.definitions.delete(actor, id);
    return record;
  }
}
