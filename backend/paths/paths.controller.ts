import { Body, Controller, Get, Headers, Param, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { BlobStore } from '../infrastructure/blobs/blob-store';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { PathCommands, dueDateOf } from './path-commands.service';
import { slugOf } from './path-views';
import { PathLists } from './path-lists.service';
import { PathQueries } from './path-queries.service';
import { ChangeGroupQuery, ChangeUserQuery, GetSpeachesQuery, PathSearchQuery, RecordOrderQuery, SavePathBody, VersionQuery } from './paths.dto';

/** `version` in the query, else an `If-Match: <revision>` header (quotes allowed). */
function expected(version: number | undefined, ifMatch: string | undefined): number | undefined {
  if (version !== undefined) return version;
  if (!ifMatch) return undefined;
  const value = Number(ifMatch.replace(/^W\//, '').replace(/"/g, ''));
  if (!Number.isInteger(value)) throw new ValidationError('If-Match', 'If-Match must be the path version');
  return value;
}

/** Spec §7 "Learning paths": the editor's calls (authors and administrators), then the learner's. */
@Controller('api/v2/learningPath')
export class PathsController {
  constructor(
    private readonly commands: PathCommands,
    private readonly queries: PathQueries,
    private readonly lists: PathLists,
    private readonly blobs: BlobStore,
  ) {}

  private async answer(user: Actor, pathId: string) {
    return this.queries.view(pathId, await this.queries.viewer(user));
  }

  @Get('getAllGroups')
  @Roles('FORMATEUR', 'ADMIN')
  allGroups() {
    return this.queries.allGroups();
  }

  @Put()
  @Roles('FORMATEUR', 'ADMIN')
  async save(@CurrentUser() user: Actor, @Body() body: SavePathBody, @Headers('if-match') ifMatch?: string) {
    const pathId = await this.commands.save(user, body.path, expected(undefined, ifMatch));
    return this.answer(user, pathId);
  }

  /** The search overlay's path results: published paths the user may open, matched on title and description. */
  @Get('search')
  async search(@CurrentUser() user: Actor, @Query() query: PathSearchQuery) {
    return this.lists.search(await this.queries.viewer(user), query.term ?? '', query.page ?? 0);
  }

  @Get(':pathId')
  @Roles('FORMATEUR', 'ADMIN')
  get(@CurrentUser() user: Actor, @Param('pathId') pathId: string) {
    return this.answer(user, pathId);
  }

  @Get(':pathId/getAllGroups')
  @Roles('FORMATEUR', 'ADMIN')
  async pathGroups(@CurrentUser() user: Actor, @Param('pathId') pathId: string) {
    await this.queries.editable(pathId, await this.queries.viewer(user));
    return this.queries.allGroups(pathId);
  }

  @Put(':pathId/changeGroup')
  @Roles('FORMATEUR', 'ADMIN')
  async changeGroup(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: ChangeGroupQuery, @Headers('if-match') ifMatch?: string) {
    await this.commands.changeGroup(user, pathId, query.groupId, query.add, dueDateOf(query.dueDate), expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/changeUser')
  @Roles('FORMATEUR', 'ADMIN')
  async changeUser(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: ChangeUserQuery, @Headers('if-match') ifMatch?: string) {
    await this.commands.changeUser(user, pathId, query.userId, query.add, dueDateOf(query.dueDate), expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/addSpeach/:speachId')
  @Roles('FORMATEUR', 'ADMIN')
  async addSpeach(
    @CurrentUser() user: Actor,
    @Param('pathId') pathId: string,
    @Param('speachId') speachId: string,
    @Query() query: VersionQuery,
    @Headers('if-match') ifMatch?: string,
  ) {
    await this.commands.addSpeach(user, pathId, speachId, expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/removeSpeach/:speachId')
  @Roles('FORMATEUR', 'ADMIN')
  async removeSpeach(
    @CurrentUser() user: Actor,
    @Param('pathId') pathId: string,
    @Param('speachId') speachId: string,
    @Query() query: VersionQuery,
    @Headers('if-match') ifMatch?: string,
  ) {
    await this.commands.removeSpeach(user, pathId, speachId, expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/recordOrder')
  @Roles('FORMATEUR', 'ADMIN')
  async recordOrder(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: RecordOrderQuery, @Headers('if-match') ifMatch?: string) {
    await this.commands.recordOrder(user, pathId, query.order, expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/publish')
  @Roles('FORMATEUR', 'ADMIN')
  async publish(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: VersionQuery, @Headers('if-match') ifMatch?: string) {
    await this.commands.lifecycle(user, pathId, 'Publish', expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/unpublish')
  @Roles('FORMATEUR', 'ADMIN')
  async unpublish(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: VersionQuery, @Headers('if-match') ifMatch?: string) {
    await this.commands.lifecycle(user, pathId, 'Unpublish', expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Put(':pathId/archive')
  @Roles('FORMATEUR', 'ADMIN')
  async archive(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: VersionQuery, @Headers('if-match') ifMatch?: string) {
    await this.commands.lifecycle(user, pathId, 'Archive', expected(query.version, ifMatch));
    return this.answer(user, pathId);
  }

  @Get(':pathId/getSpeaches')
  @Roles('FORMATEUR', 'ADMIN')
  async getSpeaches(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Query() query: GetSpeachesQuery) {
    return this.queries.speachList(pathId, await this.queries.viewer(user), query);
  }

  /** Self-enrolment in a published path marked open. */
  @Put(':pathId/enrol')
  async enrol(@CurrentUser() user: Actor, @Param('pathId') pathId: string) {
    await this.commands.enrol(user, pathId);
    return this.queries.progress(pathId, await this.queries.viewer(user));
  }

  /** The learner's own certificate of completion (PDF). */
  @Get(':pathId/certificate')
  async certificate(@CurrentUser() user: Actor, @Param('pathId') pathId: string, @Res() reply: FastifyReply) {
    const { blobId, title } = await this.queries.certificateBlob(pathId, await this.queries.viewer(user));
    const blob = await this.blobs.get(blobId);
    if (!blob) throw new NotFoundError('No certificate: this path is not completed yet');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="certificate-${slugOf(title)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('content-length', blob.size)
      .send(blob.open());
  }

  /** The learner's page `/p/{pathId}/{slug}`. */
  @Get(':pathId/progress')
  async progress(@CurrentUser() user: Actor, @Param('pathId') pathId: string) {
    return this.queries.progress(pathId, await this.queries.viewer(user));
  }
}
